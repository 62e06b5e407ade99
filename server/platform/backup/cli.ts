import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { loadConfig, type Config } from '../config.ts';
import { migrate, openPglite, openPostgres, type Database } from '../db/client.ts';
import { connectToServer, receiveBackup } from './channel.ts';
import { readLines, writeAtomically } from './files.ts';
import { BackupError, type Totals } from './format.ts';
import { openBackup, restoreBackup } from './restore.ts';
import { writeBackup } from './write.ts';

type Env = Record<string, string | undefined>;

/**
 * `npm run backup -- FILE`: the database the server would use (DATABASE_URL, else PGlite in DATA_DIR) into FILE,
 * gzipped when it ends in `.gz`. A server running on the PGlite folder is asked for it (`channel.ts`).
 */
export async function backupCommand(file: string | undefined, env: Env): Promise<string> {
  if (!file) throw new BackupError('Usage: npm run backup -- FILE   (FILE ending in .gz is compressed)');
  const config = loadConfig(env);
  const started = performance.now();
  const totals = await backupInto(file, config);
  const { size } = await stat(file);
  return `Backup written to ${file}: ${totals.rows} rows of ${totals.tables} tables, ${kilobytes(size)}, ${since(started)}.`;
}

async function backupInto(file: string, config: Config): Promise<Totals> {
  if (!config.databaseUrl) {
    const server = await connectToServer(config.dataDir);
    if (server) {
      try {
        return await writeAtomically(file, (out) => receiveBackup(server, out));
      } finally {
        server.destroy();
      }
    }
    if (!existsSync(join(config.dataDir, 'PG_VERSION'))) {
      throw new BackupError(`There is no database in DATA_DIR (${config.dataDir}) to back up.`);
    }
  }
  return withDatabase(config, (database) => writeAtomically(file, (out) => writeBackup(database, out)));
}

/**
 * `npm run restore -- FILE`: FILE into the database the server would use, migrated first, which must be empty and at
 * the backup's version.
 */
export async function restoreCommand(file: string | undefined, env: Env): Promise<string> {
  if (!file) throw new BackupError('Usage: npm run restore -- FILE');
  const config = loadConfig(env);
  if (!config.databaseUrl) {
    const server = await connectToServer(config.dataDir);
    if (server) {
      server.destroy();
      throw new BackupError(`Hearth is running on DATA_DIR (${config.dataDir}): restore into a new DATA_DIR, with no server on it.`);
    }
  }
  const backup = await openBackup(await readLines(file));
  const started = performance.now();
  const totals = await withDatabase(config, async (database) => {
    await migrate(database);
    return restoreBackup(database, backup);
  });
  return `Restored ${file}: ${totals.rows} rows of ${totals.tables} tables, ${since(started)}.`;
}

async function withDatabase<T>(config: Config, work: (database: Database) => Promise<T>): Promise<T> {
  const database = config.databaseUrl
    ? await openPostgres(config.databaseUrl, {
      max: 1, preparedStatements: config.pgPreparedStatements, directUrl: config.databaseDirectUrl,
    })
    : await openPglite({ dataDir: config.dataDir });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/** Runs a command as a script: its answer on stdout, or its failure as one line on stderr and exit code 1. */
export async function runCommand(command: () => Promise<string>): Promise<never> {
  try {
    console.log(await command());
    process.exit(0);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

/** A path as typed where `npm run` was started (npm runs scripts from the project's folder). */
export const givenPath = (path: string | undefined) =>
  path === undefined ? undefined : resolve(process.env.INIT_CWD ?? process.cwd(), path);

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const since = (started: number) => `${((performance.now() - started) / 1000).toFixed(2)} s`;
