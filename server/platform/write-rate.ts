import { sql } from 'drizzle-orm';
import { minutes } from './clock.ts';
import { hashToken } from './auth/secrets.ts';
import { textArray, type Queryable } from './db/client.ts';
import { sessions } from './db/schema.ts';
import type { Limit, RateLimits } from './rate-limits.ts';

/**
 * Writes per user in one-minute windows, counted in the database (`RateLimits`), so the limit holds however many
 * server processes share it: a bound on how fast one member can grow their family's data.
 */
export class WriteRate {
  private readonly limits: RateLimits;
  private readonly limit: Limit;

  constructor(limits: RateLimits, perMinute: number) {
    this.limits = limits;
    this.limit = { max: perMinute, ms: minutes(1) };
  }

  /** Counts one write of the user's; false once the user is past the limit in the current minute. */
  async take(userId: string): Promise<boolean> {
    return (await this.limits.take(`${prefix}${userId}`, this.limit)).ok;
  }

  /**
   * Counts the writes sent with these session tokens, in a batch's transaction `q` (item adds, which read their
   * callers' sessions in the same round trip): per write, whether it is within its user's rate. A token without a
   * live session counts for nobody (its write is refused as signed out).
   */
  takeFor(q: Queryable, tokens: string[], now: Date): Promise<boolean[]> {
    const sent = sql`select t.i, ${prefix}::text || s.user_id as key
      from unnest(${textArray(tokens.map(hashToken))}) with ordinality as t(hash, i)
      cross join lateral (select s.user_id from ${sessions} s
        where s.token_hash = t.hash and s.revoked_at is null and s.expires_at > ${now.toISOString()}::timestamptz
        limit 1) s`;
    return this.limits.takeEach(q, sent, tokens.length, this.limit);
  }
}

/** A user's writes are counted under this prefix and their id. */
const prefix = 'writes:';
