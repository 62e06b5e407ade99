/**
 * What families do, many at once: `FAMILIES` families (default 40) of three members, each with two lists of 30 items,
 * 15 meals and 40 events this month. `CLIENTS` (default 12) visits run at once, each by a member picked at random,
 * each visit what the web app sends when a member opens it and does a little: /api/me, the newsfeed, the family's
 * lists, one list's items, an add, that item ticked, the meals, the calendar's month. Runs BENCH_SECONDS (default
 * 20) after 5 s that are not counted. Prints requests a second, p50/p95 per call, and CPU time per request by thread
 * (`thread-cpu.ts`): the embedded engine's thread is what the engine's own code costs.
 * Run: `node scripts/bench/families.ts` (DATABASE_URL adds a PostgreSQL run).
 */
import { spawn } from 'node:child_process';
import type { Database } from '../../server/platform/db/client.ts';
import { calendarEvents, groceryItems, groceryLists, meals } from '../../server/platform/db/schema.ts';
import { analyze, member, onEachEngine, percentile, serveApp } from './support/common.ts';
import { CpuPerRequest } from './support/thread-cpu.ts';

const familyCount = Number(process.env.FAMILIES ?? 40);
const clients = Number(process.env.CLIENTS ?? 12);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const warmUpSeconds = 5;

interface Visitor { token: string; familyId: string; listIds: string[] }

/** The client: `clients` visit loops in a process of its own, off the server's event loop and apart in CPU counts. */
const loops = `
let stopping = false;
let counting = false;
const times = {};
let requests = 0;
let failures = 0;
let base, visitors, clients, month;
process.on('message', (m) => {
  if (m === 'count') counting = true;
  else if (m === 'stop') stopping = true;
  else start(m);
});
async function call(name, method, path, token, body) {
  const started = performance.now();
  const res = await fetch(base + path, {
    method, headers: { authorization: 'Bearer ' + token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!counting) return res.ok ? JSON.parse(text || 'null') : null;
  (times[name] ??= []).push(performance.now() - started);
  requests++;
  if (!res.ok) failures++;
  return res.ok ? JSON.parse(text || 'null') : null;
}
let made = 0;
async function visit(v) {
  const listId = v.listIds[made % v.listIds.length];
  await call('GET /api/me', 'GET', '/api/me', v.token);
  await call('GET /api/dashboard/newsfeed', 'GET', '/api/dashboard/newsfeed', v.token);
  await call('GET /api/grocery-lists/{familyId}', 'GET', '/api/grocery-lists/' + v.familyId, v.token);
  await call('GET /api/grocery/list/{listId}', 'GET', '/api/grocery/list/' + listId, v.token);
  const item = await call('POST /api/grocery', 'POST', '/api/grocery', v.token,
    { name: 'Thing ' + (made++), quantity: 1, listId, familyId: v.familyId });
  if (item) await call('PATCH /api/grocery/{itemId}', 'PATCH', '/api/grocery/' + item.id, v.token, { isPurchased: true });
  await call('GET /api/meals/family/{familyId}', 'GET', '/api/meals/family/' + v.familyId, v.token);
  await call('GET /api/calendar/events', 'GET', '/api/calendar/events?startDate=' + month[0] + '&endDate=' + month[1], v.token);
}
function start(given) {
  ({ base, visitors, clients, month } = given);
  Promise.all(Array.from({ length: clients }, async () => {
    while (!stopping) await visit(visitors[Math.floor(Math.random() * visitors.length)]);
  })).then(() => process.send({ times, requests, failures }));
}
`;

async function fill(database: Database): Promise<Visitor[]> {
  const { db } = database;
  const visitors: Visitor[] = [];
  const day = (d: number, h: number) => {
    const date = new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    return `${date}T${String(h).padStart(2, '0')}:00:00`;
  };
  for (let f = 0; f < familyCount; f++) {
    const founder = await member(db, `Founder ${f}`);
    const others = [await member(db, `Second ${f}`, founder.familyId), await member(db, `Third ${f}`, founder.familyId)];
    const familyId = founder.familyId;
    const lists = await db.insert(groceryLists).values([{ familyId, title: 'Weekly shop' }, { familyId, title: 'Market' }])
      .returning({ id: groceryLists.id });
    await db.insert(groceryItems).values(lists.flatMap((list) => Array.from({ length: 30 }, (_, i) => ({
      familyId, listId: list.id, name: `Item ${i}`, quantity: 1 + (i % 3), position: i, isPurchased: i % 4 === 0,
    }))));
    await db.insert(meals).values(Array.from({ length: 15 }, (_, i) => ({
      familyId, name: `Meal ${i}`, directions: 'Cook it.', prepTime: 10, totalTime: 30,
    })));
    await db.insert(calendarEvents).values(Array.from({ length: 40 }, (_, i) => ({
      familyId, title: `Event ${i}`, startTime: day((i % 30) - 15, 8 + (i % 10)), endTime: day((i % 30) - 15, 9 + (i % 10)),
      isMeal: i % 5 === 0,
    })));
    const listIds = lists.map((list) => list.id);
    for (const m of [founder, ...others]) visitors.push({ token: m.token, familyId, listIds });
  }
  await analyze(database);
  return visitors;
}

async function bench(label: string, database: Database): Promise<void> {
  const { app, base } = await serveApp(database, { env: { WRITES_PER_MINUTE: '1000000' } });
  try {
    const visitors = await fill(database);
    const month = [new Date(Date.now() - 15 * 86_400_000), new Date(Date.now() + 15 * 86_400_000)]
      .map((d) => d.toISOString().slice(0, 10));
    const client = spawn(process.execPath, ['-e', loops], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const done = new Promise<{ times: Record<string, number[]>; requests: number; failures: number }>((resolve, reject) => {
      client.once('message', resolve as (m: unknown) => void);
      client.once('error', reject);
    });
    client.send({ base, visitors, clients, month });
    await new Promise((resolve) => setTimeout(resolve, warmUpSeconds * 1000));
    const cpu = new CpuPerRequest(process.pid, client.pid!, database.engine === 'postgres');
    let result!: Awaited<typeof done>;
    await cpu.around(1, async () => {
      client.send('count');
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      client.send('stop');
      result = await done;
    });
    client.kill();
    const all = Object.values(result.times).flat();
    console.log(`${label} | ${familyCount} families, ${clients} visits at once, ${seconds} s | ${(result.requests / seconds).toFixed(0)} req/s`
      + ` | p50 ${percentile(all, 50).toFixed(1)} ms | p95 ${percentile(all, 95).toFixed(1)} ms${result.failures ? ` | ${result.failures} failed` : ''}`);
    for (const [name, times] of Object.entries(result.times)) {
      console.log(`${label} | ${name.padEnd(34)} | p50 ${percentile(times, 50).toFixed(1)} ms | p95 ${percentile(times, 95).toFixed(1)} ms`);
    }
    // CpuPerRequest counted one "request" for the whole run: per request is its figure over the requests made.
    console.log(`${label} | CPU per request: ${perRequest(cpu.toString(), result.requests)}`);
  } finally {
    await app.close();
    await database.close();
  }
}

/** "engine thread 214000 us, ..." for the whole run, as microseconds per request. */
function perRequest(whole: string | null, requests: number): string {
  if (!whole) return 'not measured (no /proc)';
  return whole.replace(/(\d+) us/g, (_, us: string) => `${(Number(us) / requests).toFixed(0)} us`);
}

await onEachEngine(bench);
