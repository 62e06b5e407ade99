import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

/** A backup file's name says whether it is compressed. */
const isCompressed = (path: string) => path.endsWith('.gz');

/** Beside its file until renamed; the job removes ones a crash left (`isLeftover`). */
const temporaryName = (path: string) => join(dirname(path), `.${basename(path)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
export const isLeftover = (name: string) => /^\.hearth-.+\.\d+-[0-9a-f]{8}\.tmp$/.test(name);

/**
 * Writes `path` whole or not at all: `fill` writes into a temporary file beside it (gzipped for a `.gz` name) and must
 * end the stream it is given; the file is flushed to disk, then renamed. Readable by its owner only: a backup holds
 * password and session hashes.
 */
export async function writeAtomically<T>(path: string, fill: (out: Writable) => Promise<T>): Promise<T> {
  const temporary = temporaryName(path);
  const file = createWriteStream(temporary, { flags: 'wx', mode: 0o600 });
  try {
    let result: T;
    if (isCompressed(path)) {
      const gzip = createGzip();
      [result] = await Promise.all([fill(gzip), pipeline(gzip, file)]);
    } else {
      result = await fill(file);
      await finished(file);
    }
    await syncPath(temporary);
    await rename(temporary, path);
    await syncPath(dirname(path));
    return result;
  } catch (error) {
    // The file may still be opening when `fill` fails: removed before the stream closes, the open would make it again.
    if (!file.closed) await new Promise<void>((resolve) => { file.once('close', () => resolve()); file.destroy(); });
    await rm(temporary, { force: true });
    throw error;
  }
}

async function syncPath(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * A backup file's lines, gunzipped when it is compressed (told by its first bytes, whatever its name). The file is
 * checked at once and read as the lines are.
 */
export async function readLines(path: string): Promise<AsyncIterable<string>> {
  const handle = await open(path, 'r');
  const start = Buffer.alloc(2);
  await handle.read(start, 0, 2, 0);
  await handle.close();
  const compressed = start[0] === 0x1f && start[1] === 0x8b;
  return (async function* lines() {
    const file = createReadStream(path);
    const input: Readable = compressed ? file.pipe(createGunzip()) : file;
    file.on('error', (error) => input.destroy(error));
    yield* createInterface({ input, crlfDelay: Infinity });
  })();
}
