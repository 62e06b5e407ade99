import { Navigate, Outlet, useLocation } from 'react-router';
import { messages } from '@hearth/contract/accounts';
import { ApiError } from '../shared/api/client.ts';
import { session } from '../shared/session.ts';
import { ErrorBanner, Loading } from '../shared/ui/Status.tsx';
import { useCurrentUser } from '../shared/useCurrentUser.ts';
import { paths } from '../shared/paths.ts';
import type { AuthState } from '../shared/returnTo.ts';

/** The spec's texts (part 1 §8, family page) for no session, and for the signed-in user failing to load otherwise. */
const userLoadFailed = 'Failed to load user data';
const userLoadError = 'Error loading user data';
const notAuthenticated = 'Not authenticated';

/**
 * Sends visitors without a stored session, or whose session the server refuses (401, 403), to /auth; when /api/me fails
 * otherwise (the server erred, or was not reached), says so instead of signing the person out.
 */
export function ProtectedRoute() {
  const hasSession = session.token() !== null && session.user() !== null;
  const me = useCurrentUser();
  const location = useLocation();
  const from = `${location.pathname}${location.search}`;
  if (!hasSession) {
    // Home is where everyone starts; a deep link (a shared list, the family page) says why it shows sign-in.
    const message = location.pathname === paths.newsfeed ? undefined : notAuthenticated;
    return <Navigate to={paths.auth} replace state={{ from, message } satisfies AuthState} />;
  }
  if (me.isPending) return <main className="page"><Loading /></main>;
  const refused = me.error instanceof ApiError && (me.error.status === 401 || me.error.status === 403);
  if (me.isError && !refused) {
    const text = me.error instanceof ApiError ? userLoadFailed : userLoadError;
    return <main className="page"><ErrorBanner message={text} /></main>;
  }
  if (me.isError) return <Navigate to={paths.auth} replace state={{ from, message: messages.authFailed } satisfies AuthState} />;
  return <Outlet />;
}
