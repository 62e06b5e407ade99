import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import * as api from '@hearth/contract/accounts';
import { messages } from './texts.ts';
import { limits } from '@hearth/contract/limits';
import { paths } from '../../shared/paths.ts';
import { ApiError, call } from '../../shared/api/client.ts';
import { ErrorBanner, Loading, Notice } from '../../shared/ui/Status.tsx';
import { useTitle } from '../../shared/useTitle.ts';

export function VerifyEmailPage() {
  useTitle('Verify email');
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const [resendNote, setResendNote] = useState(false);
  // A query keyed by the token runs once even when React mounts the page twice; the token is single-use.
  const verify = useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => call(api.verifyEmail, { body: { token: token! } }),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  });

  useEffect(() => {
    if (!verify.isSuccess) return;
    const timer = setTimeout(() => navigate(paths.auth), limits.redirectDelayMs);
    return () => clearTimeout(timer);
  }, [verify.isSuccess, navigate]);

  let body;
  if (!token) body = <ErrorBanner message={messages.verifyNoToken} />;
  else if (verify.isPending) body = <Loading text="Verifying your email..." />;
  else if (verify.isSuccess) body = <Notice kind="success">{verify.data.message} Redirecting to sign in...</Notice>;
  else {
    const error = verify.error;
    const text = error instanceof ApiError ? (error.message || messages.verifyFailed) : messages.verifyFailedShown;
    body = <ErrorBanner message={text} />;
  }

  return (
    <main className="page narrow">
      <div className="card stack">
        <h1>Email verification</h1>
        {body}
        {!verify.isSuccess && (
          <>
            <button type="button" className="secondary" onClick={() => setResendNote(true)}>Resend verification email</button>
            {resendNote && <p className="muted small">Resending verification emails is coming soon. Signing in with your password also sends a fresh link.</p>}
          </>
        )}
        <Link to={paths.auth}>Go to sign in</Link>
      </div>
    </main>
  );
}
