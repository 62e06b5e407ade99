import { eq, lte, sql, type SQL } from 'drizzle-orm';
import type { Clock } from './clock.ts';
import { rawRows, type Db, type Queryable } from './db/client.ts';
import { rateCounts } from './db/schema.ts';

export interface Limit {
  max: number;
  ms: number;
}

export interface Verdict {
  ok: boolean;
  /** This request's number in the key's window, from 1. */
  count: number;
  /** When the key's window ends, from now. */
  retryAfterMs: number;
}

/**
 * Requests counted per key in the database, so a limit holds for any number of server processes: a fixed window
 * starting at the key's first request, counted by one upsert of the key's row (no transaction of its own). The
 * upsert takes the row's lock, so parallel requests each get their own count: never more than `max` pass.
 */
export class RateLimits {
  private readonly db: Db;
  private readonly clock: Clock;
  constructor(db: Db, clock: Clock) {
    this.db = db;
    this.clock = clock;
  }

  /** Counts one request on `key`: within `limit` in the key's current window or not. */
  async take(key: string, limit: Limit): Promise<Verdict> {
    const now = this.clock.now();
    const [row] = await rawRows<{ n: number; ends: number }>(this.db, sql`
      insert into ${rateCounts} as c (key, window_ends, n) values (${key}, ${windowEnd(now, limit)}::timestamptz, 1)
      on conflict (key) do update set ${raised(now)}
      returning c.n, (extract(epoch from c.window_ends) * 1000)::float8 as ends`);
    return { ok: row!.n <= limit.max, count: row!.n, retryAfterMs: Math.max(0, row!.ends - now.getTime()) };
  }

  /** Starts the key's count again. */
  async forget(key: string): Promise<void> {
    await this.db.delete(rateCounts).where(eq(rateCounts.key, key));
  }

  /** Drops rows whose window has ended: a key's next request starts a new one anyway. */
  async prune(): Promise<void> {
    await this.db.delete(rateCounts).where(lte(rateCounts.windowEnds, this.clock.now()));
  }
}

const windowEnd = (now: Date, limit: Limit) => new Date(now.getTime() + limit.ms).toISOString();

/** The conflicting row's update: a window that has ended starts again with these requests. */
function raised(now: Date): SQL {
  const ended = sql`c.window_ends <= ${now.toISOString()}::timestamptz`;
  return sql`n = case when ${ended} then excluded.n else c.n + excluded.n end,
    window_ends = case when ${ended} then excluded.window_ends else c.window_ends end`;
}
