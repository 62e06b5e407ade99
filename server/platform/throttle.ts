import { and, count, eq, gt, inArray, like, lt, or, sql } from 'drizzle-orm';
import type { Clock } from './clock.ts';
import type { Db, Queryable } from './db/client.ts';
import { throttleHits } from './db/schema.ts';

export interface Window {
  max: number;
  ms: number;
}

/** An attempt on one key, limited by each of its windows. */
export interface Claim {
  key: string;
  windows: Window[];
}

/**
 * Counts attempts per key in the database (so every server process shares them) on the app's clock.
 * An attempt is claimed before the secret it guards is checked, and claiming is atomic (its keys taken in order
 * under transaction-scoped advisory locks), so a parallel burst can never check more than the limit.
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
    return (await this.claimAll([{ key, windows }])) !== null;
  }

  /**
   * Records one attempt on every key when each is within all its windows: the attempts' ids, in the order of the
   * claims (`release` takes one back); null, nothing recorded, when any window is full.
   */
  async claimAll(claims: Claim[]): Promise<string[] | null> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      for (const key of [...new Set(claims.map((c) => c.key))].sort()) {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
      }
      for (const { key, windows } of claims) {
        for (const w of windows) {
          const [row] = await tx.select({ n: count() }).from(throttleHits)
            .where(and(eq(throttleHits.key, key), gt(throttleHits.at, new Date(now.getTime() - w.ms))));
          if ((row?.n ?? 0) >= w.max) return null;
        }
      }
      const rows = await tx.insert(throttleHits).values(claims.map(({ key }) => ({ key, at: now })))
        .returning({ id: throttleHits.id });
      return rows.map((r) => r.id);
    });
  }

  /** Takes back attempts recorded by `claimAll` (one that proved right, say). */
  async release(ids: string[]): Promise<void> {
    if (ids.length > 0) await this.db.delete(throttleHits).where(inArray(throttleHits.id, ids));
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(throttleHits).where(eq(throttleHits.key, key));
  }

  /** Drops hits older than the longest window any caller uses. */
  async prune(olderThanMs: number): Promise<void> {
    await this.db.delete(throttleHits).where(lt(throttleHits.at, new Date(this.clock.now().getTime() - olderThanMs)));
  }
}

/**
 * Forgets the attempts counted under keys naming any of `names` (an email, an account's id) as a whole part of the
 * key: a deleted account's address stays in no counter.
 */
export async function forgetAttemptsNaming(q: Queryable, names: string[]): Promise<void> {
  for (const name of names) {
    await q.delete(throttleHits).where(or(like(throttleHits.key, `%:${escapeLike(name)}`), like(throttleHits.key, `%:${escapeLike(name)}:%`)));
  }
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
