import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from '../node-flags.ts';

/** Real server processes (`server/main.ts`), for what only separate processes show: start-up, locks, crashes. */

const main = fileURLToPath(new URL('../main.ts', import.meta.url));

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  pid: number;
  url: string;
  /** What it printed so far, stdout and stderr together. */
  output(): string;
  /** Its exit code once it exited (null: still running, or ended by a signal). */
  exitCode(): number | null;
  exited: Promise<void>;
  /** Resolves once GET /api/ready answers 200; fails if the process exits first or `timeoutMs` pass. */
  ready(timeoutMs?: number): Promise<void>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
  /** SIGKILL, then waits for the exit. */
  kill(): Promise<void>;
}

/**
 * Starts `server/main.ts` on a free port (or `env.PORT`) with `env` added to a plain environment: no DATABASE_URL or
 * DATA_DIR of the test run's own, warnings only in the log, and PGlite without fsync unless `env` says otherwise.
 */
export async function startServer(
  env: Record<string, string>, options: { as?: { uid: number; gid: number } } = {},
): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...inherited } = process.env;
  const child = spawn(process.execPath, [...serverNodeFlags, main], {
    env: { ...inherited, HOST: '127.0.0.1', LOG_LEVEL: 'warn', PGLITE_FSYNC: 'false', ...env, PORT: port },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options.as,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const url = `http://127.0.0.1:${port}`;
  const endWith = async (signal: NodeJS.Signals) => {
    if (!gone()) child.kill(signal);
    await exited;
  };
  return {
    pid: child.pid!,
    url,
    output: () => output,
    exitCode: () => child.exitCode,
    exited,
    ready: async (timeoutMs = 120_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (gone()) throw new Error(`the server exited (${child.exitCode ?? child.signalCode}): ${output}`);
        const status = await fetch(`${url}/api/ready`).then((res) => res.status, () => 0);
        if (status === 200) return;
        if (Date.now() > deadline) throw new Error(`${url} was not ready within ${timeoutMs} ms: ${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    stop: () => endWith('SIGTERM'),
    kill: () => endWith('SIGKILL'),
  };
}

/** Starts a server that is expected to refuse to start: answers its exit code and what it printed. */
export async function failedStart(
  env: Record<string, string>, options: Parameters<typeof startServer>[1] = {},
): Promise<{ code: number | null; output: string }> {
  const server = await startServer(env, options);
  const timer = setTimeout(() => void server.kill(), 120_000);
  await server.exited;
  clearTimeout(timer);
  return { code: server.exitCode(), output: server.output() };
}
