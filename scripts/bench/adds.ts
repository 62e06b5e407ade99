/**
 * Item adds at once, as families make them (issue 47): 50 members of one family adding to one list at the same
 * moment, and 50 families each adding to its own list at the same moment; also 50 members asking GET /api/me at
 * the same moment. Each round sends its 50 requests together from a worker thread (a real client is another
 * machine), every add with an Idempotency-Key as the web client sends it; WARM_ROUNDS rounds (default 10) are not
 * counted, then ROUNDS (default 20) are. Afterwards every list is read back and checked: each add applied once, the
 * adds of one name merged into one item whose quantity is their sum. On one list, each round adds 25 names twice
 * (a new item, then a merge into it); on each family's list, one of 10 names a round (merges from the 11th round).
 * Each run also says, independent of the machine's load, the statements the app sent its database per request
 * (counted in the driver) and the CPU each part spent per request (`support/thread-cpu.ts`; on PostgreSQL, its
 * pool's backends).
 * Run: `node scripts/bench/adds.ts` (DATABASE_URL adds a PostgreSQL run; BENCH_ONLY=<text>: only the runs whose name
 * contains it).
 */
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { idempotencyHeader } from '@hearth/contract/endpoint';
import { rawRows, type Database } from '../../server/platform/db/client.ts';
import { groceryLists } from '../../server/platform/db/schema.ts';
import { member, onEachEngine, serveApp, summary } from './support/common.ts';
import { CpuPerRequest } from './support/thread-cpu.ts';

const warmRounds = Number(process.env.WARM_ROUNDS ?? 10);
const rounds = Number(process.env.ROUNDS ?? 20);
const together = 50;
/** Only the runs whose name contains this text (say "/api/me"). */
const only = process.env.BENCH_ONLY;

interface Sent { url: string; method: string; headers: Record<string, string>; body?: string }
interface Answered { ms: number; status: number; body: string }

