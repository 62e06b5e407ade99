/**
 * The container image's test, run by CI (`npm run container:smoke`): builds the Dockerfile as it is and runs the
 * image: the server starts and answers ready, the image's HEALTHCHECK passes, a registration round trip works
 * (register, the verification link from the log, verify, sign in, /api/me) and SIGTERM stops it with exit code 0;
 * on the embedded database and, when TEST_DATABASE_URL is set, on a scratch database of that PostgreSQL server.
 * Ends with one line, ok or FAILED.
 * `--build-only` stops once the image is built (CI builds it while the tests run).
 *
 * No registry is reachable on CI's machines, so the Dockerfile's base is a stand-in made from Debian's packages
 * (debootstrap) under the name the file uses, kept in local storage for the next run. Installs podman, buildah and
 * debootstrap when missing. Needs root (apt, debootstrap, buildah's chroot isolation).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = fileURLToPath(new URL('..', import.meta.url));
const work = join(root, '.tmp/container-smoke');
const image = 'localhost/hearth:smoke';
const minutes = (n: number) => n * 60_000;

class Failure extends Error {}

/** Runs a command to its end within `timeoutMs`, its output kept in `.tmp/container-smoke/<step>.log`. */
function run(step: string, command: string, args: string[], timeoutMs: number): string {
  const result = spawnSync(command, args, {
    cwd: root, encoding: 'utf8', timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 2 ** 28,
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  const log = join(work, `${step}.log`);
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  writeFileSync(log, output);
  if (!result.error && result.status === 0) return result.stdout;
  const timedOut = (result.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT';
  const why = timedOut ? `did not finish within ${timeoutMs / 1000} s`
    : result.error ? `could not run (${result.error.message})` : `exited with ${result.status}`;
  throw new Failure(`${step}: \`${command} ${args.join(' ')}\` ${why}\n${lastLines(output, 30)}\n`
    + `(all of it: ${relative(root, log)})`);
}

function succeeds(command: string, args: string[]): boolean {
  return spawnSync(command, args, { stdio: 'ignore', timeout: 60_000 }).status === 0;
}

function lastLines(text: string, count: number): string {
  return text.trimEnd().split('\n').slice(-count).join('\n');
}

async function timed<T>(title: string, step: () => T | Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await step();
  console.log(`container: ${title} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

function ensureTools() {
  const missing = ['podman', 'buildah', 'debootstrap'].filter((tool) => !succeeds('sh', ['-c', `command -v ${tool}`]));
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) throw new Failure(`${missing.join(', ')} missing: run as root, or apt-get install them`);
  run('apt-update', 'apt-get', ['update', '-qq'], minutes(5));
  run('apt-install', 'apt-get', ['install', '-y', '-qq', ...missing], minutes(10));
}

/** The images the Dockerfile builds from (stages named by an earlier FROM excepted) and its stages' names. */
function readDockerfile(): { bases: string[]; stages: string[] } {
  const text = readFileSync(join(root, 'Dockerfile'), 'utf8');
  const stages: string[] = [];
  const bases = new Set<string>();
  for (const [, from = '', stage] of text.matchAll(/^FROM\s+(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?/gim)) {
    if (!stages.includes(from.toLowerCase())) bases.add(from);
    if (stage) stages.push(stage.toLowerCase());
  }
  return { bases: [...bases], stages };
}

/** A base image like Debian's `-slim` ones, made from Debian's packages: its name's suite, minbase, no caches or docs. */
function makeStandIn(name: string) {
  const suite = /^docker\.io\/library\/debian:([a-z]+)-slim$/.exec(name)?.[1];
  if (!suite) throw new Failure(`no registry here, and no stand-in for ${name}: only debian:<suite>-slim can be made`);
  const rootfs = mkdtempSync(join(tmpdir(), 'hearth-base-'));
  try {
    run('debootstrap', 'debootstrap', ['--variant=minbase', suite, rootfs, 'http://deb.debian.org/debian'], minutes(15));
    for (const dir of ['var/cache/apt/archives', 'var/lib/apt/lists', 'usr/share/doc', 'usr/share/man', 'usr/share/info',
      'usr/share/locale']) {
      for (const entry of readdirSync(join(rootfs, dir))) rmSync(join(rootfs, dir, entry), { recursive: true, force: true });
    }
    writeFileSync(join(rootfs, 'etc/dpkg/dpkg.cfg.d/slim'), ['doc', 'man', 'info', 'locale']
      .map((dir) => `path-exclude /usr/share/${dir}/*\n`).join(''));
    run('import', 'bash', ['-o', 'pipefail', '-c', 'tar -C "$1" -c . | podman import -q - "$2"', 'import', rootfs, name],
      minutes(5));
  } finally {
    removeRootfs(rootfs);
  }
}

/**
 * debootstrap mounts /proc (and more) inside the folder while it configures packages; one stopped part-way (a time-out)
 * leaves them mounted, and removing the folder then fails with EPERM and hides why debootstrap failed.
 */
function removeRootfs(rootfs: string) {
  const mounted = readFileSync('/proc/self/mounts', 'utf8').split('\n').map((line) => line.split(' ')[1] ?? '')
    .filter((point) => point.startsWith(`${rootfs}/`)).sort().reverse();
  for (const point of mounted) spawnSync('umount', ['-l', point], { stdio: 'ignore' });
  try {
    rmSync(rootfs, { recursive: true, force: true });
  } catch (error) {
    console.log(`container: could not remove ${rootfs}: ${(error as Error).message}`);
  }
}

/**
 * Builds the image, keeping layers for the next run: each stage gets a name of its own (all from cache by then),
 * so removing what earlier runs left keeps this build's layers.
 */
function build(stages: string[]) {
  const caDir = '/usr/local/share/ca-certificates';
  const bud = [
    'bud', '--pull=never', '--isolation', 'chroot', '--layers', '--force-rm',
    // The kernel here refuses the limits buildah asks for by default.
    '--ulimit', 'nofile=1024:4096', '--ulimit', 'nproc=4096:8192',
    // The OCI format keeps no HEALTHCHECK.
    '--format', 'docker',
    // Behind a proxy that inspects TLS (as on CI's machines), the host's added CAs let the build stages reach the
    // registry; they are seen by RUN steps only, and none of them is in what runs.
    ...(existsSync(caDir) && readdirSync(caDir).length > 0 ? ['--volume', `${caDir}:${caDir}:ro`] : []),
  ];
  run('build', 'buildah', [...bud, '-t', image, '.'], minutes(20));
  for (const stage of stages) {
    run(`build-${stage}`, 'buildah', [...bud, '--target', stage, '-t', `${image}-${stage}`, '.'], minutes(2));
  }
  run('prune', 'buildah', ['rmi', '--prune'], minutes(2));
}

interface ImageConfig {
  User?: string;
  Cmd?: string[] | null;
  Entrypoint?: string[] | null;
  Healthcheck?: { Test?: string[]; Timeout?: number };
  ExposedPorts?: Record<string, unknown>;
  Volumes?: Record<string, unknown>;
}

function inspect(): ImageConfig {
  const info = JSON.parse(run('inspect', 'buildah', ['inspect', '--type', 'image', image], 60_000));
  const config: ImageConfig = info.Docker?.config ?? {};
  const [listed] = JSON.parse(run('size', 'buildah', ['images', '--json', image], 60_000)) as { size: string }[];
  console.log(`container: image ${image}, ${listed?.size}`);
  if (!config.User || config.User === 'root' || config.User.startsWith('0')) throw new Failure('the image runs as root');
  if (!config.Healthcheck?.Test || config.Healthcheck.Test[0] === 'NONE') throw new Failure('the image has no HEALTHCHECK');
  if (!config.Volumes?.['/data']) throw new Failure('the image declares no /data volume');
  if (!config.ExposedPorts?.['3000/tcp']) throw new Failure('the image exposes no port 3000');
  if (command(config).length === 0) throw new Failure('the image names no command');
  return config;
}

/** A port nothing listens on now (never 3000: the OS picks from its ephemeral range). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Failure('no free port');
  return address.port;
}

/** `buildah run` applies neither ENTRYPOINT nor CMD: the image's own are named to it. */
function command(config: ImageConfig): string[] {
  return [...(config.Entrypoint ?? []), ...(config.Cmd ?? [])];
}

function startServer(container: string, config: ImageConfig, env: string[], log: string): ChildProcess {
  return spawn('buildah', [
    'run', '--isolation', 'chroot', '--network', 'host', ...env.flatMap((e) => ['--env', e]), container, '--',
    ...command(config),
  ], { stdio: ['ignore', openSync(log, 'w'), openSync(log, 'a')] });
}

function runHealthcheck(container: string, config: ImageConfig, port: number) {
  const [kind, ...rest] = config.Healthcheck?.Test ?? [];
  const command = kind === 'CMD-SHELL' ? ['/bin/sh', '-c', rest.join(' ')] : rest;
  const timeoutMs = (config.Healthcheck?.Timeout ?? 30e9) / 1e6;
  run('healthcheck', 'buildah', [
    'run', '--isolation', 'chroot', '--network', 'host', '--env', `PORT=${port}`, container, '--', ...command,
  ], timeoutMs + 10_000);
}

async function statusOf(url: string): Promise<number> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(5_000) })).status;
  } catch {
    return 0;
  }
}

