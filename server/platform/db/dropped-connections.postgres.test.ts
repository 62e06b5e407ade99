import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createPostgresDatabase } from '../../test/databases.ts';
import { until } from '../../test/until.ts';
import { openPostgres, rawRows, type Database } from './client.ts';

/** A dropped connection is back within seconds; a loaded machine may take longer than the default wait. */
const reconnectWaitMs = 15_000;

/**
 * A PostgreSQL server ends connections (an administrator's pg_terminate_backend, a restart): the process carries on.
 * Statements on a dropped connection fail, the next ones get new connections, and the LISTEN connection comes back
 * by itself, telling its listeners that notifications were lost meanwhile. In this test file's own database, so
 * only its connections are ended. (A whole server going away and back: test/outage.postgres.test.ts.)
 */

let database: Database;
let drop: () => Promise<void>;
/** A connection of the test's own, to end the server's from. */
let admin: pg.Client;
beforeAll(async () => {
  const created = await createPostgresDatabase(inject('templates'));
  drop = created.drop;
  database = await openPostgres(created.url);
  admin = new pg.Client({ connectionString: created.url, application_name: 'hearth-test' });
  await admin.connect();
});
afterAll(async () => {
  await database.close();
  await admin.end();
  await drop();
});

/** Ends the server's connections named `name` to this database; answers how many. */
async function terminate(name: 'hearth' | 'hearth-listen'): Promise<number> {
  const { rows } = await admin.query(`select pg_terminate_backend(pid) from (select pid from pg_stat_activity
    where datname = current_database() and application_name = $1) as named`, [name]);
  return rows.length;
}

describe('connections a PostgreSQL server ends', () => {
  it('fail the statements of a transaction in flight, and later statements run on new connections', async () => {
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => { inside = resolve; });
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      inside();
      await new Promise((r) => setTimeout(r, 500));
      await tx.execute(sql`select 2`);
    });
    await entered;
    expect(await terminate('hearth')).toBeGreaterThan(0);
    await expect(transaction).rejects.toThrow();
    const rows = await rawRows<{ n: number }>(database.db, sql`select 3::int as n`);
    expect(rows).toEqual([{ n: 3 }]);
  });

  it('reopen the LISTEN connection after a drop and listen again, telling that notifications were missed', async () => {
    const payloads: string[] = [];
    let lost = 0;
    const stopHearing = database.onListenLost(() => { lost++; });
    const stop = await database.listen('hearth_test_channel', (payload) => payloads.push(payload));
    const notify = (payload: string) => admin.query(`select pg_notify('hearth_test_channel', $1)`, [payload]);
    await notify('before');
    await until(() => payloads.includes('before'), 'the first notification', reconnectWaitMs);
    expect(database.listening()).toBe(true);

    for (let drop = 1; drop <= 2; drop++) {
      expect(await terminate('hearth-listen')).toBe(1);
      await until(() => lost === drop, `drop ${drop} to be told`, reconnectWaitMs);
      await until(() => database.listening(), 'the LISTEN connection to be back', reconnectWaitMs);
      await notify(`after ${drop}`);
      await until(() => payloads.includes(`after ${drop}`), `a notification after drop ${drop}`, reconnectWaitMs);
    }
    expect(lost).toBe(2);
    await stop();
    stopHearing();
  });
});