/** The worker: sends each round's requests at once and times each from sending to its whole body read. */
const client = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', async (requests) => {
  const answers = await Promise.all(requests.map(async (r) => {
    const started = performance.now();
    try {
      const res = await fetch(r.url, { method: r.method, headers: r.headers, body: r.body });
      const body = await res.text();
      return { ms: performance.now() - started, status: res.status, body };
    } catch (error) {
      return { ms: performance.now() - started, status: 0, body: String(error.cause?.code ?? error.message) };
    }
  }));
  parentPort.postMessage(answers);
});
`;

/**
 * Counts the statements sent to `database` from now on: on PGlite each `query` of its thread and a transaction's
 * BEGIN and COMMIT; on PostgreSQL each query pg sends (a Sync ends each one with parameters, BEGIN and COMMIT go as
 * simple queries).
 */
function countStatements(database: Database): { n: number } {
  const counted = { n: 0 };
  if (database.engine === 'postgres') {
    const connection = pg.Connection.prototype as unknown as Record<'sync' | 'query', (...args: unknown[]) => unknown>;
    for (const method of ['sync', 'query'] as const) {
      const send = connection[method];
      connection[method] = function (this: unknown, ...args: unknown[]) {
        counted.n++;
        return send.apply(this, args);
      };
    }
    return counted;
  }
  type Query = (...args: unknown[]) => Promise<unknown>;
  const engine = (database.db as unknown as { $client: { query: Query; transaction: (work: (tx: { query: Query }) => Promise<unknown>) => Promise<unknown> } }).$client;
  const query = engine.query.bind(engine);
  const transaction = engine.transaction.bind(engine);
  engine.query = (...args) => {
    counted.n++;
    return query(...args);
  };
  engine.transaction = (work) => {
    counted.n += 2;
    return transaction((tx) => work({ query: (...args) => {
      counted.n++;
      return tx.query(...args);
    } }));
  };
  return counted;
}

/** The threads of this process now. */
const threads = () => new Set(readdirSync('/proc/self/task'));

function startClient() {
  const before = threads();
  const worker = new Worker(client, { eval: true });
  const online = new Promise<Set<string>>((resolve) => worker.once('online', () => {
    resolve(new Set([...threads()].filter((tid) => !before.has(tid))));
  }));
  let failed: ((error: unknown) => void) | undefined;
  worker.on('error', (error) => failed?.(error));
  return {
    send: (requests: Sent[]) => new Promise<Answered[]>((resolve, reject) => {
      failed = reject;
      worker.once('message', resolve);
      worker.postMessage(requests);
    }),
    stop: () => worker.terminate(),
    /** The worker's thread ids (Node's own threads for it included). */
    threads: online,
  };
}

/** What each list should hold once every add is applied: quantity by name. */
type Expected = Map<string, Map<string, number>>;

function expect(expected: Expected, listId: string, name: string, quantity: number): void {
  const items = expected.get(listId) ?? new Map<string, number>();
  expected.set(listId, items);
  items.set(name, (items.get(name) ?? 0) + quantity);
}

async function bench(label: string, database: Database): Promise<void> {
  // The per-user write rate is not what is measured.
  const { app, base } = await serveApp(database, { env: { WRITES_PER_MINUTE: '1000000' } });
  const worker = startClient();
  try {
    const ada = await member(database.db, 'Ada');
    const family = [ada, ...await Promise.all(
      Array.from({ length: together - 1 }, (_, i) => member(database.db, `Member ${i}`, ada.familyId)),
    )];
    const founders = await Promise.all(Array.from({ length: together }, (_, i) => member(database.db, `Founder ${i}`)));
    const newList = async (familyId: string, title: string) => {
      const [list] = await database.db.insert(groceryLists).values({ familyId, title }).returning();
      if (!list) throw new Error('list insert failed');
      return list.id;
    };
    const shared = await newList(ada.familyId, 'Together');
    const own = await Promise.all(founders.map((f) => newList(f.familyId, 'Own')));
    const expected: Expected = new Map();
    const add = (who: { token: string; familyId: string }, listId: string, name: string, quantity: number): Sent => {
      expect(expected, listId, name, quantity);
      return {
        url: `${base}/api/grocery`, method: 'POST',
        headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json', [idempotencyHeader]: randomUUID() },
        body: JSON.stringify({ name, quantity, unit: null, listId, familyId: who.familyId, isPurchased: false, position: 0 }),
      };
    };
    const runs: { name: string; round: (r: number) => Sent[]; samples: number[]; statements: number; cpu: string | null }[] = [
      {
        name: `50 adds at once to one list`, samples: [], statements: 0, cpu: null,
        round: (r) => family.map((m, i) => add(m, shared, `Item ${r}-${i % 25}`, (i % 3) + 1)),
      },
      {
        name: `50 adds at once, one to each of 50 families' lists`, samples: [], statements: 0, cpu: null,
        round: (r) => founders.map((f, i) => add(f, own[i]!, `Item ${r % 10}`, 1)),
      },
      {
        name: `GET /api/me, 50 members at once`, samples: [], statements: 0, cpu: null,
        round: () => family.map((m) => ({ url: `${base}/api/me`, method: 'GET', headers: { authorization: `Bearer ${m.token}` } })),
      },
    ];
    const statements = countStatements(database);
    const clientThreads = await worker.threads;
    for (const run of runs.filter((r) => !only || r.name.includes(only))) {
      // The pool's backends, once the warm rounds have opened them.
      let cpu: CpuPerRequest | undefined;
      let sent = 0;
      for (let r = 0; r < warmRounds + rounds; r++) {
        if (r === warmRounds) {
          const backends = database.engine === 'postgres'
            ? (await rawRows<{ pid: number }>(database.db, sql`select pid from pg_stat_activity
                where datname = current_database() and application_name = 'hearth' and pid <> pg_backend_pid()`))
              .map((row) => Number(row.pid))
            : false;
          cpu = new CpuPerRequest(process.pid, { threads: clientThreads }, backends);
          sent = statements.n;
        }
        const requests = run.round(r);
        const send = () => worker.send(requests);
        const answers = await (cpu ? cpu.around(requests.length, send) : send());
        const failed = answers.find((a) => a.status < 200 || a.status >= 300);
        if (failed) throw new Error(`${run.name}: ${failed.status} ${failed.body}`);
        if (r >= warmRounds) run.samples.push(...answers.map((a) => a.ms));
      }
      run.statements = (statements.n - sent) / run.samples.length;
      run.cpu = cpu?.toString() ?? null;
    }
    for (const [listId, items] of expected) {
      const owner = listId === shared ? ada : founders[own.indexOf(listId)]!;
      const res = await fetch(`${base}/api/grocery/list/${listId}`, { headers: { authorization: `Bearer ${owner.token}` } });
      const shown = await res.json() as { name: string; quantity: number | null }[];
      const wrong = shown.length !== items.size
        || shown.some((item) => items.get(item.name) !== item.quantity);
      if (wrong) throw new Error(`list ${listId}: expected ${JSON.stringify([...items])}, got ${JSON.stringify(shown.map((i) => [i.name, i.quantity]))}`);
    }
    for (const run of runs.filter((r) => r.samples.length > 0)) {
      console.log(`${label}: ${run.name}: ${summary(run.samples)}`);
      console.log(`${label}:   per request: ${run.statements.toFixed(2)} statements; CPU ${run.cpu ?? 'not read'}`);
    }
    console.log(`${label}: every list holds each add once, merged by name (${expected.size} lists checked)`);
  } finally {
    await worker.stop();
    await app.close();
    await database.close();
  }
}

await onEachEngine(bench);