async function waitUntilReadyAndHealthy(server: ChildProcess, base: string, healthy: () => void) {
  const deadline = Date.now() + minutes(2);
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode) throw new Failure('the server stopped while starting');
    const ready = await statusOf(`${base}/api/ready`);
    if (ready === 200) return healthy();
    await sleep(500);
  }
  throw new Failure('the server was not ready within 2 minutes');
}

async function call(base: string, method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, body: await response.json().catch(() => undefined) };
}

function expectStatus(what: string, answer: { status: number; body: unknown }, status: number) {
  if (answer.status !== status) {
    throw new Failure(`${what} answered ${answer.status} (expected ${status}): ${JSON.stringify(answer.body)}`);
  }
}

/** Without SMTP_URL the server prints every mail to its log: the verification link's token is read there. */
async function verificationToken(log: string, email: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    for (const line of readFileSync(log, 'utf8').split('\n')) {
      const message: unknown = line.startsWith('{') ? JSON.parse(line).msg : undefined;
      if (typeof message !== 'string' || !message.startsWith(`Mail to ${email}:`)) continue;
      const token = /\/verify-email\?token=(\S+)/.exec(message)?.[1];
      if (token) return decodeURIComponent(token);
    }
    await sleep(200);
  }
  throw new Failure(`no verification mail to ${email} in the server's log within 10 s`);
}

