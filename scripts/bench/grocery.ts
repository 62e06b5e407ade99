/**
 * Grocery benchmark: a list of 500 items, timed over loopback HTTP against the real app.
 *   - load: GET /api/grocery/list/{listId}, p50/p95
 *   - reorder: PUT /api/grocery/reorder with the whole new order, p50/p95
 *   - live: one member's change (PATCH) to another member's /api/live event, p50/p95 over 200 changes
 * Always on PGlite (in memory); also on PostgreSQL when DATABASE_URL is set, in a scratch database it
 * creates and drops. Run: `node scripts/bench/grocery.ts`.
 */
import type { Database } from '../../server/platform/db/client.ts';
import { groceryItems, groceryLists } from '../../server/platform/db/schema.ts';
import { member, onEachEngine, serveApp, summary } from './support/common.ts';

const itemCount = 500;
const loadRuns = 100;
const reorderRuns = 50;
const liveChanges = 200;
const liveTimeoutMs = 5000;

/** Reads SSE events from /api/live and hands each change to the waiter for its item id. */
async function openStream(base: string, token: string, signal: AbortSignal) {
  const waiters = new Map<string, (at: number) => void>();
  const res = await fetch(`${base}/api/live`, { headers: { authorization: `Bearer ${token}` }, signal });
  if (res.status !== 200 || !res.body) throw new Error(`live stream answered ${res.status}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (!data) continue;
          const change = JSON.parse(data.slice(6)) as { id?: string };
          if (change.id) waiters.get(change.id)?.(performance.now());
        }
      }
    } catch {
      // Aborted at the end of the run.
    }
  })();
  return {
    next(id: string): Promise<number> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('live event did not arrive')), liveTimeoutMs);
        waiters.set(id, (at) => { clearTimeout(timer); waiters.delete(id); resolve(at); });
      });
    },
  };
}

async function bench(label: string, database: Database): Promise<void> {
  // One user makes every change here: the per-user write rate is not what is measured.
  const { app, base } = await serveApp(database, { env: { WRITES_PER_MINUTE: '1000000' }, checkResponses: true });
  const stop = new AbortController();
  try {
    const ada = await member(database.db, 'Ada');
    const ben = await member(database.db, 'Ben', ada.familyId);
    const [list] = await database.db.insert(groceryLists).values({ familyId: ada.familyId, title: 'Bench' }).returning();
    if (!list) throw new Error('list insert failed');
    await database.db.insert(groceryItems).values(Array.from({ length: itemCount }, (_, i) => ({
      familyId: ada.familyId, listId: list.id, name: `Item ${i}`, quantity: i % 5, position: i,
    })));
    const headers = { authorization: `Bearer ${ada.token}`, 'content-type': 'application/json' };
    const timed = async (path: string, init: RequestInit = {}) => {
      const started = performance.now();
      const res = await fetch(`${base}${path}`, { ...init, headers });
      const body = await res.text();
      if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${body}`);
      return { ms: performance.now() - started, body };
    };

    const load: number[] = [];
    let items: { id: string }[] = [];
    for (let i = 0; i < loadRuns; i++) {
      const { ms, body } = await timed(`/api/grocery/list/${list.id}`);
      load.push(ms);
      items = JSON.parse(body) as { id: string }[];
    }
    if (items.length !== itemCount) throw new Error(`expected ${itemCount} items, got ${items.length}`);

    const reorder: number[] = [];
    for (let i = 0; i < reorderRuns; i++) {
      // Rotate by one each time, so every run really moves every item.
      const order = [...items.slice(1), items[0]!].map((item, position) => ({ id: item.id, position }));
      const { ms, body } = await timed('/api/grocery/reorder', { method: 'PUT', body: JSON.stringify(order) });
      reorder.push(ms);
      items = JSON.parse(body) as { id: string }[];
    }

    const stream = await openStream(base, ben.token, stop.signal);
    const live: number[] = [];
    for (let i = 0; i < liveChanges; i++) {
      const item = items[i % items.length]!;
      const arrived = stream.next(item.id);
      const started = performance.now();
      await timed(`/api/grocery/${item.id}`, { method: 'PATCH', body: JSON.stringify({ isPurchased: i % 2 === 0 }) });
      live.push((await arrived) - started);
    }

    console.log(`${label}: load ${itemCount} items: ${summary(load)}`);
    console.log(`${label}: reorder ${itemCount} items: ${summary(reorder)}`);
    console.log(`${label}: change to another member's stream event: ${summary(live)}`);
  } finally {
    stop.abort();
    await app.close();
    await database.close();
  }
}

await onEachEngine(bench);
