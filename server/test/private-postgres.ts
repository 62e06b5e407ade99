import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './processes.ts';

/**
 * A PostgreSQL server of a test's own, from the machine's packages (initdb, pg_ctl): one it may stop, restart and
 * set a password on, which the shared server (other tests' and other runs') must never be put through.
 */
export interface PrivatePostgres {
  port: number;
  /** A URL of this server: as `postgres` by default, to database `database` (default `postgres`). */
  url(options?: { user?: string; password?: string; database?: string }): string;
  start(): Promise<void>;
  /** A fast shutdown: open connections are ended, as an administrator's restart would. */
  stop(): Promise<void>;
  destroy(): Promise<void>;
}

/** The newest installed PostgreSQL's programs, preferring 15, CI's server. */
function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))) : [];
  const version = versions.includes('15') ? '15' : versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!version) throw new Error(`No PostgreSQL programs under ${root}`);
  return join(root, version, 'bin');
}

/** initdb and the server refuse to run as root: there they run as the `postgres` user the packages create. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  return {
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
  };
}

function run(program: string, args: string[], user: { uid: number; gid: number } | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { ...user, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${program} exited ${code}: ${stderr}`))));
  });
}

/**
 * Creates and starts a server on a free port. With `password`, the `postgres` role has it and every TCP login must
 * give it (scram-sha-256); without, logins are trusted.
 */
export async function startPrivatePostgres(options: { password?: string } = {}): Promise<PrivatePostgres> {
  const bin = binDir();
  const user = runAs();
  const dir = await mkdtemp(join(tmpdir(), 'hearth-pg-'));
  if (user) chownSync(dir, user.uid, user.gid);
  const data = join(dir, 'data');
  const initdb = ['-D', data, '-U', 'postgres', '-E', 'UTF8', '--no-sync', '--auth-local=trust'];
  if (options.password) {
    const passwordFile = join(dir, 'password');
    await writeFile(passwordFile, options.password);
    if (user) chownSync(passwordFile, user.uid, user.gid);
    initdb.push('--auth-host=scram-sha-256', `--pwfile=${passwordFile}`);
  } else {
    initdb.push('--auth-host=trust');
  }
  await run(join(bin, 'initdb'), initdb, user);
  const port = await freePort();
  // No durability needed here, and the socket in the test's own folder, not the shared server's.
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const pgCtl = (...args: string[]) => run(join(bin, 'pg_ctl'), ['-D', data, ...args], user);
  const server: PrivatePostgres = {
    port,
    url: ({ user: role = 'postgres', password, database = 'postgres' } = {}) =>
      `postgres://${role}${password ? `:${encodeURIComponent(password)}` : ''}@127.0.0.1:${port}/${database}`,
    start: () => pgCtl('-o', serverOptions, '-l', join(dir, 'log'), '-w', 'start'),
    stop: () => pgCtl('-m', 'fast', '-w', 'stop'),
    destroy: async () => {
      await pgCtl('-m', 'immediate', '-w', 'stop').catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}
