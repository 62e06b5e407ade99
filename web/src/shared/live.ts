import { useEffect } from 'react';
import { skipToken, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { createParser } from 'eventsource-parser';
import type { SessionUser } from '@hearth/contract/accounts';
import { liveTopics, type EventType, type LiveTopic } from '@hearth/contract/events';
import { liveEventName, liveStream, type LiveChange } from '@hearth/contract/live';
import { session } from './session.ts';
import { currentUserKey } from './useCurrentUser.ts';

const listEvents: ReadonlySet<EventType> = new Set(['create_list', 'list_deleted']);

/** A change about one list (other than the list itself appearing or going) touches only that list's keys. */
const listScoped = (change: LiveChange): QueryKey[] =>
  (change.listId && !listEvents.has(change.kind) ? [[change.topic, 'list', change.listId]] : [[change.topic]]);
const wholeTopic = (change: LiveChange): QueryKey[] => [[change.topic]];

/**
 * What each live topic makes stale. Every feature's query keys start with its topic; a topic added to the
 * contract without a line here does not compile, so no change can go unrefreshed.
 */
const staleKeys: Record<LiveTopic, (change: LiveChange) => QueryKey[]> = {
  family: wholeTopic,
  grocery: listScoped,
  'grocery-comments': listScoped,
  recurring: wholeTopic,
  meals: wholeTopic,
  locations: wholeTopic,
  calendar: wholeTopic,
};

/** The newsfeed (keys starting 'dashboard') shows a bit of every topic, so any change refreshes it too. */
export const keysFor = (change: LiveChange): QueryKey[] => [...staleKeys[change.topic](change), ['dashboard']];

const firstRetryMs = 1000;
const maxRetryMs = 30_000;

/**
 * Follows GET /api/live while a user with a family is signed in, refetching what other members change.
 * Mounted once by the app; it never fetches the user itself (it reads the cached /api/me answer), so it
 * stays quiet on public pages. EventSource cannot send the bearer header, hence fetch + eventsource-parser.
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
    void follow(token, stop.signal, queryClient);
    return () => stop.abort();
  }, [userId, familyId, queryClient]);
}

async function follow(token: string, signal: AbortSignal, queryClient: QueryClient): Promise<void> {
  let retryMs = firstRetryMs;
  let connectedBefore = false;
  while (!signal.aborted) {
    try {
      const res = await fetch(liveStream.path, {
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, signal,
      });
      // Signed out or no family: the app's regular calls deal with that; retrying would not help.
      if (res.status === 401 || res.status === 403) return;
      if (res.ok && res.body) {
        // Changes made while the stream was down were missed: refresh what is shown.
        if (connectedBefore) void queryClient.invalidateQueries();
        connectedBefore = true;
        retryMs = firstRetryMs;
        await read(res.body, (change) => {
          for (const key of keysFor(change)) void queryClient.invalidateQueries({ queryKey: key });
        });
      }
    } catch {
      if (signal.aborted) return;
    }
    await untilRetry(retryMs, signal);
    retryMs = Math.min(retryMs * 2, maxRetryMs);
  }
}

/** Waits `ms`, or less when the device comes back online: live sync resumes as soon as the network does. */
function untilRetry(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('online', done);
    signal.addEventListener('abort', done);
  });
}

/**
 * Our own server sends these, so only what the refresh depends on is checked: a topic this build knows (a newer
 * server may add one). The contract's zod schema stays on the server, and zod out of the first download.
 */
function isLiveChange(value: unknown): value is LiveChange {
  const topic = (value as Partial<LiveChange> | null)?.topic;
  return typeof topic === 'string' && (liveTopics as readonly string[]).includes(topic);
}

async function read(body: ReadableStream<Uint8Array>, onChange: (change: LiveChange) => void): Promise<void> {
  const parser = createParser({
    onEvent: (event) => {
      if (event.event !== liveEventName) return;
      try {
        const change: unknown = JSON.parse(event.data);
        if (isLiveChange(change)) onChange(change);
      } catch {
        // Not JSON: ignore the event, keep the stream.
      }
    },
  });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    parser.feed(decoder.decode(value, { stream: true }));
  }
}
