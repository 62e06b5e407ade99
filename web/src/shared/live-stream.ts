import { createParser } from 'eventsource-parser';
import { liveTopics } from '@hearth/contract/events';
import { liveEventName, liveReplacedEventName, liveStream, type LiveChange } from '@hearth/contract/live';

/**
 * The live stream's reader, loaded once a member with a family is signed in (`useLiveUpdates`): it and its SSE
 * parser stay out of the sign-in page's download. EventSource cannot send the bearer header, hence fetch +
 * eventsource-parser.
 */

const firstRetryMs = 1000;
const maxRetryMs = 30_000;

/** What the stream's reader tells its follower. */
export interface LiveFollower {
  changed(change: LiveChange): void;
  /** The stream is back after a break: what changed meanwhile was missed. */
  reconnected(): void;
}

/**
 * Follows GET /api/live until `signal` aborts, reconnecting with backoff; stops for good on 401/403. A stream the
 * server ended for a newer one of the session (another tab's) comes back once this page is looked at again.
 */
export async function follow(token: string, signal: AbortSignal, follower: LiveFollower): Promise<void> {
  let retryMs = firstRetryMs;
  let connectedBefore = false;
  // Ended for another tab while in view (where every page seems in view, as in headless browsers, pages would take
  // turns ending each other): the back-off keeps growing until a stream ends otherwise or the page is looked at anew.
  let replacedInView = false;
  while (!signal.aborted) {
    try {
      const res = await fetch(liveStream.path, {
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, signal,
      });
      // Signed out or no family: the app's regular calls deal with that; retrying would not help.
      if (res.status === 401 || res.status === 403) return;
      if (res.ok && res.body) {
        if (connectedBefore) follower.reconnected();
        connectedBefore = true;
        if (!replacedInView) retryMs = firstRetryMs;
        const ending = await read(res.body, (change) => follower.changed(change));
        replacedInView = ending === 'replaced' && !await untilLookedAt(signal);
        if (!replacedInView) retryMs = firstRetryMs;
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

/** Waits until the page is shown or focused again (or `signal` aborts): false at once when it is in view already. */
function untilLookedAt(signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'visible' && document.hasFocus()) {
      resolve(false);
      return;
    }
    const shown = () => {
      if (document.visibilityState === 'visible') done();
    };
    const done = () => {
      window.removeEventListener('focus', done);
      document.removeEventListener('visibilitychange', shown);
      signal.removeEventListener('abort', done);
      resolve(true);
    };
    window.addEventListener('focus', done);
    document.addEventListener('visibilitychange', shown);
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

/** Reads the stream to its end: `replaced` when the server ended it for a newer stream of the session. */
async function read(
  body: ReadableStream<Uint8Array>, onChange: (change: LiveChange) => void,
): Promise<'ended' | 'replaced'> {
  let ending: 'ended' | 'replaced' = 'ended';
  const parser = createParser({
    onEvent: (event) => {
      if (event.event === liveReplacedEventName) ending = 'replaced';
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
    if (done) return ending;
    parser.feed(decoder.decode(value, { stream: true }));
  }
}
