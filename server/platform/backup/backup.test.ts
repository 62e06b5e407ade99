import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { days, hours, ManualClock } from '../clock.ts';
import { rawRows, type Database } from '../db/client.ts';
import { groceryComments } from '../db/schema.ts';
import { openTestDatabase } from '../../test/databases.ts';
import { createTestApp, engine, type TestApp } from '../../test/harness.ts';
import { differences, householdAnswers, makeHousehold, type Household } from '../../test/household.ts';
import { openBackupChannel } from './channel.ts';
import { backupCommand, restoreCommand } from './cli.ts';
import { readLines, writeAtomically } from './files.ts';
import { BackupError } from './format.ts';
import { runBackupJob } from './job.ts';
import { openBackup, restoreBackup } from './restore.ts';
import { writeBackup } from './write.ts';

let t: TestApp;
let household: Household;
/** What the household's members read, before the backup: reading the calendar's link records an event. */
let answers: Map<string, unknown>;
let dir: string;
let file: string;

const newDatabase = () => openTestDatabase(engine, inject('templates'));

async function backupOf(database: Database, path: string) {
  return writeAtomically(path, (out) => writeBackup(database, out));
}

async function restoreInto(database: Database, path: string) {
  return restoreBackup(database, await openBackup(await readLines(path)));
}

/** A backup's lines but its header, which says when and from which engine it was taken. */
async function rowsOf(path: string): Promise<string[]> {
  const lines: string[] = [];
  for await (const line of await readLines(path)) lines.push(line);
  return lines.slice(1);
}

async function rowCount(database: Database): Promise<number> {
  const tables = await rawRows<{ name: string }>(database.db, sql`select relname as name from pg_stat_user_tables where schemaname = 'public'`);
  let total = 0;
  for (const { name } of tables) {
    const [row] = await rawRows<{ n: number }>(database.db, sql`select count(*)::int as n from ${sql.identifier(name)}`);
    total += row!.n;
  }
  return total;
}

beforeAll(async () => {
  t = await createTestApp({ env: { WRITES_PER_MINUTE: '10000' } });
  household = await makeHousehold(t);
  // A reply whose key sorts before its parent's: the backup holds it first.
  await t.db.insert(groceryComments).values([
    { id: 'ffffffff-0000-4000-8000-000000000000', familyId: household.familyId, listId: household.listIds[1]!, userName: 'A', text: 'Parent' },
    { id: '00000000-0000-4000-8000-000000000000', familyId: household.familyId, listId: household.listIds[1]!, userName: 'B', text: 'Reply',
      parentId: 'ffffffff-0000-4000-8000-000000000000' },
  ]);
  answers = await householdAnswers(t.app, household);
  dir = await mkdtemp(join(tmpdir(), 'hearth-backup-test-'));
  file = join(dir, 'household.jsonl.gz');
  await backupOf(t.database, file);
});

afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('restores into a new database as the same rows and the same answers, triggers\' values included', async () => {
    const target = await createTestApp({ database: await newDatabase(), clock: new ManualClock(t.clock.now()) });
    try {
      const totals = await restoreInto(target.database, file);
      expect(totals.rows).toBe(await rowCount(t.database));
      const again = join(dir, 'again.jsonl');
      await backupOf(target.database, again);
      expect(await rowsOf(again)).toEqual(await rowsOf(file));
      expect(differences(answers, await householdAnswers(target.app, household))).toEqual([]);
    } finally {
      await target.close();
    }
  });

  it('refuses a database that is not empty, and changes nothing', async () => {
    const before = await rowCount(t.database);
    await expect(restoreInto(t.database, file)).rejects.toThrow(
      /^The target database is not empty \(.*users.* have rows\): restore only into a new database/,
    );
    expect(await rowCount(t.database)).toBe(before);
  });

  it('refuses a backup of another database version, a damaged or cut file, leaving the database empty', async () => {
    const lines = [];
    for await (const line of await readLines(file)) lines.push(line);
    const header = JSON.parse(lines[0]!);
    const older = JSON.stringify({ ...header, migrations: { ...header.migrations, applied: header.migrations.applied - 1 } });
    const cases: [string, string[], RegExp][] = [
      ['version', [older, ...lines.slice(1)], /^This backup is of database version .*; the target database is at .*Restore it with the Hearth version that took it/],
      ['cut', lines.slice(0, -3), /^The backup ends early \(the file is cut short\): nothing was restored\.$/],
      ['damaged', lines.map((l) => l.replace(/^\["([0-9a-f-]{36})",/, '["not-a-uuid",')), /^The backup could not be restored, so nothing was: \w+: .*uuid/],
      ['no backup', ['hello'], /^This file is not a Hearth backup\.$/],
      ['miscounted', [...lines.slice(0, -1), JSON.stringify({ end: { tables: 1, rows: 1 } })], /^The backup is damaged: it says 1 rows in 1 tables/],
    ];
    const database = await newDatabase();
    try {
      for (const [name, content, message] of cases) {
        const path = join(dir, `${name}.jsonl`);
        await writeFile(path, `${content.join('\n')}\n`);
        const error = await restoreInto(database, path).catch((e: unknown) => e);
        expect(error, name).toBeInstanceOf(BackupError);
        expect((error as Error).message, name).toMatch(message);
      }
      expect(await rowCount(database)).toBe(0);
      // Nothing was left behind: the same database takes the whole backup.
      await restoreInto(database, file);
      expect(await rowCount(database)).toBe(await rowCount(t.database));
    } finally {
      await database.close();
    }
  });

  it('sets a column\'s sequence past the restored rows', async () => {
    const [source, target] = [await newDatabase(), await newDatabase()];
    try {
      for (const database of [source, target]) {
        await database.db.execute(sql`create table backup_probe (n serial primary key, label text)`);
      }
      await source.db.execute(sql`insert into backup_probe (label) values ('a'), ('b'), ('c')`);
      await source.db.execute(sql`delete from backup_probe where n = 2`);
      const path = join(dir, 'sequence.jsonl');
      await backupOf(source, path);
      await restoreInto(target, path);
      const [row] = await rawRows<{ n: number }>(target.db, sql`insert into backup_probe (label) values ('d') returning n`);
      expect(row!.n).toBe(4);
    } finally {
      await source.close();
      await target.close();
    }
  });
});

