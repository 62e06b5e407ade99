import { lt, sql, type SQL } from 'drizzle-orm';
import type { Clock } from './clock.ts';
import { rawRows, textArray, type Db, type Queryable } from './db/client.ts';
import { idempotencyKeys } from './db/schema.ts';

export interface IdempotentCall {
  userId: string;
  /** The method and the contract's path: the same key on two different creates are two keys. */
  route: string;
  key: string;
  status: number;
}

export interface Answer {
  status: number;
  body: unknown;
}

/**
 * Creates sent with an Idempotency-Key happen once. The key is claimed (insert ... on conflict do nothing) in the
 * same transaction as the write and the answer stored there too, so a key is either unclaimed or holds its
 * answer: a repeat sent while the first is still running waits on the primary key until the first commits, then
 * gets the stored answer; a first attempt that failed rolled its claim back (or `release`d it), so a repeat runs
 * anew.
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
      const [stored] = await this.claim(tx, [call]);
      if (stored) return stored;
      const body = await write(tx);
      await this.store(tx, [call], [body]);
      return { status: call.status, body };
    });
  }

  /**
   * Claims every call's key in one statement, for a batch of writes in one transaction: per call, null when its key
   * is now claimed (the write is to run), or the answer stored under it. No two calls may share a key.
   */
  async claim(q: Queryable, calls: IdempotentCall[]): Promise<(Answer | null)[]> {
    if (calls.length === 0) return [];
    const claimed = await rawRows<Key>(q, sql`
      insert into ${idempotencyKeys} (user_id, route, key, status, created_at)
      select v.user_id::uuid, v.route, v.key, v.status::int, ${this.clock.now().toISOString()}::timestamptz
      from ${callsTable(calls, 'status', (c) => String(c.status))}
      on conflict do nothing
      returning user_id as "userId", route, key`);
    const mine = new Set(claimed.map(idOf));
    const others = calls.filter((c) => !mine.has(idOf(c)));
    const stored = others.length === 0 ? [] : await rawRows<Key & { status: number; response: unknown }>(q, sql`
      select k.user_id as "userId", k.route, k.key, k.status, k.response from ${idempotencyKeys} k
      join ${callsTable(others)} on k.user_id = v.user_id::uuid and k.route = v.route and k.key = v.key`);
    const answers = new Map(stored.map((s) => [idOf(s), s]));
    return calls.map((call) => {
      if (mine.has(idOf(call))) return null;
      const answer = answers.get(idOf(call));
      // Unclaimed and unanswered: claimed twice in this statement, or by this transaction before.
      if (!answer || answer.response === null) throw new Error('idempotency key claimed twice in one transaction');
      return { status: answer.status, body: answer.response };
    });
  }

  /** Stores each claimed call's answer (stored as JSON, as it is sent: a replay answers the same bytes' worth). */
  async store(q: Queryable, calls: IdempotentCall[], bodies: unknown[]): Promise<void> {
    if (calls.length > 0) await q.execute(sql`with ${this.storing(calls, bodies)} select 1`);
  }

  /** `store` as a data-modifying CTE named `stored_answers`, for a writer's own statement. */
  storing(calls: IdempotentCall[], bodies: unknown[]): SQL {
    const answers = new Map(calls.map((c, i) => [c, JSON.stringify(bodies[i])]));
    return sql`stored_answers as (update ${idempotencyKeys} k set response = v.response::jsonb
      from ${callsTable(calls, 'response', (c) => answers.get(c)!)}
      where k.user_id = v.user_id::uuid and k.route = v.route and k.key = v.key)`;
  }

  /**
   * Gives claimed keys back, as a data-modifying CTE named `released_keys`, for calls of a batch refused while the
   * rest commit: a repeat then runs anew.
   */
  releasing(calls: IdempotentCall[]): SQL {
    return sql`released_keys as (delete from ${idempotencyKeys} k using ${callsTable(calls)}
      where k.user_id = v.user_id::uuid and k.route = v.route and k.key = v.key)`;
  }

  /** Forgets keys older than `olderThanMs`: a repeat after that is a new create. */
  async prune(olderThanMs: number): Promise<void> {
    await this.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(this.clock.now().getTime() - olderThanMs)));
  }
}

type Key = { userId: string; route: string; key: string };

const idOf = (c: Key) => JSON.stringify([c.userId, c.route, c.key]);

/**
 * The calls as a table `v(user_id, route, key[, extra])` of text columns, from array parameters: one statement text
 * whatever the number of calls.
 */
function callsTable(calls: IdempotentCall[], extra?: string, value?: (call: IdempotentCall) => string): SQL {
  const column = (pick: (call: IdempotentCall) => string) => textArray(calls.map(pick));
  const columns = [column((c) => c.userId), column((c) => c.route), column((c) => c.key)];
  if (extra && value) columns.push(column(value));
  return sql`unnest(${sql.join(columns, sql`, `)}) as v(user_id, route, key${sql.raw(extra ? `, ${extra}` : '')})`;
}
