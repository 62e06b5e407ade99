import { queryOptions, useQuery } from '@tanstack/react-query';
import * as api from '@hearth/contract/dashboard';
import { call, prefetchedFreshMs } from '../../shared/api/client.ts';

/**
 * The newsfeed shows a bit of everything, so web/src/shared/live.ts refreshes keys starting 'dashboard' on any change.
 * The key's last part is the answer's shape: a copy the device stored under an older shape (meals without their
 * times, before issue 49; without tasks, before issue 52) is never shown by code that needs the new one.
 */
export const dashboardKeys = { newsfeed: ['dashboard', 'newsfeed', 3] as const };

export const newsfeedQuery = queryOptions({
  queryKey: dashboardKeys.newsfeed, queryFn: () => call(api.getNewsfeed), staleTime: prefetchedFreshMs,
});

export function useNewsfeed() {
  return useQuery(newsfeedQuery);
}
