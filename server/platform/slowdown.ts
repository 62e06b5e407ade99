import { hashToken } from './auth/secrets.ts';
import { minutes, type Clock } from './clock.ts';
import type { RateLimits } from './rate-limits.ts';

/** An identity's attempts are counted in windows of 15 minutes from the first; none is ever refused here. */
const window = { max: Number.POSITIVE_INFINITY, ms: minutes(15) };

export const maxDelay = 3000;

/** The wait after `failures` recent failed attempts: none for the first three, then 250 ms doubling up to 3 s. */
export const delayAfter = (failures: number) => (failures < 3 ? 0 : Math.min(maxDelay, 250 * 2 ** (failures - 3)));

/**
 * Attempts on one identity (an email, the super admin's username) from every address together slow down rather
 * than lock: a guesser spread over many addresses gets one guess per connection every few seconds, and a stranger
 * can never shut the owner out (their attempt waits 3 s at most, on a timer, holding no thread). Counted in the
 * database (`RateLimits`), so every server process slows down alike; the per-address limits bound the rest.
 */
export class Slowdown {
  private readonly limits: RateLimits;
  private readonly clock: Clock;
  constructor(limits: RateLimits, clock: Clock) {
    this.limits = limits;
    this.clock = clock;
  }

  /** Counts an attempt on `identity`, then waits as long as the attempts before it in the window ask. */
  async attempt(identity: string): Promise<void> {
    const { count } = await this.limits.take(keyOf(identity), window);
    await this.clock.wait(delayAfter(count - 1));
  }

  /** Forgets the identity's attempts, once one of them proved right. */
  async forgive(identity: string): Promise<void> {
    await this.limits.forget(keyOf(identity));
  }
}

// Hashed: a username comes from a header, of any length.
const keyOf = (identity: string) => `slowdown:${hashToken(identity)}`;
