import { createHash } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import { idempotencyKeyReused } from '@hearth/contract/endpoint';
import type { Clock } from './clock.ts';
import { rawRows, type Db, type Queryable } from './db/client.ts';
import { idempotencyKeys } from './db/schema.ts';
import { AppError } from './errors.ts';

export interface IdempotentCall {
  userId: string;
  /** The method and the contract's path: the same key on two different creates are two keys. */
  route: string;
  key: string;
  status: number;
  /** What the request was (`requestHash`): the key sent again with another request is refused. */
  request: string;
}

/** A request as its key remembers it: its path parameters, query and body as validated, hashed. */
export function requestHash(request: { params?: unknown; query?: unknown; body?: unknown }): string {
  const sent = JSON.stringify([request.params ?? null, request.query ?? null, request.body ?? null]);
  return createHash('sha256').update(sent).digest('base64url');
}

/** The answer stored under a key, or the refusal of a key first sent with another request (422). */
function storedAnswer(
  stored: { status: number; response: unknown; request_hash: string | null }, request: string,
): Answer | AppError {
  // Keys recorded before requests were hashed (null) are taken at their word.
  if (stored.request_hash !== null && stored.request_hash !== request) {
    return new AppError('UNPROCESSABLE', idempotencyKeyReused);
  }
  return { status: stored.status, body: stored.response };
}

export interface Answer {
  status: number;
  body: unknown;
}

/**
 * Creates sent with an Idempotency-Key happen once. `once`: the key is claimed (insert ... on conflict do nothing)
 * in the same transaction as the write and the answer stored there too, so a key is either unclaimed or holds its
 * answer: a repeat sent while the first is still running waits on the primary key until the first commits, then
 * gets the stored answer; a first attempt that failed rolled its claim back, so a repeat runs anew.
 *
 * A key names one request: sent again with another (other parameters or body), it is refused with 422 rather than
 * answered with the first request's answer.
 */
export class Idempotency {
  private readonly db: Db;
  private readonly clock: Clock;
  constructor(db: Db, clock: Clock) {
    this.db = db;
    this.clock = clock;
  }

  once(call: IdempotentCall, write: (tx: Queryable) => Promise<unknown>): Promise<Answer> {
    return this.db.transaction(async (tx) => {
      if (await this.claimed(tx, call)) {
        const body = await write(tx);
        await tx.execute(sql`update ${idempotencyKeys} k set response = ${JSON.stringify(body)}::jsonb
          where k.user_id = ${call.userId} and k.route = ${call.route} and k.key = ${call.key}`);
        return { status: call.status, body };
      }
      const stored = await this.answered(tx, call);
      // Claimed and unanswered can only be this transaction's own claim.
      if (!stored) throw new Error('idempotency key claimed twice in one transaction');
      if (stored instanceof AppError) throw stored;
      return stored;
    });
  }

  /** Claims the call's key: true when it is now this transaction's (the write is to run). */
  private async claimed(q: Queryable, call: IdempotentCall): Promise<boolean> {
    const rows = await rawRows<{ key: string }>(q, sql`
      insert into ${idempotencyKeys} (user_id, route, key, status, request_hash, created_at)
      values (${call.userId}, ${call.route}, ${call.key}, ${call.status}, ${call.request},
        ${this.clock.now().toISOString()}::timestamptz)
      on conflict do nothing
      returning key`);
    return rows.length === 1;
  }

  /** The answer stored under the call's key (or its refusal, `storedAnswer`), or null when none is. */
  private async answered(q: Queryable, call: IdempotentCall): Promise<Answer | AppError | null> {
    const [stored] = await rawRows<{ status: number; response: unknown; request_hash: string | null }>(q, sql`
      select k.status, k.response, k.request_hash from ${idempotencyKeys} k
      where k.user_id = ${call.userId} and k.route = ${call.route} and k.key = ${call.key} and k.response is not null`);
    return stored ? storedAnswer(stored, call.request) : null;
  }

  /** Forgets keys older than `olderThanMs`: a repeat after that is a new create. */
  async prune(olderThanMs: number): Promise<void> {
    await this.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(this.clock.now().getTime() - olderThanMs)));
  }
}
