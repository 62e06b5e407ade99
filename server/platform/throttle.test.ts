import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { days, ManualClock, minutes } from './clock.ts';
import type { Database } from './db/client.ts';
import { throttleHits } from './db/schema.ts';
import { Throttle } from './throttle.ts';
import { openTestDatabase } from '../test/databases.ts';
import { engine } from '../test/harness.ts';

let database: Database;
const clock = new ManualClock();
beforeAll(async () => { database = await openTestDatabase(engine, inject('templates')); });
afterAll(async () => { await database.close(); });

describe('throttle', () => {
  it('allows attempts up to each window\'s maximum, counting on the app clock', async () => {
    const throttle = new Throttle(database.db, clock);
    const windows = [{ max: 2, ms: minutes(1) }, { max: 3, ms: minutes(60) }];
    expect(await throttle.claim('k', windows)).toBe(true);
    expect(await throttle.claim('k', windows)).toBe(true);
    expect(await throttle.claim('k', windows)).toBe(false);
    expect(await throttle.claim('other', windows)).toBe(true);
    clock.advance(minutes(1) + 1);
    expect(await throttle.claim('k', windows)).toBe(true);
    clock.advance(minutes(1) + 1);
    expect(await throttle.claim('k', windows)).toBe(false);
    await throttle.clear('k');
    expect(await throttle.claim('k', windows)).toBe(true);
  });

  it('lets exactly the maximum through a parallel burst on one key, whatever the engine', async () => {
    const throttle = new Throttle(database.db, clock);
    const windows = [{ max: 5, ms: minutes(15) }];
    const answers = await Promise.all(Array.from({ length: 200 }, () => throttle.claim('burst', windows)));
    expect(answers.filter(Boolean)).toHaveLength(5);
    const [row] = await database.db.select({ n: count() }).from(throttleHits).where(eq(throttleHits.key, 'burst'));
    expect(row?.n).toBe(5);
  });

  it('claims several keys at once or none, and gives one attempt back', async () => {
    const throttle = new Throttle(database.db, clock);
    const two = [{ max: 2, ms: minutes(15) }];
    const claims = [{ key: 'wide', windows: [{ max: 3, ms: minutes(15) }] }, { key: 'narrow', windows: two }];
    const first = await throttle.claimAll(claims);
    expect(first).toHaveLength(2);
    expect(await throttle.claimAll(claims)).toHaveLength(2);
    expect(await throttle.claimAll(claims)).toBeNull();
    // Refused on 'narrow', so nothing was recorded on 'wide' either.
    expect(await throttle.claimAll([{ key: 'wide', windows: [{ max: 3, ms: minutes(15) }] }])).toHaveLength(1);
    expect(await throttle.claim('wide', [{ max: 3, ms: minutes(15) }])).toBe(false);
    await throttle.release(first!.slice(1));
    expect(await throttle.claim('narrow', two)).toBe(true);
    expect(await throttle.claim('narrow', two)).toBe(false);
  });

  it('holds every key\'s maximum in parallel bursts of claims sharing keys', async () => {
    const throttle = new Throttle(database.db, clock);
    const claimsOf = (i: number) => [
      { key: 'shared', windows: [{ max: 7, ms: minutes(15) }] }, { key: `own-${i % 3}`, windows: [{ max: 2, ms: minutes(15) }] },
    ];
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => throttle.claimAll(claimsOf(i))));
    expect(answers.filter(Boolean)).toHaveLength(6);
    const [row] = await database.db.select({ n: count() }).from(throttleHits).where(eq(throttleHits.key, 'shared'));
    expect(row?.n).toBe(6);
  });

  it('prunes hits older than the longest window', async () => {
    const throttle = new Throttle(database.db, clock);
    const once = [{ max: 1, ms: days(7) }];
    await throttle.claim('old', once);
    clock.advance(days(2));
    await throttle.claim('new', once);
    await throttle.prune(days(1));
    const [row] = await database.db.select({ n: count() }).from(throttleHits);
    expect(row?.n).toBe(1);
  });
});
