import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { messages } from '@hearth/contract/accounts';
import { errorMessages } from '@hearth/contract/errors';
import {
  liveEventName, liveHeartbeatMs, liveReplacedEventName, liveStream, liveStreamsPerSession,
} from '@hearth/contract/live';
import { requireFamily } from '../../platform/auth/family-access.ts';
import type { Caller } from '../../platform/auth/sessions.ts';
import type { Deps } from '../../platform/deps.ts';
import { unauthenticated, unavailable } from '../../platform/errors.ts';
import type { App } from '../../platform/http/route.ts';
import { Heartbeat } from './heartbeat.ts';
import { SessionStreams } from './session-streams.ts';

/** Ends a stream; `replaced`: for a newer stream of the same session, which the reader is told. */
type EndStream = (replaced: boolean) => void;

function bearer(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  return header.startsWith('Bearer ') ? header.slice(7).trim() : '';
}

/** Still signed in, and still a member of the same family. */
async function stillMember(deps: Deps, token: string, familyId: string): Promise<boolean> {
  const caller: Caller | null = await deps.sessions.resolve(token).catch(() => null);
  return caller !== null && caller.familyId === familyId && caller.memberId !== null;
}

/**
 * GET /api/live: the family's changes as server-sent events. A raw route, because the answer is a stream
 * rather than one serialized body; authentication is the same bearer session as every other call. A session
 * holds at most `liveStreamsPerSession` streams on this process: a newer one ends its oldest.
 */
export function liveRoutes(app: App, deps: Deps): void {
  const open = new SessionStreams<EndStream>(liveStreamsPerSession);
  const heartbeat = new Heartbeat(liveHeartbeatMs);
  const endAll = () => {
    for (const end of open.all()) end(false);
  };
  // Open streams would keep the server from closing.
  app.addHook('preClose', async () => endAll());
  // Changes were lost with the database's connection: the clients reconnect once it is back, and refetch what they show.
  deps.realtime.onMissed(endAll);

  app.route({
    method: liveStream.method,
    url: liveStream.path,
    schema: {
      summary: liveStream.summary,
      tags: ['live'],
      security: [{ bearer: [] }],
      response: { 200: liveStream.response },
    },
    handler: async (request, reply) => {
      const token = bearer(request);
      if (!token) throw unauthenticated(messages.notSignedIn);
      const caller = await deps.sessions.resolve(token);
      if (!caller) throw unauthenticated(messages.sessionExpired);
      const familyId = requireFamily(caller).familyId;
      // A stream opened now would miss changes until the database's LISTEN connection is back.
      if (!deps.realtime.listening()) throw unavailable(errorMessages.databaseUnavailable);

      reply.hijack();
      const res = reply.raw;
      const send = (text: string) => {
        if (!res.destroyed && !res.writableEnded) res.write(text);
      };
      // Subscribed before the headers go out: once a client sees the answer, no change can slip past it.
      const unsubscribe = deps.realtime.subscribe(familyId, (change) => {
        send(`event: ${liveEventName}\ndata: ${JSON.stringify(change)}\n\n`);
      });
      // Hijacked, the answer leaves without the reply's headers (the security headers every answer carries).
      res.writeHead(200, {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      send('retry: 3000\n: connected\n\n');

      const stopBeating = heartbeat.add(() => {
        void stillMember(deps, token, familyId).then((ok) => {
          if (ok) send(': heartbeat\n\n');
          else end(false);
        });
      });
      // Signed out, removed from the family, blocked: the stream ends at once, not at the next heartbeat.
      const stopWatching = deps.realtime.onAccessChange(caller.userId, () => {
        void stillMember(deps, token, familyId).then((ok) => { if (!ok) end(false); });
      });
      const end: EndStream = (replaced) => {
        if (!open.delete(caller.sessionId, end)) return;
        stopBeating();
        stopWatching();
        unsubscribe();
        if (replaced) send(`event: ${liveReplacedEventName}\ndata: a newer stream of this session took its place\n\n`);
        res.end();
      };
      for (const oldest of open.add(caller.sessionId, end)) oldest(true);
      res.on('close', () => end(false));
    },
  });
}
