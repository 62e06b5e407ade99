import { useEffect } from 'react';
import { skipToken, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { SessionUser } from '@hearth/contract/accounts';
import type { EventType, LiveTopic } from '@hearth/contract/events';
import type { LiveChange } from '@hearth/contract/live';
import { session } from './session.ts';
import { currentUserKey } from './useCurrentUser.ts';

const listEvents: ReadonlySet<EventType> = new Set(['create_list', 'list_deleted']);

/** A change about one list (other than the list itself appearing or going) touches only that list's keys. */
const listScoped = (change: LiveChange): QueryKey[] =>
  (change.listId && !listEvents.has(change.kind) ? [[change.topic, 'list', change.listId]] : [[change.topic]]);
const wholeTopic = (change: LiveChange): QueryKey[] => [[change.topic]];
/** An item change also moves its list's open count on the lists page. */
const listAndCounts = (change: LiveChange): QueryKey[] => [...listScoped(change), ['grocery', 'lists']];

/**
 * What each live topic makes stale. Every feature's query keys start with its topic; a topic added to the
 * contract without a line here does not compile, so no change can go unrefreshed.
 */
const staleKeys: Record<LiveTopic, (change: LiveChange) => QueryKey[]> = {
  family: wholeTopic,
  grocery: listAndCounts,
  'grocery-comments': listScoped,
  recurring: wholeTopic,
  meals: wholeTopic,
  locations: wholeTopic,
  calendar: wholeTopic,
  notifications: wholeTopic,
  todos: wholeTopic,
};

/** The newsfeed (keys starting 'dashboard') shows a bit of every topic, so any change refreshes it too. */
export const keysFor = (change: LiveChange): QueryKey[] => [...staleKeys[change.topic](change), ['dashboard']];

/**
 * Follows GET /api/live while a user with a family is signed in, refetching what other members change.
 * Mounted once by the app; it never fetches the user itself (it reads the cached /api/me answer), so it
 * stays quiet on public pages. The stream's reader loads then (`live-stream.ts`), not with the sign-in page.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  const me = useQuery<SessionUser>({ queryKey: currentUserKey, queryFn: skipToken });
  const userId = me.data?.id;
  const familyId = me.data?.familyId;

  useEffect(() => {
    const token = session.token();
    if (!userId || !familyId || !token) return;
    const stop = new AbortController();
    void import('./live-stream.ts').then(({ follow }) => follow(token, stop.signal, {
      changed: (change) => {
        for (const key of keysFor(change)) void queryClient.invalidateQueries({ queryKey: key });
      },
      // Changes made while the stream was down were missed: refresh what is shown.
      reconnected: () => void queryClient.invalidateQueries(),
    })).catch(() => undefined);
    return () => stop.abort();
  }, [userId, familyId, queryClient]);
}
