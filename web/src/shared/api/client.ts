import {
  fillPath, type BodyInputOf, type Endpoint, type ParamsOf, type QueryOf, type ResponseOf,
} from '@hearth/contract/endpoint';
import { messages } from '@hearth/contract/accounts';
import type { ErrorBody, ErrorCode, ErrorExtra } from '@hearth/contract/errors';
import { session } from '../session.ts';

/** A failed call: the server's message (or the spec's fallback) plus its code and rule list. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | undefined;
  readonly errors: string[];
  /** What the answer carried besides (the contract's `ErrorExtra`). */
  readonly extra: ErrorExtra;
  constructor(status: number, message: string, code?: ErrorCode, errors: string[] = [], extra: ErrorExtra = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.errors = errors;
    this.extra = extra;
  }
}

/**
 * How long an answer loaded ahead (on the way to its page, app/prefetch.ts) counts as fresh, so the page mounting a
 * moment later uses it instead of asking again. Live changes and writes still refetch at once (they invalidate).
 */
export const prefetchedFreshMs = 5_000;

type Unauthorized = (message: string) => void;
let onUnauthorized: Unauthorized | null = null;
/** A 401 answered before the app could say where it goes: /api/me is asked for before the first render. */
let unheard: string | null = null;
/** The app decides where a 401 goes (clearing the session and showing /auth); one answered before is handed to it. */
export function setUnauthorizedHandler(handler: Unauthorized): void {
  onUnauthorized = handler;
  if (unheard === null) return;
  const message = unheard;
  unheard = null;
  handler(message);
}

export interface CallInput<E extends Endpoint> {
  params?: ParamsOf<E> extends undefined ? never : Record<string, string | number>;
  query?: QueryOf<E> extends undefined ? never : Record<string, string | number | boolean | undefined>;
  body?: BodyInputOf<E>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Calls one contract endpoint; the answer is typed from the contract. */
export async function call<E extends Endpoint>(e: E, input: CallInput<E> = {}): Promise<ResponseOf<E>> {
  let url = fillPath(e.path, input.params as Record<string, string | number> | undefined);
  if (input.query) {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(input.query)) if (v !== undefined) search.set(k, String(v));
    url += `?${search}`;
  }
  const headers = { ...input.headers, ...signedInAs(e) };
  if (input.body !== undefined) headers['content-type'] = 'application/json';

  const res = await fetch(url, {
    method: e.method,
    headers,
    body: input.body !== undefined ? JSON.stringify(input.body) : undefined,
    signal: input.signal,
  });
  return answerOf(e, res);
}

/** Sends a file to an upload endpoint (its bytes as the body, its type as Content-Type); the answer as `call`'s. */
export async function upload<E extends Endpoint & { upload: object }>(
  e: E, input: { params: Record<string, string>; file: Blob; signal?: AbortSignal },
): Promise<ResponseOf<E>> {
  const headers = { 'content-type': input.file.type, ...signedInAs(e) };
  const res = await fetch(fillPath(e.path, input.params), { method: e.method, headers, body: input.file, signal: input.signal });
  return answerOf(e, res);
}

/**
 * A signed-in GET of a file (a photo) as a Blob: an <img> cannot send the session's token. The browser's cache keeps
 * it by its address as the server says; null when it cannot be had (offline, gone).
 */
export async function fetchFile(path: string, signal?: AbortSignal): Promise<Blob | null> {
  try {
    const res = await fetch(path, { headers: signedInAs({ access: 'user' }), signal });
    return res.ok ? await res.blob() : null;
  } catch {
    return null;
  }
}

/** The session's token for a signed-in endpoint's call (none for a public one, or while signed out). */
function signedInAs(e: Pick<Endpoint, 'access'>): Record<string, string> {
  const token = session.token();
  return token && e.access === 'user' ? { authorization: `Bearer ${token}` } : {};
}

async function answerOf<E extends Endpoint>(e: E, res: Response): Promise<ResponseOf<E>> {
  const type = res.headers.get('content-type') ?? '';
  const text = await res.text();
  const data: unknown = text === '' ? null : type.includes('json') ? JSON.parse(text) : text;

  if (!res.ok) {
    const body = (typeof data === 'object' && data !== null ? data : {}) as Partial<ErrorBody>;
    const message = body.message ?? (typeof data === 'string' && data ? data : `HTTP error! status: ${res.status}`);
    // Signed-in calls only: a failed sign-in answers 401 too, and must show its own message.
    if (res.status === 401 && e.access === 'user') {
      session.clear('refused');
      if (onUnauthorized) onUnauthorized(messages.authFailed);
      else unheard = messages.authFailed;
    }
    const { code, errors, message: _message, ...extra } = body;
    throw new ApiError(res.status, message, code, errors ?? [], extra);
  }
  return (res.status === 204 ? null : data) as ResponseOf<E>;
}
