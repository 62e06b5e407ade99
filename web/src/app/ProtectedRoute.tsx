import { useDeferredValue } from 'react';
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
  // When /api/me answers, the frame and the page appear in a deferred render, which React makes in slices between
  // other work: a query's update renders at once, whole, which for a list was one long task on a slow phone. With
  // the answer already here they render at once.
  const answered = useDeferredValue(!me.isPending);
  const location = useLocation();
  const from = `${location.pathname}${location.search}`;
  if (!hasSession) {
    // A session the server refused says so, even when this renders before the refusal's own navigation commits; a
    // sign-out needs no word. Home is where everyone starts; a deep link (a shared list) says why it shows sign-in.
    const ending = session.ending();
    const message = ending === 'refused' ? messages.authFailed
      : ending === 'signed-out' || location.pathname === paths.newsfeed ? undefined : notAuthenticated;
    return <Navigate to={paths.auth} replace state={{ from, message } satisfies AuthState} />;
  }
  if (me.isPending || !answered) return <main className="page"><Loading /></main>;
  const refused = me.error instanceof ApiError && (me.error.status === 401 || me.error.status === 403);
  if (me.isError && !refused) {
    const text = me.error instanceof ApiError ? userLoadFailed : userLoadError;
    return <main className="page"><ErrorBanner message={text} /></main>;
  }
  if (me.isError) return <Navigate to={paths.auth} replace state={{ from, message: messages.authFailed } satisfies AuthState} />;
  return <Outlet />;
}
