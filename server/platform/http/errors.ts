import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorMessages, type ErrorBody, type ErrorCode } from '@hearth/contract/errors';
import { failureCode, isDatabaseUnavailable } from '../db/failures.ts';
import { isForeignKeyViolation, isWriteCollision } from '../db/tenancy.ts';
import { AppError } from '../errors.ts';
import { safeError } from './log-safety.ts';

declare module 'fastify' {
  /** What a route says in place of a generic text: an upload's own "too large". */
  interface FastifyContextConfig { tooLarge?: string }
}

const codeForStatus: Record<number, ErrorCode> = {
  400: 'VALIDATION', 401: 'UNAUTHENTICATED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 409: 'CONFLICT',
  415: 'UNSUPPORTED_MEDIA_TYPE', 429: 'RATE_LIMITED',
};

/** A database that went away is usually back within seconds (a restart, a failover). */
const retryAfterSeconds = 5;

/**
 * Turns every failure into `ErrorBody`; a lost database answers 503, anything unexpected is logged and answered as a
 * plain 500.
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    return send(reply, error.status, { code: error.code, message: error.message, errors: error.errors, ...error.extra });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.map((v) => v.message ?? errorMessages.invalidValue);
    return send(reply, 400, { code: 'VALIDATION', message: errors[0] ?? errorMessages.invalidRequest, errors });
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ code: failureCode(error) }, 'database unavailable');
    void reply.header('retry-after', String(retryAfterSeconds));
    return send(reply, 503, { code: 'UNAVAILABLE', message: errorMessages.databaseUnavailable });
  }
  // Every id a caller sends is checked in its family first, so this is a row deleted between that check and the write.
  if (isForeignKeyViolation(error)) return send(reply, 404, { code: 'NOT_FOUND', message: errorMessages.notFound });
  // A write that met a family's deletion (the database ended one of the two, or a statement sent behind the failed one).
  if (isWriteCollision(error)) return send(reply, 409, { code: 'CONFLICT', message: errorMessages.collided });
  const status = error.statusCode ?? 500;
  if (status === 413) {
    const message = request.routeOptions.config.tooLarge ?? errorMessages.bodyTooLarge;
    return send(reply, status, { code: 'TOO_LARGE', message });
  }
  if (status >= 400 && status < 500) {
    return send(reply, status, { code: codeForStatus[status] ?? 'VALIDATION', message: error.message });
  }
  request.log.error({ err: safeError(error) }, 'unhandled error');
  return send(reply, 500, { code: 'INTERNAL', message: errorMessages.internal });
}

function send(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.code(status).type('application/json').send(JSON.stringify(body));
}
