/**
 * Throughput at 50 connections (autocannon), each call against the limit of this stack: a bare Fastify route
 * doing one indexed point select on the same engine, measured after 20,000 requests that are not counted. Calls, by
 * 50 members of one family (one a connection): GET /api/me, the family's lists, a 100- and a 500-item list, meals;
 * then, by one member, item adds (POST /api/grocery) on lists
 * of 100, 1,000 and near the list bound, by one client and by 50 at once, without and with an Idempotency-Key (the
 * web client sends one with every add), each on eight lists of that size with their answers pooled, after 1,500
 * adds of each kind that are not counted; and 1,200 adds at 50 connections to a list that was empty when its
 * statistics were taken. autocannon runs in a client process of its own, kept warm across runs (`load-client.ts`).
 * Percentiles leave out each connection's first answer, which times the connection's opening; their p50 is shown
 * apart. The 50-at-once add runs also report their CPU time per add by thread (`thread-cpu.ts`, Linux): the server's,
 * the embedded engine's, V8's helpers', the load client's and, on PostgreSQL, the database server's processes', which
 * share the machine's cores.
 * BENCH_SECONDS sets each run's length (default 10); BENCH_ONLY=<text> runs only the calls whose name contains it
 * ending where a word or path ends ("GET /api/me" is not the meals read; "POST /api/grocery" is every add run), and
 * the limit, to compare one call before and after a change. Run: `node scripts/bench/throughput.ts`.
 */
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { count, eq, sql } from 'drizzle-orm';
import { groceryLimits } from '@hearth/contract/grocery';
import type { Database } from '../../server/platform/db/client.ts';
import { groceryItems, groceryLists, idempotencyKeys, meals, users } from '../../server/platform/db/schema.ts';
import { analyze, member, onEachEngine, percentile, serveApp } from './support/common.ts';
import { startLoadClient, type LoadResult } from './support/load-client.ts';
import { CpuPerRequest } from './support/thread-cpu.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 50;
const addsPerSize = 300;
/** Lists each list size's adds are measured on, their answers pooled: a p95 of 2,000 answers, not 250. */
const listsPerSize = 8;
/** Requests to the limit's route before it is measured. */
const warmUpReads = 20_000;
/** Adds before any that are measured. */
const warmUpAdds = 1500;
// The largest list leaves room for every add under the list bound.
const addSizes = [100, 1000, groceryLimits.itemsPerList - addsPerSize - addsPerSize / 3];
const only = process.env.BENCH_ONLY;
const onlyPattern = only ? new RegExp(`${only.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w/])`) : null;
const wanted = (name: string) => !onlyPattern || onlyPattern.test(name);

/**
 * `reqPerSec` is undefined for a fixed number of requests: autocannon times those runs in whole seconds. `firstP50`
 * is the p50 of the connections' first answers, which the other percentiles leave out (`LoadResult.first`).
 */
interface Result { reqPerSec?: number; p50: number; p95: number; p97_5: number; firstP50: number; errors: number }

/** What every request of a run sends. */
interface RunRequest { method?: string; headers: Record<string, string>; body?: string }

/**
 * A run: a fixed `amount` of requests (else BENCH_SECONDS of them), over `connections` (50 by default), `keyed` with
 * a fresh Idempotency-Key each, and with `connectionHeaders` sent by each connection in turn.
 */
interface Run { amount?: number; connections?: number; keyed?: boolean; connectionHeaders?: Record<string, string>[] }

/** The bench's client, a process of its own for the whole bench (`startLoadClient`). */
const client = startLoadClient();

/** One autocannon run, timed from the client's side. */
function timedRun(url: string, init: RunRequest, run: Run = {}): Promise<LoadResult> {
  return client.run({
    url, method: init.method ?? 'GET', headers: init.headers, ...(init.body ? { body: init.body } : {}),
    connections: run.connections ?? connections, ...(run.amount ? { amount: run.amount } : { seconds }),
    keyed: run.keyed ?? false, ...(run.connectionHeaders ? { connectionHeaders: run.connectionHeaders } : {}),
  });
}

