import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Clock } from './clock.ts';
import type { Queryable } from './db/client.ts';
import { throttleHits } from './db/schema.ts';

export interface Window {
  max: number;
  ms: number;
}

/**
 * Counts attempts per key in the database (so every server process shares them) on the app's
 * clock. `allow` records the attempt only when it is within every window.
 */
export class Throttle {
  private readonly q: Queryable;
  private readonly clock: Clock;
  constructor(q: Queryable, clock: Clock) {
    this.q = q;
    this.clock = clock;
  }

  async allow(key: string, windows: Window[]): Promise<boolean> {
    if (!(await this.within(key, windows))) return false;
    await this.record(key);
    return true;
  }

  async within(key: string, windows: Window[]): Promise<boolean> {
    const now = this.clock.now().getTime();
    for (const w of windows) {
      const [row] = await this.q.select({ n: count() }).from(throttleHits)
        .where(and(eq(throttleHits.key, key), gt(throttleHits.at, new Date(now - w.ms))));
      if ((row?.n ?? 0) >= w.max) return false;
    }
    return true;
  }

  async record(key: string): Promise<void> {
    await this.q.insert(throttleHits).values({ key, at: this.clock.now() });
  }

  async clear(key: string): Promise<void> {
    await this.q.delete(throttleHits).where(eq(throttleHits.key, key));
  }

  /** Drops hits older than the longest window any caller uses. */
  async prune(olderThanMs: number): Promise<void> {
    await this.q.delete(throttleHits).where(lt(throttleHits.at, new Date(this.clock.now().getTime() - olderThanMs)));
  }
}
