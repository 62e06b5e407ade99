import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { rawRows, type Database, type Tx } from '../db/client.ts';
import { exactFormats, readMigrationState, readTables, type Table } from './catalog.ts';
import { formatName, formatVersion, type Header, type Totals } from './format.ts';

/** Rows read per round trip: a few hundred kB of text at most. */
const fetchSize = 1000;

/**
 * One snapshot for the whole backup: on PostgreSQL writers go on meanwhile; on PGlite, whose one connection a
 * transaction holds, statements wait until it ends.
 */
export const snapshot = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

/** Writes a consistent backup of the whole database into `out`, and ends it. */
export function writeBackup(database: Database, out: Writable): Promise<Totals> {
  return database.db.transaction(async (tx) => {
    const totals = { tables: 0, rows: 0 };
    await pipeline(backupLines(tx, database.engine, totals), out);
    return totals;
  }, snapshot);
}

/** The backup's text, read within `tx` (which must hold a snapshot); `totals` counts what it wrote. */
export async function* backupLines(tx: Tx, engine: Database['engine'], totals: Totals): AsyncGenerator<string> {
  await tx.execute(exactFormats);
  const header: Header = {
    format: formatName, version: formatVersion, takenAt: new Date().toISOString(), engine,
    migrations: await readMigrationState(tx),
  };
  yield `${JSON.stringify(header)}\n`;
  for (const table of await readTables(tx)) {
    yield `${JSON.stringify({ table: table.name, columns: table.columns.map((c) => c.name) })}\n`;
    await tx.execute(sql`declare hearth_backup no scroll cursor for ${rowsOf(table)}`);
    for (;;) {
      const rows = await rawRows<{ line: string }>(tx, sql.raw(`fetch forward ${fetchSize} from hearth_backup`));
      if (rows.length > 0) yield `${rows.map((r) => r.line).join('\n')}\n`;
      totals.rows += rows.length;
      if (rows.length < fetchSize) break;
    }
    await tx.execute(sql`close hearth_backup`);
    totals.tables++;
  }
  yield `${JSON.stringify({ end: totals })}\n`;
}

/** Each row as its line, built by the engine; in key order, so a backup of the same data is the same file. */
function rowsOf(table: Table) {
  const values = sql.join(table.columns.map((c) => sql`${sql.identifier(c.name)}::text`), sql`, `);
  const order = table.key.length > 0 ? sql.join(table.key.map((k) => sql.identifier(k)), sql`, `) : sql`line`;
  return sql`select to_json(array[${values}]::text[])::text as line from ${sql.identifier(table.name)} order by ${order}`;
}
