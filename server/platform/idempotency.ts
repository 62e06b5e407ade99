import { createHash } from 'node:crypto';
import { inArray, lt, sql, type SQL } from 'drizzle-orm';
import { idempotencyKeyReused } from '@hearth/contract/endpoint';
import type { Clock } from './clock.ts';
import { rawRows, type Db, type Queryable } from './db/client.ts';
import { idempotencyKeys } from './db/schema.ts';
import { isUniqueViolation } from './db/tenancy.ts';
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
 * Lets a write store its answer under its key in the write's own statement, saving the statement that would store
 * it after: `storing(body)` is a CTE setting the answer to `body` (a jsonb expression of the statement's), which the
 * write must run in its transaction, and whose answer then is exactly that.
 */
export interface KeyAnswer {
  storing(body: SQL): SQL;
}

/**
 * Creates sent with an Idempotency-Key happen once. `once`: the key is claimed (a plain insert of its row) in the
 * same transaction as the write and the answer stored there too, so a key is either unclaimed or holds its answer.
 * The claim is sent with the write's first statements, not waited for: it runs first, and a repeat's claim fails
 * (the primary key; while the first is still running it waits until that commits) and with it the repeat's whole
 * transaction, which is then answered the stored answer. A first attempt that failed rolled its claim back, so a
 * repeat runs anew.
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

  async once(call: IdempotentCall, write: (tx: Queryable, key: KeyAnswer) => Promise<unknown>): Promise<Answer> {
    let storedByWrite = false;
    const key: KeyAnswer = {
      storing: (body) => {
        storedByWrite = true;
        return sql`key_answer as (update ${idempotencyKeys} k set response = ${body}
          where k.user_id = ${call.userId} and k.route = ${call.route} and k.key = ${call.key})`;
      },
    };
    let repeated = false;
    try {
      return await this.db.transaction(async (tx) => {
        const claim = this.claim(tx, call).catch((error: unknown) => {
          repeated = isUniqueViolation(error);
          throw error;
        });
        const [, body] = await Promise.all([claim, write(tx, key)]);
        if (!storedByWrite) {
          await tx.execute(sql`update ${idempotencyKeys} k set response = ${JSON.stringify(body)}::jsonb
            where k.user_id = ${call.userId} and k.route = ${call.route} and k.key = ${call.key}`);
        }
        return { status: call.status, body };
      });
    } catch (error) {
      if (!repeated) throw error;
      const stored = await this.answered(this.db, call);
      // The key's first request committed its claim with its answer: a row without one is not a repeat's.
      if (!stored) throw error;
      if (stored instanceof AppError) throw stored;
      return stored;
    }
  }

  /**
   * Claims the call's key; fails (unique violation) when the key is claimed already. The statement is on its way
   * when this returns (`then` starts it at once, where `await` would a step later), so it goes before the write's.
   */
  private claim(q: Queryable, call: IdempotentCall): Promise<void> {
    return q.execute(sql`
      insert into ${idempotencyKeys} (user_id, route, key, status, request_hash, created_at)
      values (${call.userId}, ${call.route}, ${call.key}, ${call.status}, ${call.request},
        ${this.clock.now().toISOString()}::timestamptz)`).then(() => undefined);
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

/**
 * Forgets every key of these accounts: their stored answers may hold what a deleted family or account wrote (a
 * replay after that has nothing to answer for).
 */
export async function forgetKeysOf(q: Queryable, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await q.delete(idempotencyKeys).where(inArray(idempotencyKeys.userId, userIds));
}
