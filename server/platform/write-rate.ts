import type { Clock } from './clock.ts';

/**
 * Writes per user in fixed one-minute windows on the app's clock, counted in this process: a bound on how fast one
 * member can grow their family's data, not a security secret, so a count per process is enough and costs no query.
 */
export class WriteRate {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private readonly clock: Clock;
  private readonly perMinute: number;

  constructor(clock: Clock, perMinute: number) {
    this.clock = clock;
    this.perMinute = perMinute;
  }

  /** Counts one write of the user's; false once the user is past the limit in the current minute. */
  take(userId: string): boolean {
    const now = this.clock.now().getTime();
    const current = this.windows.get(userId);
    if (!current || now - current.start >= windowMs || now < current.start) {
      if (this.windows.size >= sweepAt) this.sweep(now);
      this.windows.set(userId, { start: now, count: 1 });
      return true;
    }
    current.count++;
    return current.count <= this.perMinute;
  }

  private sweep(now: number): void {
    for (const [userId, w] of this.windows) if (now - w.start >= windowMs) this.windows.delete(userId);
  }
}

const windowMs = 60_000;
/** Past this many tracked users, finished windows are dropped, so memory follows active writers only. */
const sweepAt = 10_000;
