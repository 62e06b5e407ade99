import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as api from '@hearth/contract/accounts';
import { useInvitePreview, usePrefilledEmail } from './invitePreview.ts';
import { messages } from './texts.ts';
import { ApiError, call } from '../../shared/api/client.ts';
import { errorMessage } from '../../shared/api/errors.ts';
import { FieldError, failField, failSubmit, invalidIf, SubmitError } from '../../shared/form.tsx';
import { Notice } from '../../shared/ui/Status.tsx';

const empty = { name: '', email: '', password: '' };
type Fields = typeof empty;

/** The browser checks the fields are filled in (`required`); the server checks the rest and says what failed. */
export function RegisterForm({ inviteToken }: { inviteToken: string | null }) {
  // Whose family the link leads to; the spec's notice shows alone until it is known (or when the link is unusable).
  const invite = useInvitePreview(inviteToken);
  const [success, setSuccess] = useState<string | null>(null);
  const { register, handleSubmit, reset, setValue, getValues, setError, formState: { errors, isSubmitting } } = useForm<Fields>({
    defaultValues: empty,
  });
  usePrefilledEmail(invite.data?.invitedEmail, { getValues, setValue });

  const submit = async (fields: Fields) => {
    try {
      const res = await call(api.register, { body: { ...fields, inviteToken } });
      setSuccess(res?.message || messages.registeredFallback);
      reset(empty);
    } catch (err) {
      if (err instanceof ApiError && err.errors.length > 0 && err.message === messages.passwordPolicy) {
        failField(setError, 'password', err.errors);
      } else {
        failSubmit(setError, errorMessage(err, messages.registerFailed));
      }
    }
  };

  return (
    <form className="card stack" onSubmit={handleSubmit(submit)} aria-label="Register">
      <h2>Create an account</h2>
      {inviteToken && (
        <Notice>
          {messages.inviteNotice}
          {invite.data && <><br />{messages.invitedTo(invite.data.familyName, invite.data.inviterName)}</>}
        </Notice>
      )}
      {success && <Notice kind="success">{success}</Notice>}
      <SubmitError errors={errors} />
      <label>Name<input autoComplete="name" required {...register('name')} /></label>
      <label>Email<input type="email" autoComplete="email" required {...register('email')} /></label>
      <label>
        Password
        <input type="password" autoComplete="new-password" required {...register('password')} aria-invalid={invalidIf(errors.password)} />
        <FieldError error={errors.password} alert />
      </label>
      <button type="submit" disabled={isSubmitting}>{isSubmitting ? 'Registering...' : 'Register'}</button>
    </form>
  );
}
