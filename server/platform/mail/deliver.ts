import type { FastifyBaseLogger } from 'fastify';
import type { Mail, Mailer } from './mailer.ts';

/**
 * Sends a mail after the request's work is done: the answer never waits for SMTP, and a failure is logged
 * (without the mail's text, which may hold a link or a code), never shown to the caller.
 */
export function deliver(deps: { mailer: Mailer; log: FastifyBaseLogger }, mail: Mail): void {
  deps.mailer.send(mail).catch((err: unknown) => deps.log.error({ err, to: mail.to }, 'mail failed'));
}
