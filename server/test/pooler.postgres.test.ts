import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, inject, it, vi } from 'vitest';
import pg from 'pg';
import { foundFamily } from '../features/family/membership.ts';
import { createSession } from '../platform/auth/sessions.ts';
import { systemClock } from '../platform/clock.ts';
import { openPostgres } from '../platform/db/client.ts';
import { users } from '../platform/db/schema.ts';
import { admin } from './databases.ts';
import { Stream } from './live-streams.ts';
import { until } from './until.ts';
import { startPgBouncer, type Pooler } from './pgbouncer.ts';
import { startServer, type ServerProcess } from './processes.ts';

/**
 * Two real server processes behind PgBouncer in transaction mode (two server connections shared by both), as the
 * scale-out notes advise past a few processes, with DATABASE_DIRECT_URL for what needs a session of its own: they
 * migrate an empty database once between them, a change made through one reaches a live stream held by the other,
 * and a burst of adds to one list over both is applied whole, in order.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const migrations = (JSON.parse(readFileSync(new URL('../platform/db/migrations/meta/_journal.json', import.meta.url), 'utf8')) as {
  entries: unknown[];
}).entries.length;

let directUrl: string;
let dropDatabase = async () => {};
let pooler: Pooler | undefined;
let apps: ServerProcess[] = [];
let token: string;
let familyId: string;

async function query<R extends pg.QueryResultRow>(statement: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: directUrl });
  await client.connect();
  try {
    return (await client.query<R>(statement, params)).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  const server = inject('templates').postgresUrl!;
  const name = `hearth_pool_${randomBytes(4).toString('hex')}`;
  await admin(server, `CREATE DATABASE ${name}`);
  dropDatabase = () => admin(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  directUrl = url.toString();
  pooler = await startPgBouncer(directUrl, { poolSize: 2 });
  apps = await Promise.all([0, 1].map(() => startServer({
    DATABASE_URL: pooler!.url, DATABASE_DIRECT_URL: directUrl, WRITES_PER_MINUTE: '1000000',
  })));
  await Promise.all(apps.map((app) => app.ready()));
  const setup = await openPostgres(directUrl, { max: 1 });
  try {
    const [user] = await setup.db.insert(users).values({
      email: `pooler-${randomBytes(4).toString('hex')}@example.test`, name: 'Ada', passwordHash: 'unused', status: 'ACTIVE',
    }).returning();
    familyId = await foundFamily(setup.db, user!);
    token = await createSession(setup.db, systemClock, user!.id);
  } finally {
    await setup.close();
  }
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()));
  await pooler?.stop();
  await dropDatabase();
});

const headers = () => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

async function addItem(app: ServerProcess, listId: string, name: string): Promise<{ status: number; id: string }> {
  const res = await fetch(`${app.url}/api/grocery`, { method: 'POST', headers: headers(), body: JSON.stringify({ listId, name }) });
  return { status: res.status, id: (await res.json() as { id: string }).id };
}

async function newList(title: string): Promise<string> {
  const [row] = await query<{ id: string }>('insert into grocery_lists (family_id, title) values ($1, $2) returning id', [familyId, title]);
  return row!.id;
}

it('migrates the empty database once between the two processes, holding no lock afterwards', async () => {
  expect(await query('select count(*)::int as n from drizzle.__drizzle_migrations')).toEqual([{ n: migrations }]);
  expect(await query(`select count(*)::int as n from pg_locks where locktype = 'advisory'`)).toEqual([{ n: 0 }]);
});

it('delivers a change made through one process to a live stream held by the other', async () => {
  const [a, b] = apps as [ServerProcess, ServerProcess];
  const stream = await Stream.open(b, token);
  if (!(stream instanceof Stream)) throw new Error(`the live stream answered ${stream}`);
  try {
    const added = await addItem(a, await newList('Live'), 'Milk');
    expect(added.status).toBe(201);
    await until(async () => stream.ids.has(added.id), 'the change on the other process\'s stream', 10_000);
  } finally {
    stream.close();
  }
});

it('applies a burst of adds to one list over both processes whole, each at its own place', async () => {
  const listId = await newList('Burst');
  const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => addItem(apps[i % 2]!, listId, `Item ${i}`)));
  expect(answers.map((a) => a.status)).toEqual(Array(40).fill(201));
  const rows = await query<{ name: string; position: number }>(
    'select name, position from grocery_items where list_id = $1 order by position', [listId]);
  expect(new Set(rows.map((r) => r.position)).size).toBe(40);
  expect(new Set(rows.map((r) => r.name))).toEqual(new Set(Array.from({ length: 40 }, (_, i) => `Item ${i}`)));
});
