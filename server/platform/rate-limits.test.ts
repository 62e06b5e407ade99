import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ManualClock, minutes } from './clock.ts';
import { rawRows, type Database } from './db/client.ts';
import { rateCounts } from './db/schema.ts';
import { RateLimits } from './rate-limits.ts';
import { openTestDatabase } from '../test/databases.ts';
import { engine } from '../test/harness.ts';

let database: Database;
let limits: RateLimits;
const clock = new ManualClock();
beforeAll(async () => {
  database = await openTestDatabase(engine, inject('templates'));
  limits = new RateLimits(database.db, clock);
});
afterAll(async () => { await database.close(); });

const perMinute = (max: number) => ({ max, ms: minutes(1) });
const oks = async (key: string, n: number, max: number) => {
  const verdicts: boolean[] = [];
  for (let i = 0; i < n; i++) verdicts.push((await limits.take(key, perMinute(max))).ok);
  return verdicts;
};

describe('rate limits', () => {
  it('lets `max` requests of a key through in a window that starts with its first request', async () => {
    expect(await oks('a', 4, 3)).toEqual([true, true, true, false]);
    expect(await oks('b', 1, 3)).toEqual([true]);
    clock.advance(minutes(1) - 1);
    const refused = await limits.take('a', perMinute(3));
    expect(refused).toEqual({ ok: false, count: 5, retryAfterMs: 1 });
    clock.advance(1);
    expect(await oks('a', 4, 3)).toEqual([true, true, true, false]);
    clock.advance(minutes(1) / 2);
    expect((await limits.take('a', perMinute(3))).retryAfterMs).toBe(minutes(1) / 2);
  });

  it('lets exactly `max` of a parallel burst through', async () => {
    const verdicts = await Promise.all(Array.from({ length: 200 }, () => limits.take('burst', perMinute(20))));
    expect(verdicts.filter((v) => v.ok)).toHaveLength(20);
  });

  it('prunes the rows whose window has ended, and only those', async () => {
    await oks('old', 1, 1);
    clock.advance(minutes(1) / 2);
    await oks('new', 1, 1);
    clock.advance(minutes(1) / 2);
    await limits.prune();
    const keys = (await rawRows<{ key: string }>(database.db, sql`select key from ${rateCounts}`)).map((r) => r.key);
    expect(keys).toContain('new');
    expect(keys).not.toContain('old');
  });
});