describe('npm run backup and npm run restore', () => {
  it('back up a running server\'s PGlite folder through the server, and refuse to restore into it', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'hearth-running-'));
    const closeChannel = await openBackupChannel(t.database, folder, t.app.log);
    try {
      const through = join(dir, 'through-server.jsonl');
      expect(await backupCommand(through, { DATA_DIR: folder })).toMatch(/^Backup written to .*through-server\.jsonl: \d+ rows of \d+ tables/);
      expect(await rowsOf(through)).toEqual(await rowsOf(file));
      await expect(restoreCommand(file, { DATA_DIR: folder })).rejects.toThrow(
        `Hearth is running on DATA_DIR (${folder}): restore into a new DATA_DIR, with no server on it.`,
      );
    } finally {
      await closeChannel();
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('restore into a new PGlite folder, and back it up again without a server', async () => {
    const folder = join(dir, 'restored-data');
    expect(await restoreCommand(file, { DATA_DIR: folder })).toMatch(/^Restored .*household\.jsonl\.gz: \d+ rows of \d+ tables/);
    await expect(restoreCommand(file, { DATA_DIR: folder })).rejects.toThrow(/^The target database is not empty/);
    const again = join(dir, 'from-folder.jsonl');
    await backupCommand(again, { DATA_DIR: folder });
    expect(await rowsOf(again)).toEqual(await rowsOf(file));
    await expect(backupCommand(join(dir, 'x.jsonl'), { DATA_DIR: join(dir, 'nothing-here') }))
      .rejects.toThrow(/^There is no database in DATA_DIR \(.*nothing-here\) to back up\.$/);
  }, 90_000);
});

describe('the daily backup job', () => {
  it('writes one backup a day between processes, keeps the newest, and removes what a crash left', async () => {
    const folder = join(dir, 'daily');
    const clock = new ManualClock('2026-03-01T03:00:00Z');
    const schedule = { dir: folder, keep: 2 };
    const run = () => runBackupJob(t.database, clock, schedule);

    expect(await run()).toBe(join(folder, 'hearth-2026-03-01T030000Z.jsonl.gz'));
    expect(await run()).toBeNull();
    clock.advance(hours(23));
    expect(await run()).toBeNull();
    clock.advance(hours(1));
    await writeFile(join(folder, '.hearth-2026-03-01T030000Z.jsonl.gz.123-0badcafe.tmp'), 'left by a crash');
    // Two processes at once: one writes, the other finds it written.
    const written = (await Promise.all([run(), run()])).filter((p) => p !== null);
    expect(written).toEqual([join(folder, 'hearth-2026-03-02T030000Z.jsonl.gz')]);
    clock.advance(days(1));
    await run();
    expect((await readdir(folder)).sort()).toEqual(['hearth-2026-03-02T030000Z.jsonl.gz', 'hearth-2026-03-03T030000Z.jsonl.gz']);
    expect(await rowsOf(join(folder, 'hearth-2026-03-03T030000Z.jsonl.gz'))).toEqual(await rowsOf(file));
  });

  it('writes its files atomically: a failed backup leaves no file', async () => {
    const path = join(dir, 'failed.jsonl.gz');
    await expect(writeAtomically(path, async () => { throw new Error('disk full'); })).rejects.toThrow('disk full');
    expect((await readdir(dir)).filter((name) => name.includes('failed'))).toEqual([]);
  });
});

