import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { type SessionUser } from '@hearth/contract/accounts';
import { messages } from './texts.ts';
import { paths } from '../../shared/paths.ts';
import { ApiError } from '../../shared/api/client.ts';
import { hasCode } from '../../shared/api/errors.ts';
import { returnPath } from '../../shared/returnTo.ts';
import { session } from '../../shared/session.ts';
import { currentUserKey } from '../../shared/useCurrentUser.ts';

/** A sign-in answer without token or user; its message is the spec's text for it. */
class InvalidSignInAnswer extends Error {
  constructor() {
    super(messages.invalidResponse);
  }
}

/**
 * Stores a successful sign-in and goes to the page the visitor asked for before signing in, else home (an invite
 * link stays put); throws the
 * spec's message when the answer lacks token or user.
 */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  return (answer: { token?: string; user?: SessionUser } | null) => {
    if (!answer?.token || !answer.user) throw new InvalidSignInAnswer();
    session.save(answer.token, answer.user);
    queryClient.setQueryData(currentUserKey, answer.user);
    // Signing in from an invite link stays on it, where the invite can now be accepted.
    if (new URLSearchParams(location.search).has('invite')) return;
    navigate(returnPath(location.state, paths.newsfeed), { replace: true });
  };
}

/** The login error texts of spec §8, from the server's message. */
export function loginErrorText(error: unknown): string {
  if (hasCode(error, 'ACCOUNT_PENDING')) {
    return error instanceof ApiError && error.extra.verificationSent
      ? `${messages.loginPendingShown} ${messages.verificationResent}` : messages.loginPendingShown;
  }
  if (hasCode(error, 'ACCOUNT_REJECTED')) return messages.loginDeniedShown;
  if (error instanceof ApiError) return error.message || messages.loginFailed;
  if (error instanceof InvalidSignInAnswer) return error.message;
  return messages.loginFailed;
}