async function registrationRoundTrip(base: string, log: string) {
  const email = `smoke-${Date.now()}@example.com`;
  const password = 'Smoke-test-1';
  expectStatus('register', await call(base, 'POST', '/api/register', { email, name: 'Smoke Test', password }), 201);
  const token = await verificationToken(log, email);
  expectStatus('verify-email', await call(base, 'POST', '/api/auth/verify-email', { token }), 200);
  const login = await call(base, 'POST', '/api/login', { email, password });
  expectStatus('login', login, 200);
  const me = await call(base, 'GET', '/api/me', undefined, (login.body as { token: string }).token);
  expectStatus('me', me, 200);
  if ((me.body as { email?: string }).email !== email) throw new Failure(`/api/me answered ${JSON.stringify(me.body)}`);
}

/** The processes under `pid` that started none: the command `buildah run` runs (its helpers have children). */
function leafProcesses(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const line of run('ps', 'ps', ['-e', '-o', 'pid=,ppid='], 10_000).trim().split('\n')) {
    const [child = 0, parent = 0] = line.trim().split(/\s+/).map(Number);
    children.set(parent, [...(children.get(parent) ?? []), child]);
  }
  const below = (p: number): number[] => (children.get(p) ?? []).flatMap((c) => (children.has(c) ? below(c) : [c]));
  return below(pid);
}

