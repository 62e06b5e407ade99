import { minutes } from './clock.ts';
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
}

/** A user's writes are counted under this prefix and their id. */
const prefix = 'writes:';
