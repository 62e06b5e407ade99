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

  /**
   * Counts the requests of `sent`, a query of rows `(i, key)` (`i` numbering them from 1), in `q`'s transaction;
   * answers per request whether it is within `limit`, requests of one key counted in the order of `i`. The rows stay
   * locked until `q` ends, so concurrent batches of one key wait for each other; a rollback takes the counts back.
   */
  async takeEach(q: Queryable, sent: SQL, count: number, limit: Limit): Promise<boolean[]> {
    const now = this.clock.now();
    // Keys raised in their order, so two batches sharing keys lock them in the same order and never deadlock.
    const rows = await rawRows<{ i: number; place: number }>(q, sql`
      with sent as (${sent}),
      counted as (
        insert into ${rateCounts} as c (key, window_ends, n)
        select key, ${windowEnd(now, limit)}::timestamptz, count(*)::int from sent group by key order by key
        on conflict (key) do update set ${raised(now)}
        returning c.key, c.n
      )
      select sent.i::int as i,
        (counted.n - count(*) over (partition by sent.key) + row_number() over (partition by sent.key order by sent.i))::int
          as place
      from sent join counted on counted.key = sent.key`);
    const within = Array.from({ length: count }, () => false);
    for (const { i, place } of rows) within[i - 1] = place <= limit.max;
    return within;
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
