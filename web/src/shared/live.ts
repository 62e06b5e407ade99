import { useEffect } from 'react';
import { skipToken, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { createParser } from 'eventsource-parser';
import type { SessionUser } from '@hearth/contract/accounts';
import type { LiveTopic } from '@hearth/contract/events';
import { LiveChange, liveEventName, liveStream } from '@hearth/contract/live';
import { session } from './session.ts';
import { currentUserKey } from './useCurrentUser.ts';

/**
 * For every live topic, the query keys a change of it makes stale. Each feature exports its part from its
 * queries.ts and the app joins them into one `LiveKeys`, so a topic added to the contract that no screen
 * refreshes is a compile error.
 */
export type LiveKeys = { [T in LiveTopic]: (change: LiveChange & { topic: T }) => QueryKey[] };

function keysFor(liveKeys: LiveKeys, change: LiveChange): QueryKey[] {
  return (liveKeys[change.topic] as (change: LiveChange) => QueryKey[])(change);
}

const firstRetryMs = 1000;
const maxRetryMs = 30_000;

/**
 * Follows GET /api/live while a user with a family is signed in, refetching what other members change.
 * Mounted once by the app; it never fetches the user itself (it reads the cached /api/me answer), so it
 * stays quiet on public pages. EventSource cannot send the bearer header, hence fetch + eventsource-parser.
 */
export function useLiveUpdates(liveKeys: LiveKeys): void {
  const queryClient = useQueryClient();
  const me = useQuery<SessionUser>({ queryKey: currentUserKey, queryFn: skipToken });
  const userId = me.data?.id;
  const familyId = me.data?.familyId;

  useEffect(() => {
    const token = session.token();
    if (!userId || !familyId || !token) return;
    const stop = new AbortController();
    void follow(token, stop.signal, queryClient, liveKeys);
    return () => stop.abort();
  }, [userId, familyId, queryClient, liveKeys]);
}

async function follow(token: string, signal: AbortSignal, queryClient: QueryClient, liveKeys: LiveKeys): Promise<void> {
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
          for (const key of keysFor(liveKeys, change)) void queryClient.invalidateQueries({ queryKey: key });
        });
      }
    } catch {
      if (signal.aborted) return;
    }
    await new Promise((resolve) => setTimeout(resolve, retryMs));
    retryMs = Math.min(retryMs * 2, maxRetryMs);
  }
}

async function read(body: ReadableStream<Uint8Array>, onChange: (change: LiveChange) => void): Promise<void> {
  const parser = createParser({
    onEvent: (event) => {
      if (event.event !== liveEventName) return;
      try {
        const change = LiveChange.safeParse(JSON.parse(event.data));
        if (change.success) onChange(change.data);
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
