import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorMessages, type ErrorBody } from '@hearth/contract/errors';
import { invalid } from '../errors.ts';
import { requestIdHeader } from './request-id.ts';

/**
 * Input refused at the edge, before any schema or database sees it: every answer has the `{ code, message }`
 * shape, whichever layer refuses.
 */

/** NUL (PostgreSQL text cannot hold it) or half of a surrogate pair (no character at all). */
const brokenText = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether any text in `value` (keys too) holds NUL or half of a surrogate pair. */
export function hasBrokenText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return brokenText.test(value);
  // An upload's bytes are no text (and walking them key by key would take seconds).
  if (depth > 32 || value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return false;
  for (const [key, item] of Object.entries(value)) {
    if (brokenText.test(key) || hasBrokenText(item, depth + 1)) return true;
  }
  return false;
}

/** A preValidation hook: one place refuses such text in every path parameter, query and body. */
export async function refuseBrokenText(request: FastifyRequest): Promise<void> {
  if (hasBrokenText(request.params) || hasBrokenText(request.query) || hasBrokenText(request.body)) {
    throw invalid(errorMessages.brokenText);
  }
}

/** Fastify's router refusals (a malformed %-encoding, a path parameter over the length limit). */
export function frameworkError(error: Error & { statusCode?: number }, request: FastifyRequest, reply: FastifyReply) {
  const body: ErrorBody = { code: 'VALIDATION', message: error.message };
  void reply.code(error.statusCode ?? 400).header(requestIdHeader, request.id).type('application/json').send(JSON.stringify(body));
}

/** Refusals by Node's HTTP parser itself (headers too large, a malformed request), before Fastify sees them. */
export function clientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify({
    code: 'VALIDATION', message: status === 431 ? errorMessages.headersTooLarge : errorMessages.invalidRequest,
  } satisfies ErrorBody);
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json\r\n`
    + `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
}
