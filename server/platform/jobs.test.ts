import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { Scheduler } from './jobs.ts';

function logger() {
  const errors: unknown[] = [];
  return { errors, log: { error: (obj: unknown) => errors.push(obj) } as unknown as FastifyBaseLogger };
}

afterEach(() => { vi.useRealTimers(); });

describe('Scheduler', () => {
  it('runs each job at start and then every interval until stopped', async () => {
    vi.useFakeTimers();
    const { log } = logger();
    const run = vi.fn(async () => undefined);
    const scheduler = new Scheduler(log, 1000);
    scheduler.start([{ name: 'job', run }]);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(run).toHaveBeenCalledTimes(4);
    await scheduler.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).toHaveBeenCalledTimes(4);
  });

  it('never overlaps two runs of one job, and stop waits for the run in progress', async () => {
    vi.useFakeTimers();
    const { log } = logger();
    let finish: () => void = () => {};
    const run = vi.fn(() => new Promise<void>((resolve) => { finish = resolve; }));
    const scheduler = new Scheduler(log, 1000);
    scheduler.start([{ name: 'slow', run }]);
    await vi.advanceTimersByTimeAsync(3500);
    expect(run).toHaveBeenCalledTimes(1);
    let stopped = false;
    const stopping = scheduler.stop().then(() => { stopped = true; });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
  });

  it('logs a failed run and tries again next time', async () => {
    vi.useFakeTimers();
    const { log, errors } = logger();
    const run = vi.fn().mockRejectedValueOnce(new Error('boom')).mockResolvedValue(undefined);
    const scheduler = new Scheduler(log, 1000);
    scheduler.start([{ name: 'flaky', run }]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(errors).toHaveLength(1);
    expect(run).toHaveBeenCalledTimes(2);
    await scheduler.stop();
  });
});
