import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import * as api from '@hearth/contract/accounts';
import { paths } from '../../shared/paths.ts';
import { call } from '../../shared/api/client.ts';
import { failSubmit, SubmitError } from '../../shared/form.tsx';
import { usePrefilledEmail } from './invitePreview.ts';
import { loginErrorText, useCompleteSignIn } from './signIn.ts';

type Fields = { email: string; password: string };

/** `invitedEmail`: the address of the invite the page was opened from, filled in once known. */
export function PasswordLogin({ invitedEmail }: { invitedEmail: string | null }) {
  const { register, handleSubmit, setValue, getValues, setError, formState: { errors, isSubmitting } } = useForm<Fields>({
    defaultValues: { email: '', password: '' },
  });
  usePrefilledEmail(invitedEmail, { getValues, setValue });
  const complete = useCompleteSignIn();

  const submit = async (fields: Fields) => {
    try {
      complete(await call(api.login, { body: fields }));
    } catch (err) {
      failSubmit(setError, loginErrorText(err));
    }
  };

  return (
    <form className="stack" onSubmit={handleSubmit(submit)} aria-label="Password Login">
      <SubmitError errors={errors} />
      <label>Email<input type="email" autoComplete="username" required {...register('email')} /></label>
      <label>Password<input type="password" autoComplete="current-password" required {...register('password')} /></label>
      <button type="submit" disabled={isSubmitting}>{isSubmitting ? 'Signing in...' : 'Login'}</button>
      <Link to={paths.requestPasswordReset}>Forgot Password?</Link>
    </form>
  );
}
