import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import * as grocery from '@hearth/contract/grocery';
import { ManualClock } from '../clock.ts';
import { migrate, openPglite, openPostgres, rawRows, type Database } from '../db/client.ts';
import { groceryLists } from '../db/schema.ts';
import { createPostgresDatabase } from '../../test/databases.ts';
import type { Endpoint } from '@hearth/contract/endpoint';
import {
  createTestApp, randomIp, request, signUp, type CallInput, type SignedInUser, type TestApp,
} from '../../test/harness.ts';
import { differences, householdAnswers, makeHousehold } from '../../test/household.ts';
import { openBackupChannel } from './channel.ts';
import { backupCommand, restoreCommand } from './cli.ts';

/**
 * The same file moves a household between the engines, both ways, through `npm run backup` and `npm run restore`
 * as a self-hoster runs them: taken from a running server while members write, every answer the family gets from
 * the new database is the one it got from the old.
 */

/** Where a database of each engine is, as the commands are told it (`env`), and how the server opens it. */
interface Place { env: Record<string, string>; open(): Promise<Database>; remove(): Promise<void> }

let scratch: string;

function pgliteFolder(name: string): Place {
  const dir = join(scratch, name);
  return {
    env: { DATA_DIR: dir },
    open: async () => {
      const database = await openPglite({ dataDir: dir });
      await migrate(database);
      return database;
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

async function postgresDatabase(): Promise<Place> {
  const created = await createPostgresDatabase(inject('templates'));
  return { env: { DATABASE_URL: created.url }, open: () => openPostgres(created.url), remove: created.drop };
}

/** The app on a database, as its server would run it, at `now`. */
const appOn = async (database: Database, now: Date) =>
  createTestApp({ database, clock: new ManualClock(now), env: { WRITES_PER_MINUTE: '100000' } });

/** `user`'s calls to another app (sessions move with the backup). */
const callAs = (user: SignedInUser, t: TestApp) => (e: Endpoint, input: CallInput = {}) =>
  request(t.app, e, { ...input, headers: { authorization: `Bearer ${user.token}` } }, randomIp());

/** Members adding items to one list, one after another each, until stopped; what each had acknowledged. */
function writersOn(user: SignedInUser, listId: string, count = 2) {
  let stopping = false;
  const acknowledged = Array.from({ length: count }, () => 0);
  const runs = acknowledged.map(async (_, w) => {
    for (let i = 0; !stopping; i++) {
      const res = await user.call(grocery.addItem, { body: { name: `writer ${w} item ${i}`, listId } });
      if (res.status !== 201) throw new Error(`add: ${res.status} ${JSON.stringify(res.body)}`);
      acknowledged[w]!++;
    }
  });
  return {
    acknowledged: () => [...acknowledged],
    stop: async () => {
      stopping = true;
      await Promise.all(runs);
    },
  };
}

async function itemCountColumn(t: TestApp, listId: string): Promise<number> {
  const [row] = await t.db.select({ n: groceryLists.itemCount }).from(groceryLists).where(eq(groceryLists.id, listId));
  return row!.n;
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'hearth-moving-'));
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const directions: [string, (name: string) => Promise<Place> | Place, (name: string) => Promise<Place> | Place][] = [
  ['from PGlite to PostgreSQL', pgliteFolder, postgresDatabase],
  ['from PostgreSQL to PGlite', postgresDatabase, pgliteFolder],
];

it.each(directions)('moves a household %s, backed up while members write, every answer the same', async (_, from, to) => {
  const source = await from('source');
  const target = await to('target');
  const database = await source.open();
  const t = await appOn(database, new Date('2026-03-01T12:00:00Z'));
  let moved: TestApp | undefined;
  // On PGlite the running server owns the folder: the command asks it.
  const closeChannel = source.env.DATA_DIR ? await openBackupChannel(database, source.env.DATA_DIR, t.app.log) : undefined;
  try {
    const household = await makeHousehold(t);
    const busy = await signUp(t, { name: 'Busy' });
    const busyList = (await busy.call(grocery.createList, { body: { title: 'Party' } })).body.id as string;
    const answers = await householdAnswers(t.app, household);
    const writers = writersOn(busy, busyList);
    while (writers.acknowledged().some((n) => n < 3)) await new Promise((r) => setTimeout(r, 5));
    const atStart = writers.acknowledged();
    const file = join(scratch, 'household.jsonl.gz');
    await backupCommand(file, source.env);
    const atEnd = writers.acknowledged();
    await writers.stop();

    expect(await restoreCommand(file, target.env)).toMatch(/^Restored .*: \d+ rows of \d+ tables/);
    await expect(restoreCommand(file, target.env)).rejects.toThrow(/^The target database is not empty \(.*\): restore only into a new database/);
    moved = await appOn(await target.open(), t.clock.now());

    expect(differences(answers, await householdAnswers(moved.app, household))).toEqual([]);

    // The busy list is as it was at one moment: each writer's adds up to some point, none after a gap, the list's
    // count agreeing with its items; everything acknowledged before the backup began is there.
    const call = callAs(busy, moved);
    const names: string[] = (await call(grocery.getItems, { params: { listId: busyList } })).body.map((i: { name: string }) => i.name);
    atStart.forEach((started, w) => {
      const mine = names.filter((n) => n.startsWith(`writer ${w} `));
      expect(mine.length).toBeGreaterThanOrEqual(started);
      expect(mine.length).toBeLessThanOrEqual(atEnd[w]! + 1);
      expect(new Set(mine)).toEqual(new Set(Array.from({ length: mine.length }, (_, i) => `writer ${w} item ${i}`)));
    });
    expect(await itemCountColumn(moved, busyList)).toBe(names.length);
    // The list's triggers work again after the restore.
    expect((await call(grocery.addItem, { body: { name: 'after the move', listId: busyList } })).status).toBe(201);
    expect(await itemCountColumn(moved, busyList)).toBe(names.length + 1);
    const [row] = await rawRows<{ n: number }>(moved.db, sql`select count(*)::int as n from grocery_items where list_id = ${busyList}`);
    expect(row!.n).toBe(names.length + 1);
  } finally {
    await closeChannel?.();
    await t.close();
    await moved?.close();
    await source.remove();
    await target.remove();
  }
}, 120_000);
