import { useQuery } from '@tanstack/react-query';
import * as accounts from '@hearth/contract/accounts';
import { call } from './api/client.ts';
import { session } from './session.ts';

export const currentUserKey = ['me'] as const;

/** The signed-in user from /api/me; keeps the stored copy fresh. */
export function useCurrentUser() {
  return useQuery({
    queryKey: currentUserKey,
    queryFn: async () => {
      const user = await call(accounts.me);
      session.saveUser(user);
      return user;
    },
    enabled: session.token() !== null,
    staleTime: 60_000,
    retry: false,
  });
}
