/**
 * Should the embedded engine run in a worker thread? PGlite runs on the thread that calls it, so a long answer
 * (parsing 500 rows) holds up every other request. This measures, at 50 connections, a route doing one point
 * select, alone and while other clients read 500-row answers, with PGlite (a) on the server's thread, as Hearth
 * ran it before issue #17, and (b) in a worker thread that the server's thread only sends queries to, as it runs it
 * now (`server/platform/db/engine/thread.ts`). Run:
 * `node scripts/bench/pglite-worker.ts` (BENCH_SECONDS, default 8). The clients run in worker threads of their own.
 */
import type { AddressInfo } from 'node:net';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import Fastify from 'fastify';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const setup = `
  create table items (id int primary key, list int, name text, quantity float8, unit text, category text);
  insert into items select g, g % 10, 'Item ' || g, g % 5, 'pack', 'produce' from generate_series(1, 5000) g;
  create index on items (list);`;
const pointSelect = 'select id, name from items where id = $1';
const longRead = 'select * from items where list = $1 limit 500';

type Query = (sql: string, params: unknown[]) => Promise<unknown[]>;

if (!isMainThread) {
  const db = await PGlite.create();
  await db.exec(setup);
  parentPort!.on('message', async ({ id, sql, params }: { id: number; sql: string; params: unknown[] }) => {
    const { rows } = await db.query(sql, params);
    parentPort!.postMessage({ id, rows });
  });
  parentPort!.postMessage({ ready: true });
} else {
  async function onThread(): Promise<{ query: Query; close: () => Promise<void> }> {
    const db = await PGlite.create();
    await db.exec(setup);
    return { query: async (sql, params) => (await db.query(sql, params)).rows, close: () => db.close() };
  }

  async function inWorker(): Promise<{ query: Query; close: () => Promise<void> }> {
    const worker = new Worker(new URL(import.meta.url));
    const waiting = new Map<number, (rows: unknown[]) => void>();
    let next = 0;
    await new Promise<void>((resolve) => {
      worker.on('message', (m: { ready?: boolean; id?: number; rows?: unknown[] }) => {
        if (m.ready) return resolve();
        waiting.get(m.id!)?.(m.rows!);
        waiting.delete(m.id!);
      });
    });
    return {
      query: (sql, params) => new Promise((resolve) => {
        const id = next++;
        waiting.set(id, resolve);
        worker.postMessage({ id, sql, params });
      }),
      close: async () => { await worker.terminate(); },
    };
  }

  async function measure(label: string, engine: { query: Query; close: () => Promise<void> }) {
    const app = Fastify();
    app.get('/point', async () => (await engine.query(pointSelect, [1 + Math.floor(Math.random() * 5000)]))[0]);
    app.get('/long', async () => engine.query(longRead, [Math.floor(Math.random() * 10)]));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const alone = await autocannon({ workers: 1, url: `${base}/point`, connections: 50, duration: seconds });
    const [mixed] = await Promise.all([
      autocannon({ workers: 1, url: `${base}/point`, connections: 45, duration: seconds }),
      autocannon({ workers: 1, url: `${base}/long`, connections: 5, duration: seconds }),
    ]);
    console.log(`${label.padEnd(28)} | point select alone ${alone.requests.average.toFixed(0).padStart(6)} req/s, p50 ${alone.latency.p50} ms`
      + ` | beside 500-row reads ${mixed.requests.average.toFixed(0).padStart(6)} req/s, p50 ${mixed.latency.p50} ms, p97.5 ${mixed.latency.p97_5} ms`);
    await app.close();
    await engine.close();
  }

  await measure('PGlite on the server thread', await onThread());
  await measure('PGlite in a worker thread', await inWorker());
}
