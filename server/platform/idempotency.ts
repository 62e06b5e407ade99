import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Clock } from './clock.ts';
import type { Db, Queryable } from './db/client.ts';
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
    const at = this.clock.now();
    const claimed = await q.insert(idempotencyKeys)
      .values(calls.map(({ userId, route, key, status }) => ({ userId, route, key, status, createdAt: at })))
      .onConflictDoNothing()
      .returning({ userId: idempotencyKeys.userId, route: idempotencyKeys.route, key: idempotencyKeys.key });
    const mine = new Set(claimed.map(idOf));
    const others = calls.filter((c) => !mine.has(idOf(c)));
    const stored = others.length === 0 ? [] : await q.select().from(idempotencyKeys).where(or(...others.map(keyOf)));
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
    if (calls.length === 0) return;
    const rows = sql.join(calls.map((c, i) =>
      sql`(${c.userId}::uuid, ${c.route}, ${c.key}, ${JSON.stringify(bodies[i])}::jsonb)`), sql`, `);
    await q.execute(sql`update ${idempotencyKeys} k set response = v.response
      from (values ${rows}) as v(user_id, route, key, response)
      where k.user_id = v.user_id and k.route = v.route and k.key = v.key`);
  }

  /** Gives claimed keys back, for calls of a batch refused while the rest commit: a repeat then runs anew. */
  async release(q: Queryable, calls: IdempotentCall[]): Promise<void> {
    if (calls.length === 0) return;
    await q.delete(idempotencyKeys).where(or(...calls.map(keyOf)));
  }

  /** Forgets keys older than `olderThanMs`: a repeat after that is a new create. */
  async prune(olderThanMs: number): Promise<void> {
    await this.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(this.clock.now().getTime() - olderThanMs)));
  }
}

const idOf = (c: { userId: string; route: string; key: string }) => JSON.stringify([c.userId, c.route, c.key]);
const keyOf = (c: { userId: string; route: string; key: string }) =>
  and(eq(idempotencyKeys.userId, c.userId), eq(idempotencyKeys.route, c.route), eq(idempotencyKeys.key, c.key));
