import { queryOptions, useQuery } from '@tanstack/react-query';
import * as api from '@hearth/contract/dashboard';
import { call, prefetchedFreshMs } from '../../shared/api/client.ts';

/** The newsfeed shows a bit of everything, so web/src/shared/live.ts refreshes keys starting 'dashboard' on any change. */
export const dashboardKeys = { newsfeed: ['dashboard', 'newsfeed'] as const };

export const newsfeedQuery = queryOptions({
  queryKey: dashboardKeys.newsfeed, queryFn: () => call(api.getNewsfeed), staleTime: prefetchedFreshMs,
});

export function useNewsfeed() {
  return useQuery(newsfeedQuery);
}
