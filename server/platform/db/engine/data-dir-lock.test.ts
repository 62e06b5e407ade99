import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.ts';

/** The embedded database's folder is held by one process at a time (server processes: startup.pglite.test.ts). */

const folders: string[] = [];
async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'hearth-lock-'));
  folders.push(dir);
  return dir;
}
afterEach(async () => {
  for (const dir of folders.splice(0)) await rm(dir, { recursive: true, force: true });
});

const lockFile = (dir: string) => join(dir, '.hearth-running');

/** A process id that no process has now: a child's, once it has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((r) => child.once('exit', r));
  return child.pid!;
}

describe('the data folder lock', () => {
  it('is taken with this process\'s id, refused while held, and free again once released', async () => {
    const dir = await folder();
    const lock = await lockDataDir(dir);
    expect(lock.uncleanBefore).toBe(false);
    expect(await readFile(lockFile(dir), 'utf8')).toBe(`${process.pid}\n`);
    await expect(lockDataDir(dir)).rejects.toThrow(`The embedded database in ${dir} is already open in this process.`);
    await lock.release();
    expect(existsSync(lockFile(dir))).toBe(false);
    const again = await lockDataDir(dir);
    expect(again.uncleanBefore).toBe(false);
    await again.release();
  });

  it('refuses a folder another live process holds, naming it', async () => {
    const dir = await folder();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      await writeFile(lockFile(dir), `${other.pid}\n`);
      await expect(lockDataDir(dir)).rejects.toThrow(
        `Another Hearth process (pid ${other.pid}) is using the embedded database in ${dir}. `
        + 'One process per data folder: to run several, use PostgreSQL (DATABASE_URL).',
      );
      expect(await readFile(lockFile(dir), 'utf8')).toBe(`${other.pid}\n`);
    } finally {
      other.kill();
    }
  });

  it('takes over the lock of a process that is gone, saying the last run did not stop cleanly', async () => {
    const dir = await folder();
    await writeFile(lockFile(dir), `${await deadPid()}\n`);
    const lock = await lockDataDir(dir);
    expect(lock.uncleanBefore).toBe(true);
    expect(await readFile(lockFile(dir), 'utf8')).toBe(`${process.pid}\n`);
    await lock.release();
  });

  it('lets one of several processes taking over a stale lock at once have it', async () => {
    const dir = await folder();
    await writeFile(lockFile(dir), `${await deadPid()}\n`);
    const script = `
      import { lockDataDir } from ${JSON.stringify(new URL('./data-dir-lock.ts', import.meta.url).href)};
      try { await lockDataDir(process.argv[1]); console.log('took'); setTimeout(() => {}, 60000); }
      catch (error) { console.log(error.message); }`;
    const children = Array.from({ length: 4 }, () => spawn(process.execPath, ['--input-type=module', '-e', script, dir]));
    // Each answers one line; the one that took the lock then holds it until killed.
    const outputs = await Promise.all(children.map((child) => new Promise<string>((resolve) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('\n')) resolve(out.trim());
      });
    })));
    for (const child of children) child.kill();
    expect(outputs.filter((o) => o === 'took')).toHaveLength(1);
    expect(outputs.filter((o) => o.startsWith('Another Hearth process'))).toHaveLength(3);
  });

  it('clears a takeover abandoned by a process that died in it', async () => {
    const dir = await folder();
    await writeFile(lockFile(dir), `${await deadPid()}\n`);
    const takeover = join(dir, '.hearth-takeover');
    await mkdir(takeover);
    const longAgo = new Date(Date.now() - 60_000);
    await utimes(takeover, longAgo, longAgo);
    const lock = await lockDataDir(dir);
    expect(lock.uncleanBefore).toBe(true);
    expect(existsSync(takeover)).toBe(false);
    await lock.release();
  });
});
