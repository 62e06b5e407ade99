import { useState, type FormEvent } from 'react';
import * as api from '@hearth/contract/accounts';
import { useInvitePreview, usePrefilledEmail } from './invitePreview.ts';
import { messages } from './texts.ts';
import { ApiError, call } from '../../shared/api/client.ts';
import { errorMessage } from '../../shared/api/errors.ts';
import { ErrorBanner, Notice } from '../../shared/ui/Status.tsx';

export function RegisterForm({ inviteToken }: { inviteToken: string | null }) {
  // Whose family the link leads to; the spec's notice shows alone until it is known (or when the link is unusable).
  const invite = useInvitePreview(inviteToken);
  const [form, setForm] = useState({ name: '', email: '', password: '' });
  const [busy, setBusy] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  usePrefilledEmail(invite.data?.invitedEmail, (update) => setForm((f) => ({ ...f, email: update(f.email) })));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setProblems([]);
    try {
      const res = await call(api.register, { body: { ...form, inviteToken } });
      setSuccess(res?.message || messages.registeredFallback);
      setForm({ name: '', email: '', password: '' });
    } catch (err) {
      if (err instanceof ApiError && err.errors.length > 0 && err.message === messages.passwordPolicy) {
        setProblems(err.errors);
      } else {
        setError(errorMessage(err, messages.registerFailed));
      }
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof typeof form) => ({
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
  });

  return (
    <form className="card stack" onSubmit={submit} aria-label="Register">
      <h2>Create an account</h2>
      {inviteToken && (
        <Notice>
          {messages.inviteNotice}
          {invite.data && <><br />{messages.invitedTo(invite.data.familyName, invite.data.inviterName)}</>}
        </Notice>
      )}
      {success && <Notice kind="success">{success}</Notice>}
      <ErrorBanner message={error} />
      <ErrorBanner message={problems.length > 0 && <ul className="errors">{problems.map((p) => <li key={p}>{p}</li>)}</ul>} />
      <label>Name<input name="name" autoComplete="name" required {...field('name')} /></label>
      <label>Email<input name="email" type="email" autoComplete="email" required {...field('email')} /></label>
      <label>Password<input name="password" type="password" autoComplete="new-password" required {...field('password')} /></label>
      <button type="submit" disabled={busy}>{busy ? 'Registering...' : 'Register'}</button>
    </form>
  );
}
