import { chmod, rm } from 'node:fs/promises';
import { createConnection, createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { BackupError, type Totals } from './format.ts';
import { backupLines, snapshot } from './write.ts';

/**
 * While the server runs on PGlite its data folder is its own, so `npm run backup` asks the server for the backup
 * over this socket in the folder. Only the folder's owner may connect (as only they may read the folder's files).
 */
export const channelPath = (dataDir: string) => join(dataDir, '.hearth-backup.sock');

const request = 'backup\n';

/** Serves backups on the data folder's socket; answers the function that stops serving. */
export async function openBackupChannel(database: Database, dataDir: string, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  const path = channelPath(dataDir);
  // Left by a process that was killed; the folder is this process's alone.
  await rm(path, { force: true });
  const sockets = new Set<Socket>();
  const running = new Set<Promise<void>>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A reader that goes away mid-backup ends the backup's pipeline; there is nothing else to do about it.
    socket.on('error', () => {});
    socket.once('data', (chunk) => {
      if (chunk.toString() !== request) {
        socket.end(`${JSON.stringify({ error: 'unknown request' })}\n`);
        return;
      }
      const totals = { tables: 0, rows: 0 };
      const backup = database.db.transaction((tx) =>
        pipeline(failureAsLastLine(backupLines(tx, database.engine, totals)), socket), snapshot)
        .then(() => log.info(totals, 'backup sent to npm run backup'))
        .catch((err: unknown) => {
          socket.destroy();
          log.warn({ err }, 'backup to npm run backup failed');
        });
      running.add(backup);
      void backup.finally(() => running.delete(backup));
    });
  });
  try {
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(path, resolve));
    await chmod(path, 0o600);
  } catch (err) {
    // The server runs without it; only `npm run backup` while it runs needs it.
    log.warn({ err }, `npm run backup cannot reach this server (no socket at ${path}): use BACKUP_DIR's backups`);
    return async () => {};
  }
  // A stop does not wait for a reader: a backup in progress is cut (its reader keeps no file) and rolled back.
  return async () => {
    const closed = new Promise((resolve) => server.close(resolve));
    for (const socket of sockets) socket.destroy();
    await closed;
    await Promise.all(running);
  };
}

/** A failure becomes the last line, so the reader tells it from a backup cut short. */
async function* failureAsLastLine(lines: AsyncGenerator<string>): AsyncGenerator<string> {
  try {
    yield* lines;
  } catch (error) {
    yield `${JSON.stringify({ error: error instanceof Error ? error.message : String(error) })}\n`;
  }
}

/** The socket of the server running on `dataDir`, or null when none runs there. */
export function connectToServer(dataDir: string): Promise<Socket | null> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(channelPath(dataDir));
    socket.once('connect', () => resolve(socket));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
  });
}

/** Asks the server on `socket` for a backup and writes it into `out` (ended); fails unless it came whole. */
export async function receiveBackup(socket: Socket, out: Writable): Promise<Totals> {
  let tail = '';
  const keepTail = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      tail = (tail + chunk.toString()).slice(-4096);
      done(null, chunk);
    },
  });
  socket.write(request);
  await pipeline(socket, keepTail, out);
  const answer = lastAnswer(tail);
  if (answer.error) throw new BackupError(`The running server could not write the backup: ${answer.error}`);
  if (!answer.end) throw new BackupError('The running server stopped before the backup was complete.');
  return answer.end;
}

function lastAnswer(tail: string): { end?: Totals; error?: string } {
  try {
    return JSON.parse(tail.trimEnd().split('\n').at(-1) ?? '') as { end?: Totals; error?: string };
  } catch {
    return {};
  }
}
