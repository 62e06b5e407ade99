import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rawRows, type Database } from './client.ts';
import {
  analyzeWhereNeeded, recoverAfterUncleanStop, vacuumThreshold, vacuumWhereNeeded,
} from './maintenance.ts';
import { openTestDatabase } from '../../test/databases.ts';
import { engine } from '../../test/harness.ts';

let database: Database;
beforeAll(async () => { database = await openTestDatabase(engine, inject('templates')); });
afterAll(async () => { await database.close(); });

const deadRows = async () => {
  const { rows } = await database.db.execute(sql`
    select n_dead_tup::int as dead from pg_stat_user_tables where relname = 'churn'`) as unknown as {
    rows: { dead: number }[];
  };
  return rows[0]?.dead ?? 0;
};

describe('embedded database maintenance', () => {
  it('vacuums a table once its dead rows pass the thresholds, and leaves it alone after', async () => {
    const rows = vacuumThreshold.minDeadRows * 3;
    await database.db.execute(sql`create table churn (id serial primary key, v int)`);
    await database.db.execute(sql`insert into churn (v) select g from generate_series(1, ${rows}) g`);
    await database.db.execute(sql`delete from churn where id > 100`);
    // Statistics reach pg_stat_user_tables a moment after the writes (at most about 10 s on a server).
    let vacuumed: string[] = [];
    for (let tries = 0; tries < 60 && !vacuumed.includes('churn'); tries++) {
      await new Promise((r) => setTimeout(r, 250));
      vacuumed = await vacuumWhereNeeded(database);
    }
    expect(vacuumed).toContain('churn');
    expect(await deadRows()).toBe(0);
    expect(await vacuumWhereNeeded(database)).not.toContain('churn');
  });

  it('analyses a table that only grew once enough rows changed since its statistics, and leaves it alone after', async () => {
    await database.db.execute(sql`create table growing (id serial primary key, v int)`);
    await database.db.execute(sql`insert into growing (v) select g from generate_series(1, 2000) g`);
    let analyzed: string[] = [];
    for (let tries = 0; tries < 60 && !analyzed.includes('growing'); tries++) {
      await new Promise((r) => setTimeout(r, 250));
      analyzed = await analyzeWhereNeeded(database);
    }
    expect(analyzed).toContain('growing');
    const { rows } = await database.db.execute(sql`
      select reltuples::int as estimate from pg_class where relname = 'growing'`) as unknown as { rows: { estimate: number }[] };
    expect(rows[0]!.estimate).toBe(2000);
    expect(await analyzeWhereNeeded(database)).not.toContain('growing');
  });

  it('vacuums everything after an unclean stop, and nothing after a clean one', async () => {
    await database.db.execute(sql`create table churn_crash (id serial primary key, v int)`);
    await database.db.execute(sql`insert into churn_crash (v) select g from generate_series(1, 200) g`);
    await database.db.execute(sql`delete from churn_crash where id > 100`);
    const dead = async () => (await rawRows<{ dead: number }>(database.db, sql`
      select n_dead_tup::int as dead from pg_stat_user_tables where relname = 'churn_crash'`))[0]?.dead ?? 0;
    for (let tries = 0; tries < 60 && (await dead()) === 0; tries++) await new Promise((r) => setTimeout(r, 250));
    expect(await recoverAfterUncleanStop({ ...database, uncleanBefore: false })).toBe(false);
    expect(await dead()).toBe(100);
    expect(await recoverAfterUncleanStop({ ...database, uncleanBefore: true })).toBe(true);
    for (let tries = 0; tries < 60 && (await dead()) > 0; tries++) await new Promise((r) => setTimeout(r, 250));
    expect(await dead()).toBe(0);
  });
});
