import type { z } from 'zod';

/** Who may call an endpoint: anyone, a signed-in user, or the super admin (basic auth). */
export type Access = 'public' | 'user' | 'superadmin';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint {
  method: Method;
  /** Path with `{name}` placeholders, exactly as the spec writes it. */
  path: string;
  access: Access;
  summary: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /**
   * The body is a file sent as it is (not JSON): its Content-Type must match `type` (415 with `wrongType` otherwise)
   * and it may have at most `maxBytes` (413 with `tooLarge`). With `toFile`, the server keeps it in a temporary file,
   * not in memory (an upload that may be larger than memory should hold), and checks the caller before reading it.
   */
  upload?: { type: RegExp; maxBytes: number; tooLarge: string; wrongType: string; toFile?: true };
  /** Success body; `z.null()` means 204 No Content. */
  response: z.ZodType;
  /** Success status when not 200/204 (e.g. 201). */
  status?: number;
  /**
   * A create that may carry an `Idempotency-Key` header: the same key from the same user on this endpoint is
   * answered with the first answer, without writing again (offline replays whose first answer was lost).
   */
  idempotent?: true;
}

/** Declares an endpoint once; server, client and OpenAPI document all derive from it. */
export function endpoint<const E extends Endpoint>(e: E): E {
  return e;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

export type ParamsOf<E extends Endpoint> = Out<E['params']>;
export type QueryOf<E extends Endpoint> = Out<E['query']>;
export type BodyOf<E extends Endpoint> = Out<E['body']>;
export type BodyInputOf<E extends Endpoint> = In<E['body']>;
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;

/** Fills `{name}` placeholders of a path. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The header of an idempotent create; any text of 1 to `idempotencyKeyMax` characters (the web app sends a UUID). */
export const idempotencyHeader = 'idempotency-key';
export const idempotencyKeyMax = 200;
export const idempotencyKeyInvalid = `Idempotency-Key must be 1 to ${idempotencyKeyMax} characters`;
/** The key was first sent with another request (422): a key names one request, a new request needs a new key. */
export const idempotencyKeyReused = 'This Idempotency-Key was already used for a different request. Send a new key with a new request.';


// In a module of their own, so this one holds no schema and the web's first download no zod.
export { Id, IdParams, IsoDateTime, MessageResponse } from './common-fields.ts';
