import { useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { paths } from '../../shared/paths.ts';
import { returnPath } from '../../shared/returnTo.ts';
import { ErrorBanner } from '../../shared/ui/Status.tsx';
import { useCurrentUser } from '../../shared/useCurrentUser.ts';
import { useTitle } from '../../shared/useTitle.ts';
import { AcceptInvite } from './AcceptInvite.tsx';
import { CodeLogin } from './CodeLogin.tsx';
import { useInvitePreview } from './invitePreview.ts';
import { PasswordLogin } from './PasswordLogin.tsx';
import { RegisterForm } from './RegisterForm.tsx';

/** /auth and /register: registration above, the two login tabs below. */
export function AuthPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const [tab, setTab] = useState<'password' | 'code'>('password');
  const [notice, setNotice] = useState<string | null>((location.state as { message?: string } | null)?.message ?? null);
  const invite = params.get('invite');
  const me = useCurrentUser();
  const invitedEmail = useInvitePreview(invite).data?.invitedEmail ?? null;
  useTitle(invite ? 'Join your family' : 'Sign in');
  // Someone already signed in (and confirmed by the server) goes on, not back to registration.
  if (me.data && !invite) return <Navigate to={returnPath(location.state, paths.newsfeed)} replace />;
  // Someone with an account opening an invite link accepts it here, signed in, rather than registering again.
  if (me.data && invite) {
    return (
      <main className="page narrow stack">
        <h1 className="brand-heading">Hearth</h1>
        <AcceptInvite token={invite} />
      </main>
    );
  }

  return (
    <main className="page narrow stack">
      <h1 className="brand-heading">Hearth</h1>
      <ErrorBanner message={notice} onDismiss={() => setNotice(null)} />
      <RegisterForm inviteToken={invite} />
      <section className="card" aria-label="Login">
        <h2>Login</h2>
        <div className="tabs" role="tablist">
          <button type="button" role="tab" aria-selected={tab === 'password'} onClick={() => setTab('password')}>Password Login</button>
          <button type="button" role="tab" aria-selected={tab === 'code'} onClick={() => setTab('code')}>Email Code Login</button>
        </div>
        {tab === 'password' ? <PasswordLogin invitedEmail={invitedEmail} /> : <CodeLogin invitedEmail={invitedEmail} />}
      </section>
    </main>
  );
}
