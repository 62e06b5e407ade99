import type { FastifyBaseLogger } from 'fastify';
import { safeError } from './http/log-safety.ts';

export interface Job {
  name: string;
  /** Must be safe to run in several processes at once (claim work with SKIP LOCKED). */
  run(): Promise<unknown>;
}

export const jobInterval = 60_000;

/** Told of every finished run (metrics). */
export type JobObserver = (job: string, outcome: 'ok' | 'failed', seconds: number) => void;

/**
 * Runs background jobs on real time: each job once at start (to catch up after downtime) and then every
 * interval. A run never overlaps the previous run of the same job; failures are logged and retried next time.
 */
export class Scheduler {
  private readonly log: FastifyBaseLogger;
  private readonly intervalMs: number;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Map<string, Promise<void>>();
  private readonly observe: JobObserver | undefined;

  constructor(log: FastifyBaseLogger, intervalMs = jobInterval, observe?: JobObserver) {
    this.log = log;
    this.intervalMs = intervalMs;
    this.observe = observe;
  }

  start(jobs: Job[]): void {
    for (const job of jobs) {
      this.tick(job);
      const timer = setInterval(() => this.tick(job), this.intervalMs);
      timer.unref();
      this.timers.push(timer);
    }
  }

  /** Stops the timers and waits for runs in progress. */
  async stop(): Promise<void> {
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    await Promise.all(this.running.values());
  }

  private tick(job: Job): void {
    if (this.running.has(job.name)) return;
    const started = performance.now();
    const finished = (outcome: 'ok' | 'failed') => this.observe?.(job.name, outcome, (performance.now() - started) / 1000);
    const run = job.run().then(
      () => finished('ok'),
      (err: unknown) => {
        finished('failed');
        this.log.error({ err: safeError(err), job: job.name }, 'job failed');
      },
    ).finally(() => this.running.delete(job.name));
    this.running.set(job.name, run);
  }
}
