/**
 * Many families at once (issue 54): `FAMILIES` (default 2,000) families seeded as `npm run seed` makes them, one live
 * stream per signed-in member, and the everyday mix (`support/family-load-client.ts`: newsfeed 20 %, list read 25 %,
 * item add/tick/edit 25 %, calendar window 10 %, meals and places 10 %, comments 5 %, sign-in 5 %) sent open loop at
 * rising rates (`RATES`, req/s, each step `STEP_SECONDS` after `WARM_SECONDS` not counted), until a step is not held:
 * p95 < 50 ms, p99 < 200 ms, no failure, and the client sent what was due. Per step: latencies, the server's CPU
 * per request (its processes, and on PostgreSQL the app's backends), RSS, and each write's arrival on the other
 * members' streams (from when the write was due).
 *
 * The servers are real `server/main.ts` processes; the load comes from `CLIENTS` (default 2) processes of their own,
 * each with its share of the families, whose send lag and event-loop delay say whether the client kept up. On PostgreSQL
 * (DATABASE_URL set) it runs one process, then two behind a round-robin proxy (`support/round-robin.ts`). On PGlite it
 * also measures a bare PGlite process's RSS on the same data folder.
 *
 * Run: `node scripts/bench/family-load.ts` (PGlite); `DATABASE_URL=postgres://… ENGINES=postgres node …` for PostgreSQL
 * alone. `ENGINES=pglite,postgres`, `PROCESSES=1,2`, `FAMILIES`, `RATES=250,500,…`, `STEP_SECONDS`, `CLIENTS`,
 * `MIX=signIn:0` (override shares, percent), `PGLITE_SEEDED=<folder>` and `POSTGRES_SEEDED=<database>` (seeded families kept for the next run) tune it; `CALLS=each` runs each call of the mix alone at the first rate
 * instead (CPU per request by call). Prints one line per step and a summary per configuration.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { liveHeartbeatMs } from '@hearth/contract/live';
import { serverNodeFlags } from '../../server/node-flags.ts';
import { migrate, openPglite, openPostgres, type Database } from '../../server/platform/db/client.ts';
import { seedFamilies, type SeededFamily } from '../../server/seed/families.ts';
import { seedPassword } from '../../server/seed/cli.ts';
import { admin, analyze, percentile } from './support/common.ts';
import { mix, type Family, type Operation, type StepResult, type ToClient } from './support/family-load-client.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const familyCount = Number(process.env.FAMILIES ?? 2000);
const rates = (process.env.RATES ?? '250,500,750,1000,1500,2000,2500,3000').split(',').map(Number);
const stepSeconds = Number(process.env.STEP_SECONDS ?? 20);
const warmSeconds = Number(process.env.WARM_SECONDS ?? 5);
/** Before the first step, uncounted: the server's and clients' code compiled, caches filled, item ids learnt. */
const warmUpSeconds = Number(process.env.WARM_UP_SECONDS ?? 20);
const clientCount = Number(process.env.CLIENTS ?? 2);
const engines = (process.env.ENGINES ?? (process.env.DATABASE_URL ? 'pglite,postgres' : 'pglite')).split(',');
const shares = Object.fromEntries((process.env.MIX ?? '').split(',').filter(Boolean).map((s) => s.split(':')).map(([k, v]) => [k, Number(v)]));
const goal = { p95: 50, p99: 200 };

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
/** A process's CPU time so far (all its threads), us. */
const cpuUs = (pid: number) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return 0;
  }
};
/** Each process's CPU so far, us. */
const cpuOf = (pids: number[]) => new Map(pids.map((pid) => [pid, cpuUs(pid)]));
/**
 * CPU spent since `before` by the processes in `after` (one started meanwhile counted from its start; one that ended
 * meanwhile, such as a pool's idle connection, is lost: a little less counted, never less than nothing).
 */
const spentSince = (before: Map<number, number>, after: Map<number, number>) =>
  sum([...after].filter(([, us]) => us > 0).map(([pid, us]) => us - (before.get(pid) ?? 0)));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Seeds `familyCount` families with a session per account; answers them with how long it took. */
async function seed(database: Database, concurrency: number): Promise<SeededFamily[]> {
  await migrate(database);
  const started = performance.now();
  const families = await seedFamilies(database, { families: familyCount, password: seedPassword, sessions: true, concurrency });
  await analyze(database);
  console.log(`seeded ${familyCount} families in ${((performance.now() - started) / 1000).toFixed(1)} s (load average ${loadAverage()})`);
  return families;
}

/** A `server/main.ts` on `env`, ready. */
async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...serverNodeFlags, join(root, 'server/main.ts')], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', TRUST_PROXY: 'loopback', PUBLIC_URL: 'http://127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then((r) => r.ok, () => false);
    if (ready) return { child, port };
    if (child.exitCode !== null) break;
    await sleep(200);
  }
  throw new Error('server did not become ready');
}

