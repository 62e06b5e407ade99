import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ManualClock, minutes } from './clock.ts';
import { rawRows, textArray, type Database } from './db/client.ts';
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

/** `keys` as the rows `(i, key)` `takeEach` counts. */
const sent = (keys: string[]) => sql`select i, key from unnest(${textArray(keys)}) with ordinality as t(key, i)`;

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

  it('counts a batch\'s requests per key in their order, within its transaction', async () => {
    await oks('c', 2, 4);
    const within = await database.db.transaction((tx) => limits.takeEach(tx, sent(['c', 'd', 'c', 'c', 'd']), 5, perMinute(4)));
    expect(within).toEqual([true, true, true, false, true]);
    await expect(database.db.transaction(async (tx) => {
      await limits.takeEach(tx, sent(['d', 'd']), 2, perMinute(4));
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    expect(await oks('d', 3, 4)).toEqual([true, true, false]);
  });

  it('counts parallel batches sharing keys exactly, whatever order they name them in', async () => {
    const batches = Array.from({ length: 20 }, (_, b) => (b % 2 === 0 ? ['x', 'y', 'x'] : ['y', 'x', 'y']));
    const answers = await Promise.all(batches.map((keys) =>
      database.db.transaction((tx) => limits.takeEach(tx, sent(keys), keys.length, perMinute(25)))));
    const passed = (key: string) => answers.flatMap((within, b) => within.filter((ok, i) => ok && batches[b]![i] === key));
    expect([passed('x').length, passed('y').length]).toEqual([25, 25]);
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
