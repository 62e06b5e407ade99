import type { FastifyRequest } from 'fastify';
import { Id } from '@hearth/contract/endpoint';

const redacted = '[redacted]';

/**
 * What the request log may say. Mail links carry secrets in their query (verification and reset tokens, invite
 * tokens), so no query value is ever logged: only the path and the parameter names.
 */
export function redactQuery(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const names = [...new URLSearchParams(url.slice(at + 1)).keys()];
  return `${url.slice(0, at)}?${names.map((name) => `${name}=${redacted}`).join('&')}`;
}

/**
 * The request's URL as the log shows it: its route's path with each parameter shown only when the route's schema
 * makes it the contract's `Id` (a uuid naming a row, never a credential); any other parameter (an invite token,
 * whatever a new route carries) is redacted without a list to keep up to date.
 */
export function loggedUrl(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  const params = request.params as Record<string, string> | undefined;
  if (!pattern || !params || Object.keys(params).length === 0) return redactQuery(request.url);
  const shape = (request.routeOptions.schema?.params as { shape?: Record<string, unknown> } | undefined)?.shape;
  const path = pattern.replace(/:(\w+)|\*/g, (_, name: string | undefined) => (
    name && shape?.[name] === Id && params[name] !== undefined ? encodeURIComponent(params[name]) : redacted));
  const at = request.url.indexOf('?');
  return redactQuery(at < 0 ? path : `${path}${request.url.slice(at)}`);
}

export const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method, url: loggedUrl(request), remoteAddress: request.ip,
  }),
};

/**
 * A failed query's error message lists its parameters (emails, password hashes): the log gets the SQL text and
 * the database's own error code and message instead.
 */
export function safeError(error: unknown): unknown {
  const failed = error as { query?: unknown; cause?: { message?: string; code?: string }; message?: string; stack?: string };
  if (typeof failed?.query !== 'string') return error;
  return { type: 'FailedQuery', query: failed.query, code: failed.cause?.code, cause: failed.cause?.message };
}
