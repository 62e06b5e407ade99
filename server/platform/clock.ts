/** The app's source of "now" and of waiting; tests pass a settable clock instead of sleeping. */
export interface Clock {
  now(): Date;
  /** Resolves after `ms`, holding no thread meanwhile. */
  wait(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => new Date(),
  wait: (ms) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve()),
};

export class ManualClock implements Clock {
  private current: number;
  /** Every wait asked for, in order; none is waited (time moves only when the test moves it). */
  readonly waits: number[] = [];
  constructor(start: Date | string = '2026-03-01T12:00:00Z') {
    this.current = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  async wait(ms: number): Promise<void> {
    this.waits.push(ms);
  }
  set(to: Date | string): void {
    this.current = new Date(to).getTime();
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

export const minutes = (n: number) => n * 60_000;
export const hours = (n: number) => n * 3_600_000;
export const days = (n: number) => n * 86_400_000;
