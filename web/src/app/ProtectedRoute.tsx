import { Navigate, Outlet } from 'react-router';
import { messages } from '@hearth/contract/accounts';
import { ApiError } from '../shared/api/client.ts';
import { session } from '../shared/session.ts';
import { Loading } from '../shared/ui/Status.tsx';
import { useCurrentUser } from '../shared/useCurrentUser.ts';
import { paths } from '../shared/paths.ts';

/** Sends visitors without a stored session, or whose session fails the /api/me check, to /auth. */
export function ProtectedRoute() {
  const hasSession = session.token() !== null && session.user() !== null;
  const me = useCurrentUser();
  if (!hasSession) return <Navigate to={paths.auth} replace />;
  if (me.isPending) return <main className="page"><Loading /></main>;
  if (me.isError) {
    const expired = me.error instanceof ApiError && me.error.status === 401;
    return <Navigate to={paths.auth} replace state={expired ? { message: messages.authFailed } : null} />;
  }
  return <Outlet />;
}
