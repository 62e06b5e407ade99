import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import * as api from '@hearth/contract/accounts';
import { messages } from './texts.ts';
import { paths } from '../../shared/paths.ts';
import { ApiError, call } from '../../shared/api/client.ts';
import { ErrorBanner, Notice } from '../../shared/ui/Status.tsx';
import { useTitle } from '../../shared/useTitle.ts';

export function RequestPasswordResetPage() {
  useTitle('Reset password');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = email.trim();
    if (!trimmed) return;
    setBusy(true);
    setError(null);
    try {
      setDone((await call(api.requestPasswordReset, { body: { email: trimmed } })).message);
    } catch (err) {
      setError(err instanceof ApiError ? messages.genericError : messages.networkError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="page narrow">
      <form className="card stack" onSubmit={submit}>
        <h1>Reset your password</h1>
        <p className="muted">Enter your email and we will send you a link to choose a new password.</p>
        {done && <Notice kind="success">{done}</Notice>}
        <ErrorBanner message={error} />
        <label>Email<input type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} /></label>
        <button type="submit" disabled={busy || !email.trim()}>{busy ? 'Sending...' : 'Send reset link'}</button>
        <Link to={paths.auth}>Back to sign in</Link>
      </form>
    </main>
  );
}
