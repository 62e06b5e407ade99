import { Navigate, Outlet, useLocation } from 'react-router';
import { messages } from '@hearth/contract/accounts';
import { ApiError } from '../shared/api/client.ts';
import { session } from '../shared/session.ts';
import { Loading } from '../shared/ui/Status.tsx';
import { useCurrentUser } from '../shared/useCurrentUser.ts';
import { paths } from '../shared/paths.ts';
import type { AuthState } from '../shared/returnTo.ts';

/** Sends visitors without a stored session, or whose session fails the /api/me check, to /auth. */
export function ProtectedRoute() {
  const hasSession = session.token() !== null && session.user() !== null;
  const me = useCurrentUser();
  const location = useLocation();
  const from = `${location.pathname}${location.search}`;
  if (!hasSession) return <Navigate to={paths.auth} replace state={{ from } satisfies AuthState} />;
  if (me.isPending) return <main className="page"><Loading /></main>;
  if (me.isError) {
    const expired = me.error instanceof ApiError && me.error.status === 401;
    return <Navigate to={paths.auth} replace state={{ from, ...(expired ? { message: messages.authFailed } : {}) } satisfies AuthState} />;
  }
  return <Outlet />;
}
