import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * Headers every answer carries. The built app runs with no inline script, so scripts come only from this
 * origin; inline style attributes are allowed (React's `style`), nothing may frame the app, and no page sends a
 * Referer (mail links carry tokens in their query). HSTS only over HTTPS, which the server knows behind a
 * trusted proxy (TRUST_PROXY) from X-Forwarded-Proto.
 *
 * Helmet's headers are the same on every answer (no nonces): they are read from it once and set as one object.
 * @fastify/helmet built helmet again (parsing the policy) for every request, and helmet's own chain of middlewares
 * set each header on Node's answer one by one: both showed in the server thread's time on GET /api/me
 * (docs/performance.md).
 */
export function securityHeaders(app: FastifyInstance): void {
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob: a recipe's photo, fetched with the session's token and shown from memory; data: an imported one before it is saved.
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        // The offline app's service worker (sw.js) and install manifest, both served from this origin.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
  });
  const fixed = headersSetBy(headers);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(fixed);
    done();
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}

/** The headers a middleware sets on an answer, read once from a stand-in answer. */
function headersSetBy(
  middleware: (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void,
): Record<string, string> {
  const set: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => { set[name.toLowerCase()] = String(value); },
    removeHeader: (name: string) => { delete set[name.toLowerCase()]; },
  };
  middleware({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return set;
}
