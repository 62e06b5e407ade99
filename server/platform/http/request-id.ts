import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/**
 * Every request has an id: the one a client or proxy sent in X-Request-Id, or a new UUID (random, so ids never
 * repeat across processes). The answer carries it back, and every log line written for the request carries it
 * (Fastify's `reqId`), lines written through `contextLog` included.
 */
export const requestIdHeader = 'x-request-id';

/** A sent id is kept when it is 1 to 128 of these characters: nothing that could forge or break a log line. */
const acceptable = /^[\w.:@/+=-]{1,128}$/;

/** Fastify's `genReqId`. */
export function requestId(request: IncomingMessage): string {
  const sent = request.headers[requestIdHeader];
  return typeof sent === 'string' && acceptable.test(sent) ? sent : randomUUID();
}

const requestLog = new AsyncLocalStorage<FastifyBaseLogger>();

/** Answers every request with its id, and runs the rest of it with its own logger as `contextLog`'s. */
export function tagRequests(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(requestIdHeader, request.id);
    requestLog.run(request.log, done);
  });
}

/**
 * A logger for code that runs both inside requests and outside them (features' services, mail, jobs): inside a
 * request it writes through the request's logger, so its lines carry the request's id; elsewhere through `root`.
 */
export function contextLog(root: FastifyBaseLogger): FastifyBaseLogger {
  return new Proxy(root, {
    get(target, property) {
      const log = requestLog.getStore() ?? target;
      const value: unknown = Reflect.get(log, property, log);
      return typeof value === 'function' ? value.bind(log) : value;
    },
  });
}
