import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import * as api from '@hearth/contract/accounts';
import { paths } from '../../shared/paths.ts';
import { call } from '../../shared/api/client.ts';
import { ErrorBanner } from '../../shared/ui/Status.tsx';
import { usePrefilledEmail } from './invitePreview.ts';
import { loginErrorText, useCompleteSignIn } from './signIn.ts';

/** `invitedEmail`: the address of the invite the page was opened from, filled in once known. */
export function PasswordLogin({ invitedEmail }: { invitedEmail: string | null }) {
  const [email, setEmail] = useState('');
  usePrefilledEmail(invitedEmail, setEmail);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const complete = useCompleteSignIn();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      complete(await call(api.login, { body: { email, password } }));
    } catch (err) {
      setError(loginErrorText(err));
      setBusy(false);
    }
  };

  return (
    <form className="stack" onSubmit={submit} aria-label="Password Login">
      <ErrorBanner message={error} />
      <label>Email<input type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} /></label>
      <label>Password<input type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} /></label>
      <button type="submit" disabled={busy}>{busy ? 'Signing in...' : 'Login'}</button>
      <Link to={paths.requestPasswordReset}>Forgot Password?</Link>
    </form>
  );
}
