import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Headers every answer carries. The built app runs with no inline script, so scripts come only from this
 * origin; inline style attributes are allowed (React's `style`), nothing may frame the app, and no page sends a
 * Referer (mail links carry tokens in their query). HSTS only over HTTPS, which the server knows behind a
 * trusted proxy (TRUST_PROXY) from X-Forwarded-Proto.
 */
export async function securityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
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
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}