async function startProxy(backends: number[]): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'scripts/bench/support/round-robin.ts'), String(port), ...backends.map(String)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => child.stdout!.once('data', resolve));
  return { child, port };
}

function ask<T>(client: ChildProcess, message: ToClient, answer: string): Promise<T> {
  return new Promise((resolve) => {
    const on = (m: { kind: string }) => {
      if (m.kind !== answer) return;
      client.off('message', on);
      resolve(m as T);
    };
    client.on('message', on);
    client.send(message);
  });
}

/** The seeded families as the clients need them, each member at an address of its own (the per-address limits). */
function asFamilies(seeded: SeededFamily[]): Family[] {
  let n = 0;
  return seeded.map((f) => ({
    familyId: f.familyId, listIds: f.listIds,
    members: f.accounts.map((a) => {
      n++;
      return { userId: a.userId, email: a.email, token: a.token!, address: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
    }),
  }));
}

interface Target { label: string; base: string; servers: ChildProcess[]; proxy?: ChildProcess; backends: () => Promise<number[]> }

/**
 * The servers' RSS once it stops moving (within 2 MiB over 10 s, at most 2 minutes): a process's first minute runs
 * every job once (the embedded engine's vacuum and analyze read every table) and frees much of what that took.
 */
async function settledRss(servers: ChildProcess[]): Promise<number[]> {
  let last = servers.map((s) => rssMiB(s.pid!));
  for (let i = 0; i < 12; i++) {
    await sleep(10_000);
    const now = servers.map((s) => rssMiB(s.pid!));
    if (now.every((rss, j) => Math.abs(rss - last[j]!) < 2)) return now;
    last = now;
  }
  return last;
}

/** Streams, then rising rates on `target`; prints each step and answers the highest rate held. */
async function load(target: Target, families: Family[]): Promise<void> {
  const { label } = target;
  const idleRss = await settledRss(target.servers);
  const clients = Array.from({ length: clientCount }, () => fork(join(root, 'scripts/bench/support/family-load-client.ts'), [], { stdio: 'inherit' }));
  try {
    await Promise.all(clients.map((client, i) => ask(client, {
      kind: 'init', base: target.base, password: seedPassword, shares,
      families: families.filter((_, f) => f % clientCount === i),
    }, 'ready')));
    const opened = await Promise.all(clients.map((client) => ask<{ opened: number; failed: number }>(client, { kind: 'streams' }, 'streams')));
    const withStreams = await settledRss(target.servers);
    const streams = opened.reduce((sum, o) => sum + o.opened, 0);
    const refused = opened.reduce((sum, o) => sum + o.failed, 0);
    console.log(`${label} | idle RSS ${idleRss.map((r) => r.toFixed(0)).join(' + ')} MiB | ${streams} streams open${refused ? ` (${refused} refused)` : ''}: `
      + `RSS ${withStreams.map((r) => r.toFixed(0)).join(' + ')} MiB (+${(sum(withStreams) - sum(idleRss)).toFixed(0)} MiB)`);
    const step = (rate: number, seconds: number) => Promise.all(clients.map((client) => ask<{ result: StepResult }>(client, {
      kind: 'run', rate: rate / clientCount, seconds, warmSeconds,
    }, 'result').then((m) => m.result)));
    await step(rates[0]!, warmUpSeconds);
    const idle = await idleCpu(target);
    console.log(`${label} | idle with the streams open: ${(idle / 1000).toFixed(0)} ms of CPU a second (app and database: jobs, heartbeats)`);
    if (process.env.CALLS === 'each') return await eachCall(target, clients, step, idle);
    let held = 0;
    for (const rate of rates) {
      const app = target.servers.map((s) => s.pid!);
      const proxy = target.proxy ? [target.proxy.pid!] : [];
      const running = step(rate, stepSeconds);
      await sleep(warmSeconds * 1000);
      const before = { app: cpuOf(app), db: cpuOf(await target.backends()), proxy: cpuOf(proxy) };
      const results = await running;
      // From the clients' counting on to their answers (which wait for the step's last answers: few at a rate held).
      const spent = {
        app: spentSince(before.app, cpuOf(app)), db: spentSince(before.db, cpuOf(await target.backends())),
        proxy: spentSince(before.proxy, cpuOf(proxy)),
      };
      const line = summarise(rate, results, spent, target.servers.map((s) => rssMiB(s.pid!)));
      console.log(`${label} | ${line.text}`);
      if (!line.held) break;
      held = rate;
    }
    console.log(`${label} | highest rate held: ${held || 'none'} req/s (load average ${loadAverage()})`);
  } finally {
    for (const client of clients) client.kill();
  }
}

/** Each call of the mix alone at the first rate, one step each: what each costs the server. */
async function eachCall(target: Target, clients: ChildProcess[], step: (rate: number, seconds: number) => Promise<StepResult[]>, idle: number) {
  for (const op of Object.keys(mix) as Operation[]) {
    await Promise.all(clients.map((client) => ask(client, { kind: 'shares', shares: { [op]: 100 } }, 'ready')));
    const pids = async () => [...target.servers.map((s) => s.pid!), ...await target.backends()];
    const running = step(rates[0]!, stepSeconds);
    await sleep(warmSeconds * 1000);
    const before = cpuOf(await pids());
    const started = performance.now();
    const results = await running;
    const spent = spentSince(before, cpuOf(await pids())) - idle * (performance.now() - started) / 1000;
    const times = results.flatMap((r) => r.times[op] ?? []);
    const failed = sum(results.map((r) => sum(Object.values(r.failures))));
    console.log(`${target.label} | ${op} alone at ${rates[0]} req/s: p50 ${percentile(times, 50).toFixed(1)} p95 ${percentile(times, 95).toFixed(1)} ms`
      + ` | CPU/request (app and database, idle's taken off) ${(spent / times.length).toFixed(0)} us${failed ? ` | ${failed} failed` : ''} | load ${loadAverage()}`);
  }
}

/**
 * The app's and its database backends' CPU a second, us, with no request but the streams open, over a heartbeat
 * period and more (each stream's heartbeat re-checks its session).
 */
async function idleCpu(target: Target): Promise<number> {
  const pids = async () => [...target.servers.map((s) => s.pid!), ...await target.backends()];
  const before = cpuOf(await pids());
  const seconds = liveHeartbeatMs / 1000 + 5;
  await sleep(seconds * 1000);
  return spentSince(before, cpuOf(await pids())) / seconds;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

function summarise(rate: number, results: StepResult[], spent: { app: number; db: number; proxy: number }, rss: number[]) {
  const times = results.flatMap((r) => Object.values(r.times).flat());
  const answered = times.length;
  const sent = sum(results.map((r) => r.sent));
  const failures: Record<string, number> = {};
  for (const r of results) for (const [k, v] of Object.entries(r.failures)) failures[k] = (failures[k] ?? 0) + v;
  const failed = sum(Object.values(failures));
  const lag = results.flatMap((r) => r.lag);
  const deliveries = results.flatMap((r) => r.deliveries);
  const p = (n: number) => (times.length ? percentile(times, n) : NaN);
  const kept = sent >= 0.95 * rate * stepSeconds && answered >= 0.98 * sent;
  const held = kept && failed === 0 && p(95) < goal.p95 && p(99) < goal.p99;
  const perOp = (Object.keys(results[0]!.times) as Operation[]).map((op) => {
    const t = results.flatMap((r) => r.times[op] ?? []);
    return `${op} ${percentile(t, 95).toFixed(0)}`;
  }).join(', ');
  const us = (value: number) => (answered ? (value / answered).toFixed(0) : '-');
  const text = `${rate} req/s: sent ${(sent / stepSeconds).toFixed(0)}/s, answered ${answered}, p50 ${p(50).toFixed(1)} p95 ${p(95).toFixed(1)} p99 ${p(99).toFixed(1)} ms`
    + `${failed ? `, FAILED ${failed} (${Object.entries(failures).map(([k, v]) => `${k}: ${v}`).join(', ')})` : ''}`
    + ` | CPU/request: app ${us(spent.app)} us, database ${us(spent.db)} us${spent.proxy ? `, proxy ${us(spent.proxy)} us` : ''}`
    + `, client ${us(sum(results.map((r) => r.cpuUs)))} us | RSS ${rss.map((r) => r.toFixed(0)).join(' + ')} MiB`
    + ` | delivery p50 ${deliveries.length ? percentile(deliveries, 50).toFixed(0) : '-'} p95 ${deliveries.length ? percentile(deliveries, 95).toFixed(0) : '-'} ms (n=${deliveries.length})`
    + ` | client lag p50 ${lag.length ? percentile(lag, 50).toFixed(1) : "-"} p99 ${lag.length ? percentile(lag, 99).toFixed(1) : "-"} ms, event-loop p99 ${Math.max(...results.map((r) => r.eventLoopDelayP99)).toFixed(0)} ms`
    + ` | p95 by call: ${perOp} | load ${loadAverage()}${held ? '' : ' | NOT HELD'}`;
  return { held, text };
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** A bare PGlite process on the data folder: RSS opened, and after reading every table once. */
function barePglite(dataDir: string): Promise<string> {
  const script = `
    import { PGlite } from '@electric-sql/pglite';
    import { existsSync, readFileSync, writeFileSync } from 'node:fs';
    const rss = () => (Number(/VmRSS:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) / 1024).toFixed(0);
    const db = await PGlite.create(${JSON.stringify(dataDir)});
    await db.query('select 1');
    const opened = rss();
    const tables = (await db.query("select tablename from pg_tables where schemaname = 'public'")).rows;
    for (const t of tables) await db.query('select count(*) from "' + t.tablename + '"');
    console.log('bare PGlite RSS: opened ' + opened + ' MiB, after reading every table ' + rss() + ' MiB');
    await db.close();`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: join(root, 'server'), stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => { out += c.toString(); });
    child.on('exit', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`bare PGlite exited ${code}`))));
  });
}

