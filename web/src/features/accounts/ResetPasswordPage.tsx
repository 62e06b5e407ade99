import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import * as api from '@hearth/contract/accounts';
import { messages } from './texts.ts';
import { limits } from '@hearth/contract/limits';
import { paths } from '../../shared/paths.ts';
import { ApiError, call } from '../../shared/api/client.ts';
import { FieldError, failSubmit, invalidIf, SubmitError } from '../../shared/form.tsx';
import { ErrorBanner, Notice } from '../../shared/ui/Status.tsx';
import { useTitle } from '../../shared/useTitle.ts';

/** Every password rule broken is listed under the field; the confirmation must match. */
const Fields = z.object({ password: z.string(), confirm: z.string() }).superRefine(({ password, confirm }, ctx) => {
  for (const message of api.passwordProblems(password)) ctx.addIssue({ code: 'custom', path: ['password'], message });
  if (confirm !== password) ctx.addIssue({ code: 'custom', path: ['confirm'], message: messages.passwordsDiffer });
});
type Fields = z.infer<typeof Fields>;

export function ResetPasswordPage() {
  useTitle('Reset password');
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const [done, setDone] = useState<string | null>(null);
  // Checked as typed, every broken rule at once.
  const { register, handleSubmit, getValues, trigger, setError, formState: { errors, isSubmitting } } = useForm<Fields>({
    resolver: zodResolver(Fields), mode: 'onChange', criteriaMode: 'all', defaultValues: { password: '', confirm: '' },
  });

  useEffect(() => {
    if (!done) return;
    // The spec sends people to /login, which leads on to /auth.
    const timer = setTimeout(() => navigate('/login'), limits.redirectDelayMs);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const submit = async ({ password }: Fields) => {
    if (!token) return;
    try {
      setDone((await call(api.confirmPasswordReset, { body: { token, newPassword: password } })).message);
    } catch (err) {
      // The spec's text first; the server's reason (an expired link, say) after it, since it tells what to do.
      failSubmit(setError, err instanceof ApiError
        ? [messages.genericError, err.message].filter((t, i) => t && (i === 0 || t !== messages.genericError)).join('\n')
        : messages.networkError);
    }
  };

  return (
    <main className="page narrow">
      <form className="card stack" onSubmit={handleSubmit(submit, () => failSubmit(setError, messages.resetFixErrors))}>
        <h1>Choose a new password</h1>
        {done && <Notice kind="success">{done} Redirecting to sign in...</Notice>}
        {token ? <SubmitError errors={errors} /> : <ErrorBanner message={messages.resetNoToken} />}
        <label>New password
          {/* A confirmation already typed is checked again against the new password. */}
          <input type="password" autoComplete="new-password" aria-invalid={invalidIf(errors.password)}
            {...register('password', { onChange: () => { if (getValues('confirm')) void trigger('confirm'); } })} />
        </label>
        <FieldError error={errors.password} />
        <label>Confirm password
          <input type="password" autoComplete="new-password" aria-invalid={invalidIf(errors.confirm)} {...register('confirm')} />
        </label>
        <FieldError error={errors.confirm} />
        <button type="submit" disabled={isSubmitting || !token || Boolean(done)}>{isSubmitting ? 'Saving...' : 'Reset Password'}</button>
        <Link to={paths.requestPasswordReset}>Request a new link</Link>
      </form>
    </main>
  );
}
