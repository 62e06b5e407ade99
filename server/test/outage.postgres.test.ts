import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { errorMessages } from '@hearth/contract/errors';
import { notReadyMessages } from '@hearth/contract/health';
import { foundFamily } from '../features/family/membership.ts';
import { createSession } from '../platform/auth/sessions.ts';
import { systemClock } from '../platform/clock.ts';
import { openPostgres } from '../platform/db/client.ts';
import { groceryLists, users } from '../platform/db/schema.ts';
import { startServer, type ServerProcess } from './processes.ts';
import { startPrivatePostgres, type PrivatePostgres } from './private-postgres.ts';
import { Stream } from './live-streams.ts';
import { until } from './until.ts';

/**
 * The database goes away under load and comes back: an administrator ends every connection of the app's (three
 * times), then the PostgreSQL server restarts. Two real server processes carry on: no process exits, no write they
 * acknowledged is lost, calls made while the server is down answer 503 with a message, /api/ready says not ready,
 * and live streams resume once it is back. On a PostgreSQL server of the test's own, which it may stop.
 */

vi.setConfig({ testTimeout: 300_000, hookTimeout: 180_000 });

const writers = 8;

let server: PrivatePostgres;
let url: string;
let apps: ServerProcess[] = [];
let token: string;
let familyId: string;
let lists: string[];

/** Runs `statement` on a connection of the test's own (not the app's, which it ends), to `database`. */
async function asAdmin<R extends pg.QueryResultRow>(statement: string, params: unknown[] = [], database = 'postgres') {
  const client = new pg.Client({ connectionString: server.url({ database }), application_name: 'hearth-test' });
  await client.connect();
  try {
    return await client.query<R>(statement, params);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  server = await startPrivatePostgres();
  await asAdmin('CREATE DATABASE hearth');
  url = server.url({ database: 'hearth' });
  apps = await Promise.all([0, 1].map(() => startServer({ DATABASE_URL: url, WRITES_PER_MINUTE: '1000000' })));
  await Promise.all(apps.map((app) => app.ready()));
  // A member and a list per writer, written before the connections are ended: the test's own connections are not.
  const setup = await openPostgres(url, { max: 1 });
  const [user] = await setup.db.insert(users).values({
    email: `outage-${randomBytes(4).toString('hex')}@example.test`, name: 'Ada', passwordHash: 'unused', status: 'ACTIVE',
  }).returning();
  familyId = await foundFamily(setup.db, user!);
  token = await createSession(setup.db, systemClock, user!.id);
  lists = (await setup.db.insert(groceryLists).values(Array.from({ length: writers }, (_, i) => ({
    familyId, title: `Writer ${i}`,
  }))).returning()).map((list) => list.id);
  await setup.close();
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()));
  await server?.destroy();
});

const auth = () => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

/** Ends every connection the app processes hold to the database; answers how many there were. */
async function endConnections(): Promise<number> {
  const { rows } = await asAdmin(`select pg_terminate_backend(pid) from (select pid from pg_stat_activity
    where datname = 'hearth' and application_name in ('hearth', 'hearth-listen')) as apps`);
  return rows.length;
}

/** Writers adding items as fast as they are answered, each to its own list, alternating between the processes. */
function load() {
  const acknowledged: string[] = [];
  const statuses = new Map<number, number>();
  let running = true;
  const loops = lists.map(async (listId, writer) => {
    for (let n = 0; running; n++) {
      const name = `w${writer}-${n}`;
      const app = apps[n % apps.length]!;
      const status = await fetch(`${app.url}/api/grocery`, {
        method: 'POST', headers: auth(), body: JSON.stringify({ listId, name }),
      }).then((res) => res.status, () => 0);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status === 201) acknowledged.push(name);
      else await new Promise((r) => setTimeout(r, 50));
    }
  });
  return {
    acknowledged,
    statuses,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

describe('the database goes away under load and comes back', () => {
  it('keeps every process up, every acknowledged write, answers 503 meanwhile and resumes live streams', async () => {
    const [a, b] = apps as [ServerProcess, ServerProcess];
    const first = await Stream.open(b, token);
    if (!(first instanceof Stream)) throw new Error(`the live stream answered ${first}`);
    const writes = load();
    await until(async () => writes.acknowledged.length >= 50, 'the first writes', 60_000);

    for (let round = 0; round < 3; round++) {
      expect(await endConnections()).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 1000));
    }
    // The stream's connection to the database was ended: it ends, and the client reconnects once it can.
    await until(async () => first.ended, 'the stream to end', 60_000);

    const before = writes.acknowledged.length;
    await server.stop();
    try {
      const ready = await fetch(`${a.url}/api/ready`);
      expect([ready.status, await ready.json()]).toEqual([
        503, { code: 'UNAVAILABLE', message: notReadyMessages.databaseUnreachable },
      ]);
      const add = await fetch(`${a.url}/api/grocery`, {
        method: 'POST', headers: auth(), body: JSON.stringify({ listId: lists[0], name: 'while away' }),
      });
      expect([add.status, await add.json()]).toEqual([
        503, { code: 'UNAVAILABLE', message: errorMessages.databaseUnavailable },
      ]);
      expect(await Stream.open(b, token)).toBe(503);
      await new Promise((r) => setTimeout(r, 2000));
    } finally {
      await server.start();
    }
    await Promise.all(apps.map((app) => app.ready(60_000)));
    await until(async () => writes.acknowledged.length >= before + 50, 'writes after the restart', 60_000);
    await writes.stop();

    // Live changes reach a reopened stream again.
    const again = await until(async () => {
      const stream = await Stream.open(b, token);
      return stream instanceof Stream && stream;
    }, 'the stream to open again', 60_000);
    const added = await fetch(`${a.url}/api/grocery`, {
      method: 'POST', headers: auth(), body: JSON.stringify({ listId: lists[0], name: 'after the restart' }),
    });
    expect(added.status).toBe(201);
    const { id } = await added.json() as { id: string };
    await until(async () => again.ids.has(id), 'the change on the reopened stream', 10_000);
    again.close();

    expect(apps.map((app) => app.exitCode())).toEqual([null, null]);
    expect([...writes.statuses.keys()].filter((status) => status !== 201 && status !== 503)).toEqual([]);
    const { rows } = await asAdmin<{ name: string }>(
      'select name from grocery_items where family_id = $1', [familyId], 'hearth',
    );
    const stored = new Set(rows.map((row) => row.name));
    expect(writes.acknowledged.length).toBeGreaterThan(100);
    expect(writes.acknowledged.filter((name) => !stored.has(name))).toEqual([]);
  });
});
