import { and, eq, lt, sql } from 'drizzle-orm';
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
 * gets the stored answer; a first attempt that failed rolled its claim back, so a repeat runs anew.
 */
export class Idempotency {
  private readonly db: Db;
  private readonly clock: Clock;
  constructor(db: Db, clock: Clock) {
    this.db = db;
    this.clock = clock;
  }

  once(call: IdempotentCall, write: (tx: Queryable) => Promise<unknown>): Promise<Answer> {
    const { userId, route, key } = call;
    return this.db.transaction(async (tx) => {
      const claimed = await tx.insert(idempotencyKeys)
        .values({ userId, route, key, status: call.status, createdAt: this.clock.now() })
        .onConflictDoNothing().returning({ key: idempotencyKeys.key });
      const mine = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.route, route), eq(idempotencyKeys.key, key));
      if (claimed.length === 0) {
        const [stored] = await tx.select().from(idempotencyKeys).where(mine);
        if (!stored) throw new Error('idempotency key vanished after its conflict');
        return { status: stored.status, body: stored.response };
      }
      const body = await write(tx);
      // Stored as JSON, as it is sent: a replay answers the same bytes' worth.
      await tx.update(idempotencyKeys).set({ response: sql`${JSON.stringify(body)}::jsonb` }).where(mine);
      return { status: call.status, body };
    });
  }

  /** Forgets keys older than `olderThanMs`: a repeat after that is a new create. */
  async prune(olderThanMs: number): Promise<void> {
    await this.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(this.clock.now().getTime() - olderThanMs)));
  }
}
