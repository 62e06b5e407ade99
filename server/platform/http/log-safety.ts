import type { FastifyRequest } from 'fastify';

/**
 * What the request log may say. Mail links carry secrets in their query (verification and reset tokens, invite
 * tokens), so no query value is ever logged: only the path and the parameter names.
 */
export function redactQuery(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const names = [...new URLSearchParams(url.slice(at + 1)).keys()];
  return `${url.slice(0, at)}?${names.map((name) => `${name}=[redacted]`).join('&')}`;
}

export const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method, url: redactQuery(request.url), remoteAddress: request.ip,
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
