import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** A real server process (`server/main.ts`), as deployed. */
export interface ServerProcess {
  url: string;
  stop(): Promise<void>;
}

/** Starts `server/main.ts` with `env` on a free loopback port and waits until it answers. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['server/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const stop = async () => {
    if (exited()) return;
    const exit = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exit;
  };
  try {
    await untilAnswering(url, exited);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

async function untilAnswering(url: string, exited: () => boolean): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited()) throw new Error(`the server for ${url} exited`);
    try {
      if ((await fetch(`${url}/api/docs/json`)).ok) return;
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
