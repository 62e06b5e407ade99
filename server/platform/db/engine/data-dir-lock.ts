import { mkdir, readFile, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { StartupError } from '../../startup.ts';

/**
 * One process at a time in an embedded database's folder: PGlite's engine has no locking of its own, and a second
 * process on the same files silently loses the first one's writes. The lock is a file holding its process's id,
 * removed on a clean stop; one left by a process that is gone is taken over, and says the last run did not stop
 * cleanly (the maintenance job then vacuums everything once). The file's name is the one earlier versions used for
 * that marker alone, so a folder they left uncleanly is still recognised.
 */
const lockName = '.hearth-running';
/** Present while one process takes over a stale lock, so two starting at once cannot both take it. */
const takeoverName = '.hearth-takeover';
/** A takeover takes milliseconds; one older than this was abandoned by a process that died in it. */
const abandonedTakeoverMs = 10_000;

export interface DataDirLock {
  /** The folder's last run ended without a clean stop (killed, crashed, the machine lost power). */
  uncleanBefore: boolean;
  release(): Promise<void>;
}

/** Folders this process holds: a second open of one is refused as another process's would be. */
const held = new Set<string>();

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code;

/** Whether process `pid` runs: signal 0 only checks. EPERM: it runs, as another user. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return codeOf(error) === 'EPERM';
  }
}

/**
 * The lock's process, or null when none holds it: no pid, a dead one, or our own or our parent's (a container
 * restarted gives its new process the id the old one had, as PostgreSQL's own lock file allows for).
 */
async function holder(path: string): Promise<number | null | 'gone'> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return 'gone';
    throw error;
  }
  const pid = Number.parseInt(text, 10);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || pid === process.ppid) return null;
  return alive(pid) ? pid : null;
}

/** Creates the folder if missing; refuses a path that is not a folder or cannot be written. */
async function prepare(dir: string): Promise<void> {
  const info = await stat(dir).catch((error: unknown) => {
    if (codeOf(error) === 'ENOENT') return null;
    throw new StartupError(`Cannot use DATA_DIR (${dir}): ${codeOf(error) ?? String(error)}. Check it and its parent folders.`);
  });
  if (info && !info.isDirectory()) throw new StartupError(`DATA_DIR (${dir}) is not a folder: point DATA_DIR at a folder.`);
  if (!info) {
    await mkdir(dir, { recursive: true }).catch((error: unknown) => {
      throw new StartupError(`Cannot create DATA_DIR (${dir}): ${codeOf(error) ?? String(error)}. Create it or choose another.`);
    });
  }
}

/** Removes the takeover marker when a process died holding it. */
async function clearAbandonedTakeover(path: string): Promise<void> {
  const info = await stat(path).catch(() => null);
  if (info && Date.now() - info.mtimeMs > abandonedTakeoverMs) await rmdir(path).catch(() => {});
}

/** Takes the data folder for this process, or refuses with a message naming the process that has it. */
export async function lockDataDir(dir: string): Promise<DataDirLock> {
  const folder = resolve(dir);
  if (held.has(folder)) throw new StartupError(`The embedded database in ${folder} is already open in this process.`);
  await prepare(dir);
  const path = join(dir, lockName);
  const takeover = join(dir, takeoverName);
  let uncleanBefore = false;
  for (;;) {
    try {
      await writeFile(path, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      const code = codeOf(error);
      if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
        throw new StartupError(`DATA_DIR (${dir}) is not writable by this process (${code}): fix its permissions or choose another.`);
      }
      if (code !== 'EEXIST') throw error;
    }
    const pid = await holder(path);
    if (typeof pid === 'number') {
      throw new StartupError(`Another Hearth process (pid ${pid}) is using the embedded database in ${folder}. `
        + 'One process per data folder: to run several, use PostgreSQL (DATABASE_URL).');
    }
    if (pid === 'gone') continue;
    uncleanBefore = true;
    await clearAbandonedTakeover(takeover);
    try {
      await mkdir(takeover);
    } catch (error) {
      if (codeOf(error) !== 'EEXIST') throw error;
      // Another process is taking it over: it holds the lock in a moment, and the next round names it.
      await new Promise((r) => setTimeout(r, 50));
      continue;
    }
    try {
      if ((await holder(path)) === null) await rm(path, { force: true });
    } finally {
      await rmdir(takeover);
    }
  }
  held.add(folder);
  return {
    uncleanBefore,
    release: async () => {
      await rm(path, { force: true });
      held.delete(folder);
    },
  };
}
