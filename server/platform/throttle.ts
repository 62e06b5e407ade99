import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Clock } from './clock.ts';
import type { Db } from './db/client.ts';
import { throttleHits } from './db/schema.ts';

export interface Window {
  max: number;
  ms: number;
}

/**
 * Counts attempts per key in the database (so every server process shares them) on the app's clock.
 * An attempt is claimed before the secret it guards is checked, and claiming is atomic (one key at a time
 * under a transaction-scoped advisory lock), so a parallel burst can never check more than the limit.
 */
export class Throttle {
  private readonly db: Db;
  private readonly clock: Clock;
  constructor(db: Db, clock: Clock) {
    this.db = db;
    this.clock = clock;
  }

  /** Records one attempt when it is within every window; false (nothing recorded) when any window is full. */
  async claim(key: string, windows: Window[]): Promise<boolean> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
      for (const w of windows) {
        const [row] = await tx.select({ n: count() }).from(throttleHits)
          .where(and(eq(throttleHits.key, key), gt(throttleHits.at, new Date(now.getTime() - w.ms))));
        if ((row?.n ?? 0) >= w.max) return false;
      }
      await tx.insert(throttleHits).values({ key, at: now });
      return true;
    });
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(throttleHits).where(eq(throttleHits.key, key));
  }

  /** Drops hits older than the longest window any caller uses. */
  async prune(olderThanMs: number): Promise<void> {
    await this.db.delete(throttleHits).where(lt(throttleHits.at, new Date(this.clock.now().getTime() - olderThanMs)));
  }
}
