import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { eventTypes, liveTopics } from './events.ts';

/**
 * One change in the signed-in member's family, sent as the `data` of an SSE event named `change`.
 * Clients refetch what they show: query keys start with the change's topic.
 */
export const LiveChange = z.object({
  familyId: z.uuid(),
  /** The area that changed; web query keys start with it. */
  topic: z.enum(liveTopics),
  /** What happened: the recorded event's type. */
  kind: z.enum(eventTypes),
  listId: z.uuid().optional(),
  id: z.uuid().optional(),
  byUserId: z.uuid().optional(),
});
export type LiveChange = z.infer<typeof LiveChange>;

/** The event name of changes on the stream; heartbeats are SSE comments. */
export const liveEventName = 'change';
/** How often the server sends a heartbeat comment, which also re-checks the session. */
export const liveHeartbeatMs = 25_000;
/** Streams one session may hold open on a server process: a family member's tabs, on one device, and a few more. */
export const liveStreamsPerSession = 5;
/**
 * The event that ends a session's oldest stream when the session opens one more than `liveStreamsPerSession`: its
 * reader waits until its page is looked at again before it reconnects, so tabs do not take turns closing each other.
 */
export const liveReplacedEventName = 'replaced';

export const liveStream = endpoint({
  method: 'GET',
  path: '/api/live',
  access: 'user',
  summary: 'Server-sent events (text/event-stream) of the caller\'s family: `event: change` with a LiveChange as JSON data, and a `: heartbeat` comment every 25 s. The stream ends when the session stops being valid. '
    + `A session holds at most ${liveStreamsPerSession} streams on a server: one more ends its oldest with \`event: ${liveReplacedEventName}\`.`,
  response: z.string().describe('text/event-stream'),
});
