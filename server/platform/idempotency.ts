import { createHash } from 'node:crypto';
import { lt, sql, type SQL } from 'drizzle-orm';
import { idempotencyKeyReused } from '@hearth/contract/endpoint';
import type { Clock } from './clock.ts';
import { rawRows, textArray, type Db, type Queryable } from './db/client.ts';
import { idempotencyKeys, sessions } from './db/schema.ts';
import { hashToken } from './auth/secrets.ts';
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

/** A key sent with a request whose session is not checked yet: its user is the session token's. */
export type SentKey = Omit<IdempotentCall, 'userId'>;

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
 * A batch of writes in one transaction (item adds) reads its keys' answers first (`answeredFor`, under the lock that
 * orders its writes) and records each key with its answer in its write statement (`recording`): one row write a
 * key. A repeat ordered by the same lock reads the first's answer; one that slipped past it (the same key on another
 * list) breaks the primary key when the first commits, and is then run again alone, finding the answer.
 *
 * A key names one request: sent again with another (other parameters or body), it is refused with 422 on either
 * path rather than answered with the first request's answer.
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

  /**
   * Per key, the answer stored under it for the user of the session `token` sent with it (or its refusal,
   * `storedAnswer`), or null when none is (a batch that checks its callers' sessions in its own transaction reads
   * their keys' answers in the same round trip).
   * Each key is looked up by itself (lateral, limit 1), so by the primary key: joined to the whole array, the planner
   * hashed the keys table instead, read whole per batch (~1.3 ms at 1,000 keys, growing).
   */
  async answeredFor(q: Queryable, sent: (SentKey & { token: string })[]): Promise<(Answer | AppError | null)[]> {
    if (sent.length === 0) return [];
    const column = (pick: (s: SentKey & { token: string }) => string) => textArray(sent.map(pick));
    const stored = await rawRows<{ i: number; status: number; response: unknown; request_hash: string | null }>(q, sql`
      select v.i::int as i, k.status, k.response, k.request_hash
      from unnest(${column((s) => hashToken(s.token))}, ${column((s) => s.route)}, ${column((s) => s.key)})
        with ordinality as v(hash, route, key, i)
      cross join lateral (select k.status, k.response, k.request_hash from ${sessions} s
        join ${idempotencyKeys} k on k.user_id = s.user_id and k.route = v.route and k.key = v.key
        where s.token_hash = v.hash and k.response is not null
        limit 1) k`);
    const answers = new Map(stored.map((s) => [s.i, s]));
    return sent.map((s, i) => {
      const answer = answers.get(i + 1);
      return answer ? storedAnswer(answer, s.request) : null;
    });
  }

  /**
   * Records each call's key with its answer (stored as JSON, as it is sent: a replay answers the same bytes' worth),
   * as a data-modifying CTE named `recorded_keys` for a batch's write statement. No two calls may share a key.
   */
  recording(calls: IdempotentCall[], bodies: unknown[]): SQL {
    const answers = new Map(calls.map((c, i) => [c, JSON.stringify(bodies[i])]));
    return sql`recorded_keys as (
      insert into ${idempotencyKeys} (user_id, route, key, status, response, request_hash, created_at)
      select v.user_id::uuid, v.route, v.key, v.status::int, v.response::jsonb, v.request,
        ${this.clock.now().toISOString()}::timestamptz
      from ${callsTable(calls, {
        status: (c) => String(c.status), response: (c) => answers.get(c)!, request: (c) => c.request,
      })})`;
  }

  /** Forgets keys older than `olderThanMs`: a repeat after that is a new create. */
  async prune(olderThanMs: number): Promise<void> {
    await this.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(this.clock.now().getTime() - olderThanMs)));
  }
}

/**
 * The calls as a table `v(user_id, route, key[, ...extra])` of text columns, from array parameters: one statement
 * text whatever the number of calls.
 */
function callsTable(calls: IdempotentCall[], extra: Record<string, (call: IdempotentCall) => string> = {}): SQL {
  const column = (pick: (call: IdempotentCall) => string) => textArray(calls.map(pick));
  const columns = [column((c) => c.userId), column((c) => c.route), column((c) => c.key), ...Object.values(extra).map(column)];
  const names = ['user_id', 'route', 'key', ...Object.keys(extra)].join(', ');
  return sql`unnest(${sql.join(columns, sql`, `)}) as v(${sql.raw(names)})`;
}