function signal(pid: number, name: NodeJS.Signals) {
  try {
    process.kill(pid, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** The exit code, or 'timeout' after `ms`. */
async function exitWithin(server: ChildProcess, ms: number): Promise<number | 'timeout'> {
  if (server.exitCode !== null || server.signalCode) return server.exitCode ?? 'timeout';
  const exited = new Promise<number>((resolve) => server.once('exit', (code) => resolve(code ?? -1)));
  return Promise.race([exited, sleep(ms, 'timeout' as const, { ref: false })]);
}

/** SIGTERM to the server's own process, as `docker stop` sends (`buildah run` answers SIGTERM by killing it). */
async function stopCleanly(server: ChildProcess) {
  for (const pid of leafProcesses(server.pid ?? 0)) signal(pid, 'SIGTERM');
  const code = await exitWithin(server, 15_000);
  if (code === 'timeout') throw new Failure('the server did not stop within 15 s of SIGTERM');
  if (code !== 0) throw new Failure(`the server exited with ${code} on SIGTERM`);
}

async function kill(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode) return;
  const pids = [server.pid ?? 0, ...leafProcesses(server.pid ?? 0)];
  for (const pid of pids) signal(pid, 'SIGKILL');
  await exitWithin(server, 5_000);
}

/** A database of its own on the PostgreSQL server at `serverUrl` for `use`, dropped afterwards. */
async function withScratchDatabase(serverUrl: string, use: (url: string) => Promise<void>) {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 10_000 });
  await client.connect().catch((error: Error) => {
    throw new Failure(`no PostgreSQL at TEST_DATABASE_URL: ${error.message}`);
  });
  const name = `hearth_smoke_${randomBytes(4).toString('hex')}`;
  try {
    await client.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    await use(url.toString());
  } finally {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  }
}

/** Runs the image on one engine (`env` chooses it): ready, healthy, and a registration round trip. */
async function smoke(engine: string, config: ImageConfig, env: string[] = []) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const log = join(work, `server-${engine}.log`);
  const container = run('from', 'buildah', ['from', '--pull=never', '--quiet', image], 60_000).trim();
  const server = startServer(container, config, [`PORT=${port}`, 'HOST=127.0.0.1', ...env], log);
  try {
    await timed(`${engine}: server ready (port ${port})`, () => waitUntilReadyAndHealthy(server, base,
      () => runHealthcheck(container, config, port)));
    await timed(`${engine}: registration round trip`, () => registrationRoundTrip(base, log));
    await timed(`${engine}: stopped by SIGTERM`, () => stopCleanly(server));
  } catch (error) {
    if (error instanceof Failure) {
      error.message += `\nserver log (${relative(root, log)}):\n${lastLines(readFileSync(log, 'utf8'), 20)}`;
    }
    throw error;
  } finally {
    await kill(server);
    run('rm', 'buildah', ['rm', container], 60_000);
  }
}

async function main(buildOnly: boolean) {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  await timed('podman, buildah and debootstrap present', ensureTools);
  const { bases, stages } = readDockerfile();
  for (const base of bases.filter((name) => !succeeds('buildah', ['inspect', '--type', 'image', name]))) {
    await timed(`stand-in for ${base} made`, () => makeStandIn(base));
  }
  await timed('image built', () => build(stages));
  const config = inspect();
  if (buildOnly) return;
  await smoke('PGlite', config);
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) await withScratchDatabase(serverUrl, (url) => smoke('PostgreSQL', config, [`DATABASE_URL=${url}`]));
}

const buildOnly = process.argv.includes('--build-only');
const title = buildOnly ? 'container image build' : 'container smoke test';
const started = Date.now();
try {
  await main(buildOnly);
  console.log(`${title}: ok in ${((Date.now() - started) / 1000).toFixed(0)} s`);
} catch (error) {
  console.error(`${title}: FAILED: ${error instanceof Failure ? error.message : (error as Error).stack ?? String(error)}`);
  process.exit(1);
}
