import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { days, type Clock } from '../clock.ts';
import { rawRows, type Database } from '../db/client.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Job } from '../jobs.ts';
import { isLeftover, writeAtomically } from './files.ts';
import { backupLines, snapshot } from './write.ts';

export interface BackupSchedule {
  dir: string;
  /** How many of the newest backups are kept. */
  keep: number;
}

/** Held while a process writes the daily backup, so processes sharing a database take turns (a number of our own). */
const jobLock = 4_657_201_846;

/** `hearth-2026-11-27T031500Z.jsonl.gz`: names sort as their times do. */
const namePattern = /^hearth-(\d{4}-\d{2}-\d{2})T(\d{2})(\d{2})(\d{2})Z\.jsonl\.gz$/;
const backupName = (at: Date) => `hearth-${at.toISOString().slice(0, 19).replaceAll(':', '')}Z.jsonl.gz`;

/**
 * Writes a backup into the folder when its newest is a day old (or there is none), and keeps the newest `keep`.
 * Processes sharing the database take turns through an advisory lock held by the backup's transaction; the one
 * that gets it looks at the folder again, so processes sharing the folder write one a day between them. Answers the
 * file written, if any.
 */
export async function runBackupJob(database: Database, clock: Clock, schedule: BackupSchedule): Promise<string | null> {
  await mkdir(schedule.dir, { recursive: true });
  if (!(await due(schedule.dir, clock))) return null;
  return database.db.transaction(async (tx) => {
    const [lock] = await rawRows<{ got: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${jobLock}::bigint) as got`);
    if (!lock?.got || !(await due(schedule.dir, clock))) return null;
    const path = join(schedule.dir, backupName(clock.now()));
    await writeAtomically(path, (out) => pipeline(backupLines(tx, database.engine, { tables: 0, rows: 0 }), out));
    await prune(schedule);
    return path;
  }, snapshot);
}

export const backupJob = (database: Database, clock: Clock, schedule: BackupSchedule, log: FastifyBaseLogger): Job => ({
  name: 'backup',
  run: async () => {
    const path = await runBackupJob(database, clock, schedule);
    if (path) log.info({ path }, 'daily backup written');
  },
});

async function backups(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((name) => namePattern.test(name)).sort();
}

async function due(dir: string, clock: Clock): Promise<boolean> {
  const newest = (await backups(dir)).at(-1);
  if (!newest) return true;
  const [, date, h, m, s] = namePattern.exec(newest)!;
  return clock.now().getTime() - Date.parse(`${date}T${h}:${m}:${s}Z`) >= days(1);
}

/** Past the newest `keep`, backups go; so do temporary files a crash left (none is being written: the lock is ours). */
async function prune(schedule: BackupSchedule): Promise<void> {
  const old = (await backups(schedule.dir)).slice(0, -schedule.keep);
  const leftovers = (await readdir(schedule.dir)).filter(isLeftover);
  for (const name of [...old, ...leftovers]) await rm(join(schedule.dir, name), { force: true });
}
