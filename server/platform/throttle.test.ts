import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { count } from 'drizzle-orm';
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
    expect(await throttle.allow('k', windows)).toBe(true);
    expect(await throttle.allow('k', windows)).toBe(true);
    expect(await throttle.allow('k', windows)).toBe(false);
    expect(await throttle.allow('other', windows)).toBe(true);
    clock.advance(minutes(1) + 1);
    expect(await throttle.allow('k', windows)).toBe(true);
    clock.advance(minutes(1) + 1);
    expect(await throttle.allow('k', windows)).toBe(false);
    await throttle.clear('k');
    expect(await throttle.allow('k', windows)).toBe(true);
  });

  it('prunes hits older than the longest window', async () => {
    const throttle = new Throttle(database.db, clock);
    await throttle.record('old');
    clock.advance(days(2));
    await throttle.record('new');
    await throttle.prune(days(1));
    const [row] = await database.db.select({ n: count() }).from(throttleHits);
    expect(row?.n).toBe(1);
  });
});
