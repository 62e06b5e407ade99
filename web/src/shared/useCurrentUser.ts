import { queryOptions, useQuery } from '@tanstack/react-query';
import * as accounts from '@hearth/contract/accounts';
import { call } from './api/client.ts';
import { session } from './session.ts';

export const currentUserKey = ['me'] as const;

/** /api/me, keeping the stored copy fresh: what every member's page waits for (`ProtectedRoute`). */
export const currentUserQuery = queryOptions({
  queryKey: currentUserKey,
  queryFn: async () => {
    const user = await call(accounts.me);
    session.saveUser(user);
    return user;
  },
  staleTime: 60_000,
  retry: false,
});

/** The signed-in user from /api/me; keeps the stored copy fresh. */
export function useCurrentUser() {
  return useQuery({ ...currentUserQuery, enabled: session.token() !== null });
}
