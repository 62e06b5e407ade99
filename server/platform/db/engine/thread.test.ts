import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { openPglite, rawRows, type Database, type Db } from '../client.ts';
import type { PgliteThread } from './thread.ts';
import { isUniqueViolation } from '../tenancy.ts';
import { templateDump, templatePglite } from '../../../test/databases.ts';

// The embedded engine on its own thread, as the server runs it; only the PGlite project runs this file.
let database: Database;
beforeAll(async () => {
  database = await openPglite({ dump: await templateDump(inject('templates')) });
  await database.db.execute(sql`create table pantry (id int primary key, name text not null)`);
});
afterAll(async () => { await database.close(); });

const names = async () => (await rawRows<{ name: string }>(database.db, sql`select name from pantry order by id`))
  .map((r) => r.name);

describe('PGlite on its own thread', () => {
  it('starts new WAL segments without zero-filling them, which stalled a commit on the engine thread', async () => {
    expect(await rawRows(database.db, sql`select current_setting('wal_init_zero') as zero`)).toEqual([{ zero: 'off' }]);
  });

  it('keeps a quarter of PostgreSQL\'s default buffers and maintenance memory, which WebAssembly never gives back', async () => {
    expect(await rawRows(database.db, sql`select current_setting('shared_buffers') as buffers,
      current_setting('maintenance_work_mem') as maintenance`)).toEqual([{ buffers: '32MB', maintenance: '16MB' }]);
  });

  it('commits a transaction, rolls back a failed one, and a failed savepoint only back to itself', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into pantry values (1, 'flour')`);
      await tx.transaction(async (inner) => {
        await inner.execute(sql`insert into pantry values (2, 'salt')`);
      });
      await tx.transaction(async (inner) => {
        await inner.execute(sql`insert into pantry values (3, 'yeast')`);
        throw new Error('changed my mind');
      }).catch(() => {});
    });
    await expect(database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into pantry values (4, 'sugar')`);
      throw new Error('refused');
    })).rejects.toThrow('refused');
    expect(await names()).toEqual(['flour', 'salt']);
    await database.db.execute(sql`delete from pantry`);
  });

  it('refuses to commit a transaction in which a statement failed, keeping none of it', async () => {
    await expect(database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into pantry values (8, 'barley')`);
      await tx.execute(sql`insert into pantry values (8, 'barley again')`).catch(() => {});
    })).rejects.toThrow('rolled back');
    expect(await names()).toEqual([]);
  });

  it('sends a transaction\'s first statements with its BEGIN, not after its answer: they run inside it, in order', async () => {
    const thread = (database.db as unknown as { $client: PgliteThread }).$client;
    await expect(thread.transaction(async (tx) => {
      const sent = [
        tx.query(`insert into pantry values (10, 'millet')`),
        tx.query<{ n: number }>(`select count(*)::int as n from pantry where id = 10`),
      ];
      // BEGIN and both statements are on their way to the engine's thread at once.
      expect(thread.pending).toBe(3);
      const [, counted] = await Promise.all(sent);
      expect((counted as { rows: { n: number }[] }).rows).toEqual([{ n: 1 }]);
      throw new Error('changed my mind');
    })).rejects.toThrow('changed my mind');
    expect(await names()).toEqual([]);
  });

  it('holds a statement from outside until an open transaction ends, so it never sees half of one', async () => {
    let finish!: () => void;
    const decided = new Promise<void>((resolve) => { finish = resolve; });
    let inserted!: () => void;
    const halfway = new Promise<void>((resolve) => { inserted = resolve; });
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into pantry values (5, 'rice')`);
      inserted();
      await decided;
      await tx.execute(sql`insert into pantry values (6, 'beans')`);
    });
    await halfway;
    let outside: string[] | undefined;
    const read = names().then((rows) => { outside = rows; });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(outside).toBeUndefined();
    finish();
    await Promise.all([transaction, read]);
    expect(outside).toEqual(['rice', 'beans']);
    await database.db.execute(sql`delete from pantry`);
  });

  it('reports a refused statement with PostgreSQL\'s code and constraint', async () => {
    await database.db.execute(sql`insert into pantry values (7, 'oats')`);
    const refusal = await database.db.execute(sql`insert into pantry values (7, 'oats again')`).catch((e: unknown) => e);
    expect(isUniqueViolation(refusal)).toBe(true);
    expect((refusal as { cause: { constraint: string } }).cause.constraint).toBe('pantry_pkey');
    await expect(database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into pantry values (7, 'oats once more')`);
    })).rejects.toSatisfy(isUniqueViolation);
    expect(await names()).toEqual(['oats']);
    await database.db.execute(sql`delete from pantry`);
  });

  it('answers every type as drizzle\'s PGlite driver does on the server\'s thread', async () => {
    const query = sql`select '2026-11-24 10:30:00+00'::timestamptz as at, '2026-11-24 10:30'::timestamp as local,
      '2026-11-24'::date as day, '1 day 02:00'::interval as span, array['2026-11-24'::date] as days,
      array[1.5, 2]::numeric[] as amounts, 9007199254740993::int8 as big, 2.5::numeric as price,
      '{"a": [1, 2]}'::jsonb as doc, '\\x0102'::bytea as raw, true as yes, null::text as nothing,
      'b8a3a8f4-3c1e-4b7e-9a55-0c8f0b7c1d2e'::uuid as id`;
    const local = await templatePglite(inject('templates'));
    try {
      expect(await rawRows(database.db, query)).toEqual(await rawRows(drizzle(local) as unknown as Db, query));
    } finally {
      await local.close();
    }
  });

  it('sends each notification to every listener of its channel until that listener stops', async () => {
    const first: string[] = [];
    const second: string[] = [];
    const stopFirst = await database.listen('pantry_changes', (payload) => first.push(payload));
    const stopSecond = await database.listen('pantry_changes', (payload) => second.push(payload));
    await database.db.execute(sql`select pg_notify('pantry_changes', 'one')`);
    await expect.poll(() => second).toEqual(['one']);
    await stopFirst();
    await database.db.execute(sql`select pg_notify('pantry_changes', 'two')`);
    await expect.poll(() => second).toEqual(['one', 'two']);
    await stopSecond();
    await database.db.execute(sql`select pg_notify('pantry_changes', 'three')`);
    await database.db.execute(sql`select 1`);
    expect(first).toEqual(['one']);
    expect(second).toEqual(['one', 'two']);
  });

  // Writes a whole data folder twice: on 2 cores shared with the browser tests, more than the default 20 s.
  it('fills a new data folder from a dump, and keeps its rows after a close and a new open', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'hearth-thread-'));
    try {
      const before = await openPglite({ dataDir, dump: await templateDump(inject('templates')) });
      await before.db.execute(sql`create table shelf (name text)`);
      await before.db.execute(sql`insert into shelf values ('honey')`);
      await before.close();
      const after = await openPglite({ dataDir });
      expect(await rawRows(after.db, sql`select name from shelf`)).toEqual([{ name: 'honey' }]);
      expect(await rawRows(after.db, sql`select count(*)::int as n from users`)).toEqual([{ n: 0 }]);
      await after.close();
      const late = await after.db.execute(sql`select 1`).catch((e: unknown) => e);
      expect((late as { cause: Error }).cause.message).toBe('The embedded database is closed');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