/** Percentiles of answer times, rounded to the millisecond as autocannon's figures. */
function summarized({ times, first, errors, reqPerSec }: LoadResult): Result {
  const at = (values: number[], p: number) => (values.length ? Math.round(percentile(values, p)) : 0);
  return { reqPerSec, p50: at(times, 50), p95: at(times, 95), p97_5: at(times, 97.5), firstP50: at(first, 50), errors };
}

async function load(url: string, init: RunRequest, run: Run = {}): Promise<Result> {
  return summarized(await timedRun(url, init, run));
}

/** Runs on several lists summed up as one: their answers' times pooled. */
function pool(runs: LoadResult[]): Result {
  return summarized({
    times: runs.flatMap((r) => r.times), first: runs.flatMap((r) => r.first), errors: runs.reduce((n, r) => n + r.errors, 0),
  });
}

async function limitServer(database: Database, userId: string) {
  const app = Fastify();
  const statement = database.db.select({ id: users.id }).from(users).where(eq(users.id, sql.placeholder('id')))
    .prepare('bench_point_select');
  app.get('/limit', async () => (await statement.execute({ id: userId }))[0]);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

async function bench(label: string, database: Database): Promise<void> {
  // One user makes every add here: the per-user write rate would stop the run, and it is not what is measured.
  const { app, base } = await serveApp(database, { env: { WRITES_PER_MINUTE: '1000000' } });
  const ada = await member(database.db, 'Ada');
  // Reads as 50 members of Ada's family, one a connection: one member's 50 identical requests would share
  // their session lookups and hot reads (a batch reads each distinct lookup once), which no family sends.
  const family = [ada, ...await Promise.all(Array.from({ length: connections - 1 }, (_, i) => member(database.db, `Member ${i}`, ada.familyId)))];
  const limit = await limitServer(database, ada.userId);
  // What the 50-at-once add runs cost each thread of this machine, per add.
  const cpu = new CpuPerRequest(process.pid, client.pid, database.engine === 'postgres');
  try {
    const keyCount = async (userId: string) =>
      (await database.db.select({ n: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.userId, userId)))[0]!.n;
    const newList = async (title: string, size: number) => {
      const [list] = await database.db.insert(groceryLists).values({ familyId: ada.familyId, title }).returning();
      if (!list) throw new Error('list insert failed');
      for (let from = 0; from < size; from += 1000) {
        await database.db.insert(groceryItems).values(Array.from({ length: Math.min(1000, size - from) }, (_, i) => ({
          familyId: ada.familyId, listId: list.id, name: `Item ${from + i}`, quantity: (from + i) % 5, position: from + i,
        })));
      }
      return list.id;
    };
    const small = await newList('Hundred', 100);
    const large = await newList('Five hundred', 500);
    await database.db.insert(meals).values(Array.from({ length: 30 }, (_, i) => ({
      familyId: ada.familyId, name: `Meal ${i}`, directions: 'Cook it.', prepTime: 10, totalTime: 30,
    })));
    await analyze(database);
    const headers = { authorization: `Bearer ${ada.token}`, 'content-type': 'application/json' };
    const readers = family.map((m) => ({ authorization: `Bearer ${m.token}` }));
    const limitUrl = `http://127.0.0.1:${(limit.server.address() as AddressInfo).port}/limit`;

    // Not counted: the limit runs first, while V8 has yet to optimise the paths every route shares. Measured cold,
    // the embedded engine's read low, flattering every ratio.
    await timedRun(limitUrl, { headers: {} }, { amount: warmUpReads });
    const ceiling = await load(limitUrl, { headers: {} });
    const rows: [string, Result][] = [['one point select (limit)', ceiling]];
    for (const [name, path] of [
      ['GET /api/me', '/api/me'],
      ['GET /api/grocery-lists/{familyId}', `/api/grocery-lists/${ada.familyId}`],
      ['GET /api/grocery/list/{id}, 100 items', `/api/grocery/list/${small}`],
      ['GET /api/grocery/list/{id}, 500 items', `/api/grocery/list/${large}`],
      ['GET /api/meals/family/{familyId}', `/api/meals/family/${ada.familyId}`],
    ] as const) {
      if (wanted(name)) rows.push([name, await load(`${base}${path}`, { headers }, { connectionHeaders: readers })]);
    }
    const addsBody = (listId: string) =>
      // autocannon puts a fresh id for [<id>] in each request: every add is a new item, not a merge into one.
      JSON.stringify({ name: 'Milk [<id>]', quantity: 1, unit: null, listId, familyId: ada.familyId, isPurchased: false, position: 0 });
    if (wanted('POST /api/grocery')) {
      // Not counted: a fresh process's first ~1,000 adds run two to three times slower while V8 optimises the hot
      // paths, the embedded engine's WebAssembly included; the reads above warmed only the paths they share. Keyed
      // adds too: their keys' paths (stored answers, recording) were otherwise cold for the first keyed list size.
      for (const keyed of [false, true]) {
        const warm = await newList(`Warm-up${keyed ? ', keyed' : ''}`, 0);
        await analyze(database);
        await timedRun(`${base}/api/grocery`, { method: 'POST', headers, body: addsBody(warm) }, { amount: warmUpAdds, keyed });
      }
    }
    for (const size of wanted('POST /api/grocery') ? addSizes : []) {
      // As the web client sends every add: with an Idempotency-Key, claimed and answered in the add's transaction.
      for (const keyed of [false, true]) {
        const alone: LoadResult[] = [];
        const together: LoadResult[] = [];
        const keysBefore = await keyCount(ada.userId);
        // Each list takes 400 adds under its bound; several lists give the percentiles enough answers.
        for (let n = 0; n < listsPerSize; n++) {
          const listId = await newList(`${keyed ? 'Keyed adds' : 'Adds'} ${size} #${n + 1}`, size);
          await analyze(database);
          const init = { method: 'POST', headers, body: addsBody(listId) };
          // One member adding alone shows an add's own cost; 50 at once on one list wait for each other (adds to a
          // list are serialized by its lock, which keeps positions and merges exact).
          alone.push(await timedRun(`${base}/api/grocery`, init, { amount: addsPerSize / 3, connections: 1, keyed }));
          together.push(await cpu.around(addsPerSize, () => timedRun(`${base}/api/grocery`, init, { amount: addsPerSize, keyed })));
        }
        if (keyed && (await keyCount(ada.userId)) - keysBefore < listsPerSize * (addsPerSize + addsPerSize / 3)) {
          throw new Error('keyed adds were sent without their keys');
        }
        const name = `POST /api/grocery, ${keyed ? 'keyed, ' : ''}${size}-item list`;
        rows.push([`${name}, one client`, pool(alone)]);
        rows.push([name, pool(together)]);
      }
    }
    if (wanted('POST /api/grocery')) {
      // A list as families grow one: empty when the statistics were last taken, then 1,200 adds at 50 connections
      // (the planner thinks the list tiny throughout; a lookup by an expression once read it whole per name).
      const grown = await newList('Grown from empty', 0);
      await analyze(database);
      rows.push(['POST /api/grocery, list grown from empty, 1,200 adds', await cpu.around(1200, () => load(`${base}/api/grocery`, { method: 'POST', headers, body: addsBody(grown) }, { amount: 1200 }))]);
    }
    for (const [name, r] of rows) {
      const rate = r.reqPerSec === undefined || ceiling.reqPerSec === undefined
        ? `${'-'.padStart(6)} req/s | ratio  -  `
        : `${r.reqPerSec.toFixed(0).padStart(6)} req/s | ratio ${(r.reqPerSec / ceiling.reqPerSec).toFixed(2)}`;
      console.log(`${label} | ${name.padEnd(53)} | ${rate} | p50 ${r.p50} ms | p95 ${r.p95} ms | p97.5 ${r.p97_5} ms | first answers p50 ${r.firstP50} ms${r.errors ? ` | ${r.errors} errors` : ''}`);
    }
    const perAdd = cpu.toString();
    if (perAdd) console.log(`${label} | CPU per add, 50 at once: ${perAdd}`);
  } finally {
    await limit.close();
    await app.close();
    await database.close();
  }
}

try {
  await onEachEngine(bench);
} finally {
  client.stop();
}
