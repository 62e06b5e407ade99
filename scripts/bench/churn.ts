/**
 * Churn benchmark: the embedded database's folder after 10,000 item adds and deletes through the API on a list
 * of 100 items, before and after the maintenance job's vacuum, against the size of the live data.
 * Goal (issue #17): the folder stays under 5 times its live data (the database's own size, catalogs included).
 * Run: `node scripts/bench/churn.ts`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { addItem, deleteItem } from '@hearth/contract/grocery';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/platform/config.ts';
import { migrate, openPglite, rawRows } from '../../server/platform/db/client.ts';
import { vacuumWhereNeeded } from '../../server/platform/db/maintenance.ts';
import { groceryItems, groceryLists } from '../../server/platform/db/schema.ts';
import { member } from './support/common.ts';

const rounds = Number(process.env.CHURN_ROUNDS ?? 10_000);
const dataDir = mkdtempSync(join(tmpdir(), 'hearth-churn-'));
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const folderBytes = () => Number(execFileSync('du', ['-sb', dataDir]).toString().split('\t')[0]);

try {
  const database = await openPglite({ dataDir });
  await migrate(database);
  // One user makes every change here: the per-user write rate is not what is measured.
  const app = await buildApp({
    config: loadConfig({ PUBLIC_URL: 'http://127.0.0.1', WRITES_PER_MINUTE: '1000000' }), database, runJobs: false,
    checkResponses: false,
  });
  await app.ready();
  const ada = await member(database.db, 'Ada');
  const [list] = await database.db.insert(groceryLists).values({ familyId: ada.familyId, title: 'Churn' }).returning();
  await database.db.insert(groceryItems).values(Array.from({ length: 100 }, (_, i) => ({
    familyId: ada.familyId, listId: list!.id, name: `Item ${i}`, position: i,
  })));
  const headers = { authorization: `Bearer ${ada.token}` };
  const liveBytes = async () => (await rawRows<{ n: string }>(database.db,
    sql`select sum(pg_total_relation_size(relid))::bigint as n from pg_stat_user_tables`))[0]!.n;
  await database.db.execute(sql`checkpoint`);
  const before = folderBytes();
  const started = performance.now();
  for (let i = 0; i < rounds; i++) {
    const added = await app.inject({
      method: 'POST', url: addItem.path, headers,
      payload: { name: `Churn ${i}`, listId: list!.id, familyId: ada.familyId, quantity: 1 },
    });
    const { id } = added.json() as { id: string };
    await app.inject({ method: 'DELETE', url: deleteItem.path.replace('{itemId}', id), headers });
  }
  const seconds = (performance.now() - started) / 1000;
  await database.db.execute(sql`checkpoint`);
  const afterChurn = folderBytes();
  const tablesBefore = Number(await liveBytes());
  const vacuumed = await vacuumWhereNeeded(database);
  await database.db.execute(sql`checkpoint`);
  const afterVacuum = folderBytes();
  const tablesAfter = Number(await liveBytes());
  const databaseBytes = Number((await rawRows<{ n: string }>(database.db, sql`select pg_database_size(current_database())::bigint as n`))[0]!.n);
  console.log(`PGlite churn: ${rounds} adds and deletes in ${seconds.toFixed(1)} s (${(rounds * 2 / seconds).toFixed(0)} writes/s)`);
  console.log(`folder: ${mb(before)} before, ${mb(afterChurn)} after the churn, ${mb(afterVacuum)} after the maintenance vacuum of ${vacuumed.join(', ') || 'nothing'}`);
  console.log(`user tables and indexes: ${mb(tablesBefore)} after the churn, ${mb(tablesAfter)} after the vacuum; the database with its catalogs ${mb(databaseBytes)}; folder / database ${(afterVacuum / databaseBytes).toFixed(1)}× (the rest is write-ahead log)`);
  await app.close();
  await database.close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
