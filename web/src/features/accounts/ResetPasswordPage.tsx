import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import * as api from '@hearth/contract/accounts';
import { messages } from './texts.ts';
import { limits } from '@hearth/contract/limits';
import { paths } from '../../shared/paths.ts';
import { ApiError, call } from '../../shared/api/client.ts';
import { ErrorBanner, Notice } from '../../shared/ui/Status.tsx';
import { useTitle } from '../../shared/useTitle.ts';

export function ResetPasswordPage() {
  useTitle('Reset password');
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(token ? null : messages.resetNoToken);

  const problems = api.passwordProblems(password);
  const mismatch = confirm !== '' && confirm !== password;

  useEffect(() => {
    if (!done) return;
    // The spec sends people to /login, which leads on to /auth.
    const timer = setTimeout(() => navigate('/login'), limits.redirectDelayMs);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!token) return setError(messages.resetNoToken);
    if (problems.length > 0 || confirm !== password) return setError(messages.resetFixErrors);
    setBusy(true);
    setError(null);
    try {
      setDone((await call(api.confirmPasswordReset, { body: { token, newPassword: password } })).message);
    } catch (err) {
      // The spec's text first; the server's reason (an expired link, say) after it, since it tells what to do.
      setError(err instanceof ApiError
        ? [messages.genericError, err.message].filter((t, i) => t && (i === 0 || t !== messages.genericError)).join('\n')
        : messages.networkError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="page narrow">
      <form className="card stack" onSubmit={submit}>
        <h1>Choose a new password</h1>
        {done && <Notice kind="success">{done} Redirecting to sign in...</Notice>}
        <ErrorBanner message={error} />
        <label>New password
          <input type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        {(touched || password) && problems.length > 0 && (
          <ul className="errors field-error">{problems.map((p) => <li key={p}>{p}</li>)}</ul>
        )}
        <label>Confirm password
          <input type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        </label>
        {(mismatch || (touched && confirm !== password)) && <span className="field-error">{messages.passwordsDiffer}</span>}
        <button type="submit" disabled={busy || !token || Boolean(done)}>{busy ? 'Saving...' : 'Reset Password'}</button>
        <Link to={paths.requestPasswordReset}>Request a new link</Link>
      </form>
    </main>
  );
}
