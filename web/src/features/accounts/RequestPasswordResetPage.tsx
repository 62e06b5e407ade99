import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import * as api from '@hearth/contract/accounts';
import { messages } from './texts.ts';
import { paths } from '../../shared/paths.ts';
import { ApiError, call } from '../../shared/api/client.ts';
import { failSubmit, filled, SubmitError } from '../../shared/form.tsx';
import { Notice } from '../../shared/ui/Status.tsx';
import { useTitle } from '../../shared/useTitle.ts';

export function RequestPasswordResetPage() {
  useTitle('Reset password');
  const [done, setDone] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm({ defaultValues: { email: '' } });
  const blank = useWatch({ control, name: 'email' }).trim() === '';

  const submit = async ({ email }: { email: string }) => {
    try {
      setDone((await call(api.requestPasswordReset, { body: { email } })).message);
    } catch (err) {
      failSubmit(setError, err instanceof ApiError ? messages.genericError : messages.networkError);
    }
  };

  return (
    <main className="page narrow">
      <form className="card stack" onSubmit={handleSubmit(submit)}>
        <h1>Reset your password</h1>
        <p className="muted">Enter your email and we will send you a link to choose a new password.</p>
        {done && <Notice kind="success">{done}</Notice>}
        <SubmitError errors={errors} />
        <label>Email<input type="email" autoComplete="email" required {...register('email', filled)} /></label>
        <button type="submit" disabled={isSubmitting || blank}>{isSubmitting ? 'Sending...' : 'Send reset link'}</button>
        <Link to={paths.auth}>Back to sign in</Link>
      </form>
    </main>
  );
}
