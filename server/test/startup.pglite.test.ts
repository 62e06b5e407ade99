import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { templateDump } from './databases.ts';
import { failedStart, freePort, startServer } from './processes.ts';

/**
 * Start-up as whoever runs the server sees it: a real `server/main.ts` process that either serves or prints one line
 * saying what to fix and exits 1. On PGlite (data folders); PostgreSQL's refusals are in startup.postgres.test.ts.
 */

// Each start opens (and on a new folder creates) an embedded database: seconds each on a busy 2-core machine.
vi.setConfig({ testTimeout: 240_000 });

const folders: string[] = [];
async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'hearth-start-'));
  folders.push(dir);
  return dir;
}
let migrated: Promise<string> | undefined;
/**
 * A data folder already holding the migrated database, for tests about something else than filling a new folder (the
 * killed process's test starts on a new one): a new folder's initdb and migrations are most of a start's time.
 */
async function migratedFolder(): Promise<string> {
  migrated ??= folder().then(async (dir) => {
    await (await PGlite.create({ dataDir: dir, loadDataDir: await templateDump(inject('templates')) })).close();
    return dir;
  });
  const dir = await folder();
  await cp(await migrated, dir, { recursive: true });
  return dir;
}
afterAll(async () => {
  for (const dir of folders) await rm(dir, { recursive: true, force: true });
});

/** The one line a refused start printed. */
function oneLine(start: { code: number | null; output: string }): string {
  expect(start.code).toBe(1);
  const lines = start.output.trim().split('\n');
  expect(lines).toHaveLength(1);
  return lines[0]!;
}

/** A user the data folder cannot be written by: as root every folder is writable, so the server runs as nobody. */
const unprivileged = process.getuid?.() === 0
  ? { as: { uid: Number(execFileSync('id', ['-u', 'nobody'], { encoding: 'utf8' })), gid: Number(execFileSync('id', ['-g', 'nobody'], { encoding: 'utf8' })) } }
  : {};

describe('start-up refusals are one line and exit 1', () => {
  it('names each bad configuration value', async () => {
    const [port, url, superadmin] = await Promise.all([
      failedStart({ PORT: 'abc' }),
      failedStart({ DATABASE_URL: 'mysql://somewhere/db' }),
      failedStart({ SUPERADMIN_USERNAME: 'root', DATA_DIR: await folder() }),
    ]);
    expect(oneLine(port)).toBe('Invalid configuration: PORT: Invalid input: expected number, received NaN');
    expect(oneLine(url)).toBe('Invalid configuration: DATABASE_URL: must start with postgres:// or postgresql://');
    expect(oneLine(superadmin)).toBe(
      'Invalid configuration: SUPERADMIN_USERNAME and SUPERADMIN_PASSWORD must be set together',
    );
  });

  it('says the port is in use, and leaves the data folder free', async () => {
    const port = await freePort();
    const taken = createServer().listen(port, '127.0.0.1');
    await new Promise((r) => taken.once('listening', r));
    const dataDir = await migratedFolder();
    try {
      expect(oneLine(await failedStart({ PORT: String(port), DATA_DIR: dataDir }))).toBe(
        `Cannot listen on port ${port} on 127.0.0.1: it is already in use. Stop the other program or set PORT to a free port.`,
      );
    } finally {
      taken.close();
    }
    expect(existsSync(join(dataDir, '.hearth-running'))).toBe(false);
  });

  it('says DATA_DIR is not a folder, cannot be created, cannot be written or holds no database', async () => {
    const parent = await folder();
    await chmod(parent, 0o755);
    const file = join(parent, 'a-file');
    await writeFile(file, 'not a folder');
    const locked = join(parent, 'locked');
    await mkdir(locked);
    await chmod(locked, 0o555);
    const damaged = join(parent, 'damaged');
    await mkdir(damaged);
    await writeFile(join(damaged, 'PG_VERSION'), 'nonsense');
    const [notFolder, notCreated, notWritable, notDatabase] = await Promise.all([
      failedStart({ DATA_DIR: file }),
      failedStart({ DATA_DIR: join(locked, 'data') }, unprivileged),
      failedStart({ DATA_DIR: locked }, unprivileged),
      failedStart({ DATA_DIR: damaged }),
    ]);
    expect(oneLine(notFolder)).toBe(`DATA_DIR (${file}) is not a folder: point DATA_DIR at a folder.`);
    expect(oneLine(notCreated)).toBe(`Cannot create DATA_DIR (${join(locked, 'data')}): EACCES. Create it or choose another.`);
    expect(oneLine(notWritable)).toBe(
      `DATA_DIR (${locked}) is not writable by this process (EACCES): fix its permissions or choose another.`,
    );
    expect(oneLine(notDatabase)).toMatch(
      new RegExp(`^Cannot open the embedded database in DATA_DIR \\(${damaged}\\): .+ Is it a Hearth data folder, and not damaged\\?$`),
    );
  });
});

describe('one process per data folder', () => {
  it('refuses a second process on the same folder, naming the first; the first keeps serving', async () => {
    const dataDir = await migratedFolder();
    const first = await startServer({ DATA_DIR: dataDir });
    try {
      await first.ready();
      expect(oneLine(await failedStart({ DATA_DIR: dataDir }))).toBe(
        `Another Hearth process (pid ${first.pid}) is using the embedded database in ${dataDir}. `
        + 'One process per data folder: to run several, use PostgreSQL (DATABASE_URL).',
      );
      expect((await fetch(`${first.url}/api/ready`)).status).toBe(200);
    } finally {
      await first.stop();
    }
    expect(first.exitCode()).toBe(0);
    const next = await startServer({ DATA_DIR: dataDir });
    try {
      await next.ready();
      expect(next.output()).not.toContain('did not stop cleanly');
    } finally {
      await next.stop();
    }
  });

  it('takes over the folder of a process that was killed, and vacuums it once', async () => {
    const dataDir = await folder();
    const killed = await startServer({ DATA_DIR: dataDir });
    await killed.ready();
    await killed.kill();
    const next = await startServer({ DATA_DIR: dataDir });
    try {
      await next.ready();
      expect(next.output()).toContain('The last run did not stop cleanly: the embedded database was vacuumed.');
    } finally {
      await next.stop();
    }
  });
});