/**
 * The seeded families on PGlite: in a scratch folder, or in `PGLITE_SEEDED` (a folder kept for the next run, its
 * families beside it in `<folder>.json`: seeding 2,000 families on PGlite takes minutes).
 */
async function pgliteFamilies(): Promise<{ dataDir: string; families: Family[]; scratch: boolean }> {
  const kept = process.env.PGLITE_SEEDED;
  if (kept && existsSync(`${kept}.json`)) {
    return { dataDir: kept, families: JSON.parse(readFileSync(`${kept}.json`, 'utf8')) as Family[], scratch: false };
  }
  const dataDir = kept ?? await mkdtemp(join(tmpdir(), 'hearth-family-load-'));
  const database = await openPglite({ dataDir, fsync: false });
  const families = asFamilies(await seed(database, 1));
  await database.close();
  if (kept) writeFileSync(`${kept}.json`, JSON.stringify(families));
  return { dataDir, families, scratch: !kept };
}

async function onPglite(): Promise<void> {
  const { dataDir, families, scratch } = await pgliteFamilies();
  try {
    console.log(`PGlite | ${await barePglite(dataDir)}`);
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      await load({ label: 'PGlite, 1 process', base: `http://127.0.0.1:${server.port}`, servers: [server.child], backends: async () => [] }, families);
    } finally {
      await stop(server.child);
    }
  } finally {
    if (scratch) await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * The seeded families on PostgreSQL: in a scratch database, or in `POSTGRES_SEEDED` (a database kept for the next run,
 * its families in `<tmp>/<name>.json`).
 */
async function postgresFamilies(serverUrl: string): Promise<{ url: string; families: Family[]; drop: () => Promise<void> }> {
  const kept = process.env.POSTGRES_SEEDED;
  const name = kept ?? `hearth_load_${randomBytes(4).toString('hex')}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const saved = join(tmpdir(), `${name}.json`);
  const drop = kept ? async () => {} : () => admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  if (kept && existsSync(saved)) return { url: url.toString(), families: JSON.parse(readFileSync(saved, 'utf8')) as Family[], drop };
  await admin(serverUrl, `CREATE DATABASE ${name}`);
  const database = await openPostgres(url.toString(), { max: 2 });
  const families = asFamilies(await seed(database, 2));
  await database.close();
  if (kept) writeFileSync(saved, JSON.stringify(families));
  return { url: url.toString(), families, drop };
}

async function onPostgres(serverUrl: string): Promise<void> {
  const { url: seeded, families, drop } = await postgresFamilies(serverUrl);
  const url = new URL(seeded);
  try {
    // The app's backends on this database (other work shares the server): their pids, read at each step.
    const backends = async () => {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
        return rows.map((r) => r.pid);
      } finally {
        await client.end();
      }
    };
    for (const processes of (process.env.PROCESSES ?? '1,2').split(',').map(Number)) {
      const servers = await Promise.all(Array.from({ length: processes }, () => startServer({ DATABASE_URL: url.toString(), PG_PREPARED_STATEMENTS: 'true' })));
      const proxy = processes > 1 ? await startProxy(servers.map((s) => s.port)) : undefined;
      try {
        await load({
          label: `PostgreSQL, ${processes} process${processes > 1 ? 'es behind a round-robin proxy' : ''}`,
          base: `http://127.0.0.1:${proxy?.port ?? servers[0]!.port}`, servers: servers.map((s) => s.child), proxy: proxy?.child, backends,
        }, families);
      } finally {
        if (proxy) await stop(proxy.child);
        await Promise.all(servers.map((s) => stop(s.child)));
      }
    }
  } finally {
    await drop();
  }
}

console.log(`family-load: ${familyCount} families, rates ${rates.join(', ')} req/s, ${stepSeconds} s a step, ${clientCount} client processes, load average ${loadAverage()}`);
for (const engine of engines) {
  if (engine === 'pglite') await onPglite();
  else if (engine === 'postgres' && process.env.DATABASE_URL) await onPostgres(process.env.DATABASE_URL);
}
