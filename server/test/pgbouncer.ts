import { execFileSync, spawn } from 'node:child_process';
import { chownSync } from 'node:fs';
import { connect } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './processes.ts';

/**
 * PgBouncer from the machine's packages (`pgbouncer`; PGBOUNCER names another binary) in transaction mode, in front
 * of one database of a PostgreSQL server: the pooler the scale-out notes (docs/ARCHITECTURE.md) put before many
 * processes. `poolSize` server connections are shared by every client, a transaction at a time.
 */
export interface Pooler {
  /** The database through the pooler. */
  url: string;
  stop(): Promise<void>;
}

/** PgBouncer refuses to run as root: there it runs as `nobody`. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  return {
    uid: Number(execFileSync('id', ['-u', 'nobody'], { encoding: 'utf8' })),
    gid: Number(execFileSync('id', ['-g', 'nobody'], { encoding: 'utf8' })),
  };
}

export async function startPgBouncer(serverUrl: string, options: { poolSize: number }): Promise<Pooler> {
  const server = new URL(serverUrl);
  const database = server.pathname.slice(1);
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'hearth-pgbouncer-'));
  const user = runAs();
  if (user) chownSync(dir, user.uid, user.gid);
  const config = join(dir, 'pgbouncer.ini');
  await writeFile(config, [
    '[databases]',
    `${database} = host=${server.hostname} port=${server.port || 5432} dbname=${database} user=${server.username || 'postgres'}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1', `listen_port = ${port}`, 'unix_socket_dir =',
    'auth_type = any', 'pool_mode = transaction', `default_pool_size = ${options.poolSize}`, 'max_client_conn = 500',
    // node-postgres sends it at start-up; PgBouncer refuses start-up parameters it does not know unless told to.
    'ignore_startup_parameters = extra_float_digits',
    `logfile = ${join(dir, 'pgbouncer.log')}`,
  ].join('\n'));
  if (user) chownSync(config, user.uid, user.gid);
  const child = spawn(process.env.PGBOUNCER ?? '/usr/sbin/pgbouncer', [config], { ...user, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const failed = new Promise<never>((_, reject) => {
    child.once('error', reject);
    void exited.then(() => reject(new Error(`pgbouncer exited (${child.exitCode}): ${stderr}`)));
  });
  await Promise.race([failed, listening(port, () => child.exitCode !== null)]);
  failed.catch(() => {});
  return {
    url: `postgres://${server.username || 'postgres'}@127.0.0.1:${port}/${database}`,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Resolves once something accepts connections on the port; stops trying once `gone`. */
async function listening(port: number, gone: () => boolean): Promise<void> {
  while (!gone()) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => { socket.end(); resolve(true); }).once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}
