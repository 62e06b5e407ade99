import { rm } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idempotencyHeader, idempotencyKeyInvalid, idempotencyKeyMax, type BodyOf, type Endpoint, type ParamsOf, type QueryOf,
  type ResponseOf,
} from '@hearth/contract/endpoint';
import { errorMessages } from '@hearth/contract/errors';
import { superadminMessages } from '@hearth/contract/superadmin';
import { messages } from '@hearth/contract/accounts';
import type { Caller, SessionRead } from '../auth/sessions.ts';
import { safeEqual } from '../auth/secrets.ts';
import { minutes } from '../clock.ts';
import type { Queryable } from '../db/client.ts';
import type { Deps } from '../deps.ts';
import { requestHash, type KeyAnswer } from '../idempotency.ts';
import type { Limit } from '../rate-limits.ts';
import { AppError, invalid, rateLimited, unauthenticated } from '../errors.ts';
import { clientAddress } from './client-address.ts';
import { admitFile, receiveToFile, type UploadedFile } from './upload-file.ts';

export type App = FastifyInstance<RawServerDefault, import('http').IncomingMessage, import('http').ServerResponse,
  FastifyRequest['log'], ZodTypeProvider>;

export interface Ctx<E extends Endpoint> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  /** A file upload's bytes (`upload` endpoints) or its file (`toFile`), the validated JSON body otherwise. */
  body: E['upload'] extends { toFile: true } ? UploadedFile : E['upload'] extends object ? Buffer : BodyOf<E>;
  caller: E['access'] extends 'user' ? Caller : null;
  request: FastifyRequest;
  reply: FastifyReply;
  /**
   * Where the handler writes: the idempotency key's transaction for a create sent with a key (the service's own
   * transaction nests in it), the database otherwise.
   */
  db: Queryable;
  /** For a create sent with a key: lets the handler store its answer in its own statement (`KeyAnswer`). */
  key: KeyAnswer | null;
  /** The value of the route's `readWithSession`, read in the caller's session lookup (null without one). */
  read: unknown;
}

export interface RouteOptions<E extends Endpoint = Endpoint> {
  /** Requests per client address on this route (brute-force protection), counted in the database. */
  perAddress?: Limit;
  /** A hot read to run in the session lookup's own statement (see `SessionRead`); the route's params fill it. */
  readWithSession?: SessionRead;
  /**
   * The row this write locks (a list's id, say): such writes of the caller's family run at most two at a time,
   * the rest waiting in the `WriteQueue` before they take a database connection. Keyed by family too, so an id
   * of another family's only ever queues behind the caller's own family's writes.
   */
  queueBy?: (input: { params: ParamsOf<E>; query: QueryOf<E>; body: BodyOf<E> }) => string;
  /**
   * The handler answers the very same object again while its data is unchanged (a `VersionMemo`): the bytes it was
   * serialized to are kept with it and sent again.
   */
  reusesAnswers?: boolean;
  /** The least level of the route's request log lines (probes asked every few seconds log only what goes wrong). */
  logLevel?: 'warn';
}

/** Serialized answers of `reusesAnswers` routes, kept as long as the answer object itself. */
const serializedAnswers = new WeakMap<object, Buffer>();

const toFastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** The OpenAPI group: the segment after /api (or /auth for the spec's two /auth/* calls). */
const tagOf = (path: string) => {
  const [, first, second] = path.split('/');
  return first === 'api' && second ? second : (first ?? 'api');
};

/** Wires one contract endpoint: validation, access check, status code and response serialization. */
export function route<E extends Endpoint>(
  app: App, deps: Deps, e: E, handler: (ctx: Ctx<E>) => Promise<ResponseOf<E>>, options: RouteOptions<E> = {},
): void {
  const status = e.status ?? 200;
  const noContent = e.response.def.type === 'null';
  wire(app, deps, e, options, async (request, reply) => {
    let caller: Caller | null = null;
    let read: unknown = null;
    if (e.access === 'user') {
      ({ caller, read } = await authenticate(deps, request, options.readWithSession));
      if (e.method !== 'GET') await writingCaller(deps, caller);
    }
    if (e.access === 'superadmin') await authenticateSuperadmin(deps, request);
    const key = e.idempotent && caller ? idempotencyKeyOf(request) : null;
    const call = key !== null && caller
      ? { userId: caller.userId, route: `${e.method} ${e.path}`, key, status, request: requestHash(request) } : null;
    const run = (db: Queryable, key: KeyAnswer | null = null) => handler({
      params: request.params, query: request.query, body: request.body, caller, request, reply, db, key, read,
    } as Ctx<E>);
    const respond = async () => {
      if (call) {
        const answer = await deps.idempotency.once(call, run);
        return reply.code(answer.status).send(answer.body);
      }
      const result = await run(deps.db);
      // The handler answered itself (an image, or its 304): awaiting the reply it returned waited for the answer.
      if (reply.sent) return reply;
      if (noContent) return reply.code(204).send();
      reply.code(status);
      if (!options.reusesAnswers || typeof result !== 'object' || result === null) return reply.send(result);
      let bytes = serializedAnswers.get(result);
      if (!bytes) serializedAnswers.set(result, (bytes = Buffer.from(reply.serialize(result) as string)));
      return reply.type('application/json; charset=utf-8').send(bytes);
    };
    if (e.upload?.toFile) return respond().finally(() => rm((request.body as UploadedFile).path, { force: true }));
    if (!options.queueBy || !caller) return respond();
    const row = options.queueBy(request as { params: ParamsOf<E>; query: QueryOf<E>; body: BodyOf<E> });
    return deps.writeQueue.run(`${caller.familyId ?? caller.userId}:${row}`, respond);
  });
}

/** A caller who must be signed in (401). */
function signedInCaller(caller: Caller | null): Caller {
  if (!caller) throw unauthenticated(messages.sessionExpired);
  return caller;
}

/** A write's caller as every route checks one: signed in (401), within the per-user write rate (429). */
async function writingCaller(deps: Deps, caller: Caller | null): Promise<Caller> {
  const signedIn = signedInCaller(caller);
  if (!(await deps.writeRate.take(signedIn.userId))) throw rateLimited(errorMessages.tooManyWrites);
  return signedIn;
}

/** Registers the endpoint with Fastify: its method, path, schemas (validation and OpenAPI) and per-address limit. */
function wire(
  app: App, deps: Deps, e: Endpoint, { perAddress, logLevel }: Pick<RouteOptions, 'perAddress' | 'logLevel'>,
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): void {
  const status = e.status ?? 200;
  const noContent = e.response.def.type === 'null';
  const onRequest = [
    // Before the body is read: a refused request costs one statement, an upload of the wrong kind or size nothing.
    ...(e.upload ? [checkUpload(app, e.upload)] : []),
    // A file may be as large as the disk holds: nobody's but a signed-in user's, a few at a time.
    ...(e.upload?.toFile ? [async (request: FastifyRequest) => { await authenticate(deps, request, undefined); }, admitFile(e.upload.maxBytes)] : []),
    ...(perAddress ? [limitPerAddress(deps, `address:${e.method} ${e.path}:`, perAddress)] : []),
  ];
  app.route({
    method: e.method,
    url: toFastifyPath(e.path),
    schema: {
      summary: e.summary,
      tags: [tagOf(e.path)],
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      ...(noContent ? {} : { response: { [status]: e.response } }),
      ...(e.access === 'public' ? {} : { security: [{ [e.access === 'user' ? 'bearer' : 'basic']: [] }] }),
    },
    ...(onRequest.length > 0 ? { onRequest } : {}),
    // Past the limit (as announced, or as it arrives) Fastify answers 413 before reading on: with the upload's own text.
    ...(e.upload ? { bodyLimit: e.upload.maxBytes, config: { tooLarge: e.upload.tooLarge } } : {}),
    ...(logLevel ? { logLevel } : {}),
    handler,
  });
}

/** An upload's Content-Type, checked before its body is read; its bytes arrive as a Buffer, or in a file (`toFile`). */
function checkUpload(app: App, upload: NonNullable<Endpoint['upload']>) {
  if (upload.toFile && !app.hasContentTypeParser(upload.type)) {
    app.addContentTypeParser(upload.type, (_request, body, done) => {
      receiveToFile(body, upload.maxBytes).then((file) => done(null, file), (error: Error) => done(error, undefined));
    });
  } else if (!app.hasContentTypeParser(upload.type)) {
    app.addContentTypeParser(upload.type, { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  }
  return async (request: FastifyRequest) => {
    if (!upload.type.test(request.headers['content-type'] ?? '')) throw new AppError('UNSUPPORTED_MEDIA_TYPE', upload.wrongType);
  };
}

function limitPerAddress(deps: Deps, prefix: string, limit: Limit) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const verdict = await deps.rateLimits.take(`${prefix}${clientAddress(request)}`, limit);
    if (verdict.ok) return;
    reply.header('retry-after', Math.ceil(verdict.retryAfterMs / 1000));
    throw rateLimited(messages.tooManyAttempts);
  };
}

function idempotencyKeyOf(request: FastifyRequest): string | null {
  const value = request.headers[idempotencyHeader];
  if (value === undefined) return null;
  if (typeof value !== 'string' || value.length === 0 || value.length > idempotencyKeyMax) throw invalid(idempotencyKeyInvalid);
  return value;
}

/** The session token the request carries (401 without one). */
function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!token) throw unauthenticated(messages.notSignedIn);
  return token;
}

async function authenticate(
  deps: Deps, request: FastifyRequest, read: SessionRead | undefined,
): Promise<{ caller: Caller; read: unknown }> {
  const token = bearerToken(request);
  // Lookups are answered together, a hot read in the lookups' own statement.
  const session = await deps.sessions.resolveWith(token, read, request.params as Record<string, unknown>);
  if (!session) throw unauthenticated(messages.sessionExpired);
  return session;
}

/** Failed super-admin sign-ins per address: claimed before the password is compared, given back when it was right. */
export const superadminAttempts = [{ max: 10, ms: minutes(15) }];

/**
 * Basic auth of the super admin. Attempts are limited per address, and slowed down per username sent from every
 * address (`Slowdown`), so that no stranger can lock the super admin out.
 */
async function authenticateSuperadmin(deps: Deps, request: FastifyRequest): Promise<void> {
  const expected = deps.config.superadmin;
  if (!expected) throw unauthenticated(superadminMessages.notConfigured);
  const header = request.headers.authorization ?? '';
  const decoded = header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  const username = colon > 0 ? decoded.slice(0, colon) : '';
  const key = `superadmin:${clientAddress(request)}`;
  if (!(await deps.throttle.claim(key, superadminAttempts))) throw rateLimited(messages.tooManyAttempts);
  await deps.slowdown.attempt(`superadmin:${username}`);
  const ok = colon > 0 && safeEqual(username, expected.username) && safeEqual(decoded.slice(colon + 1), expected.password);
  if (!ok) throw unauthenticated(superadminMessages.authFailed);
  await Promise.all([deps.throttle.clear(key), deps.slowdown.forgive(`superadmin:${username}`)]);
}
