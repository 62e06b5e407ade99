import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Headers every answer carries. The built app runs with no inline script, so scripts come only from this
 * origin; inline style attributes are allowed (React's `style`), nothing may frame the app, and no page sends a
 * Referer (mail links carry tokens in their query). HSTS only over HTTPS, which the server knows behind a
 * trusted proxy (TRUST_PROXY) from X-Forwarded-Proto.
 *
 * Helmet itself, built once: @fastify/helmet built it again (parsing the policy) for every request, about 6 % of the
 * server's time on a short answer.
 */
export function securityHeaders(app: FastifyInstance): void {
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
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
  app.addHook('onRequest', (request, reply, done) => headers(request.raw, reply.raw, () => done()));
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}
