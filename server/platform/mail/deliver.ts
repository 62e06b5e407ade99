import type { FastifyBaseLogger } from 'fastify';
import type { Mail, Mailer } from './mailer.ts';

/**
 * Sends a mail without making the caller wait for SMTP: call it after the request's work is done (after the
 * transaction commits). A failure is logged, never shown to the caller, so a slow or broken mail server cannot
 * fail or reveal anything about a request.
 */
export function deliver(deps: { mailer: Mailer; log: FastifyBaseLogger }, mail: Mail): void {
  deps.mailer.send(mail).catch((err: unknown) => deps.log.error({ err, to: mail.to }, 'mail failed'));
}
