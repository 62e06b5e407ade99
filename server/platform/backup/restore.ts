import { sql } from 'drizzle-orm';
import { rawRows, textArray, type Database, type Tx } from '../db/client.ts';
import { describeMigration, exactFormats, readMigrationState, readTables, type Table } from './catalog.ts';
import { BackupError, parseHeader, parseMarker, type Header, type Totals } from './format.ts';

/** Rows sent to the database per statement. */
const batchSize = 1000;

/**
 * Loads a backup into an empty database migrated to the backup's version, in one transaction: a refusal or a damaged
 * file leaves the database as it was. Each table's rows are gathered in a temporary table and inserted by one
 * statement, so references between rows of one table (a reply's parent) hold whatever their order. The app's
 * triggers are off meanwhile: they keep derived values (a list's item count) that the backup already holds.
 */
export async function restoreBackup(database: Database, backup: Backup): Promise<Totals> {
  const { header, reader } = backup;
  const totals = await database.db.transaction(async (tx) => {
    await tx.execute(exactFormats);
    await checkTarget(tx, header);
    const tables = await readTables(tx);
    const triggered = tables.filter((t) => t.hasTriggers);
    for (const t of triggered) await tx.execute(sql`alter table ${sql.identifier(t.name)} disable trigger user`);
    await tx.execute(sql`create temporary table hearth_restore (line jsonb) on commit drop`);
    const loaded = await load(tx, tables, reader);
    for (const t of triggered) await tx.execute(sql`alter table ${sql.identifier(t.name)} enable trigger user`);
    await resetSequences(tx);
    return loaded;
  }).catch((error: unknown) => {
    throw error instanceof BackupError ? error : notRestored(error);
  });
  // Fresh statistics, so the planner does not take the restored tables for empty ones.
  await database.db.execute(sql`analyze`);
  return totals;
}

/** A backup being read: its header, then the rest of its lines. */
export interface Backup {
  header: Header;
  reader: AsyncIterator<string>;
}

/** Reads a backup's header, so a file that is none is refused before any database is opened. */
export async function openBackup(lines: AsyncIterable<string>): Promise<Backup> {
  const reader = lines[Symbol.asyncIterator]();
  return { header: parseHeader((await reader.next()).value as string | undefined), reader };
}

async function checkTarget(tx: Tx, header: Header): Promise<void> {
  const target = await readMigrationState(tx);
  if (target.applied !== header.migrations.applied || target.last !== header.migrations.last) {
    throw new BackupError(`This backup is of database version ${describeMigration(header.migrations)}; the target `
      + `database is at ${describeMigration(target)}. Restore it with the Hearth version that took it (then upgrade), `
      + 'into a new database.');
  }
  const tables = await readTables(tx);
  const filled = await rawRows<{ name: string }>(tx, sql.join(tables.map((t) =>
    sql`select ${t.name}::text as name where exists (select 1 from ${sql.identifier(t.name)})`), sql` union all `));
  if (filled.length > 0) {
    throw new BackupError(`The target database is not empty (${filled.map((r) => r.name).join(', ')} have rows): `
      + 'restore only into a new database (PostgreSQL: a new, empty database; PGlite: a new DATA_DIR). Nothing was changed.');
  }
}

async function load(tx: Tx, tables: Table[], reader: AsyncIterator<string>): Promise<Totals> {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const done = new Set<string>();
  let table: Table | undefined;
  let batch: string[] = [];
  let staged = 0;
  const totals = { tables: 0, rows: 0 };

  const flush = async () => {
    if (batch.length === 0) return;
    await tx.execute(sql`insert into hearth_restore (line) select unnest(${textArray(batch)})::jsonb`);
    staged += batch.length;
    batch = [];
  };
  const finish = async () => {
    if (!table) return;
    await flush();
    const name = table.name;
    const inserted = await insertStaged(tx, table).catch((error: unknown) => {
      throw notRestored(error, name);
    });
    if (inserted !== staged) throw new BackupError(`The backup is damaged: ${table.name} restored ${inserted} of ${staged} rows.`);
    await tx.execute(sql`truncate hearth_restore`);
    done.add(table.name);
    totals.tables++;
    totals.rows += staged;
    staged = 0;
  };

  for (let next = await reader.next(); !next.done; next = await reader.next()) {
    const line = next.value;
    if (line.startsWith('[')) {
      if (!table) throw new BackupError('The backup is damaged: a row comes before its table.');
      batch.push(line);
      if (batch.length >= batchSize) await flush();
      continue;
    }
    if (line === '') continue;
    await finish();
    const marker = parseMarker(line);
    if ('end' in marker) {
      checkComplete(tables, done, totals, marker.end);
      return totals;
    }
    table = tableFor(byName, done, marker.table, marker.columns);
  }
  throw new BackupError('The backup ends early (the file is cut short): nothing was restored.');
}

/** A failure's reason as PostgreSQL gave it (drizzle wraps it with the whole statement). */
function notRestored(error: unknown, table?: string): BackupError {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new BackupError(`The backup could not be restored, so nothing was: ${table ? `${table}: ` : ''}${reason}`);
}

function tableFor(byName: Map<string, Table>, done: Set<string>, name: string, columns: string[]): Table {
  const table = byName.get(name);
  if (!table) throw new BackupError(`The backup has a table "${name}" that the target database does not have.`);
  const expected = table.columns.map((c) => c.name);
  if (expected.join(',') !== columns.join(',')) {
    throw new BackupError(`The backup's table ${name} has columns (${columns.join(', ')}); the target's has (${expected.join(', ')}).`);
  }
  const missing = table.references.filter((r) => !done.has(r));
  if (missing.length > 0 || done.has(name)) throw new BackupError(`The backup is damaged: ${name} is out of order.`);
  return table;
}

function checkComplete(tables: Table[], done: Set<string>, totals: Totals, end: Totals): void {
  const absent = tables.filter((t) => !done.has(t.name)).map((t) => t.name);
  if (absent.length > 0) throw new BackupError(`The backup lacks tables the target has: ${absent.join(', ')}.`);
  if (end.tables !== totals.tables || end.rows !== totals.rows) {
    throw new BackupError(`The backup is damaged: it says ${end.rows} rows in ${end.tables} tables, and holds ${totals.rows} in ${totals.tables}.`);
  }
}

/** One statement: every staged line to its row, each value cast from its text to its column's type. */
async function insertStaged(tx: Tx, table: Table): Promise<number> {
  const columns = sql.join(table.columns.map((c) => sql.identifier(c.name)), sql`, `);
  const values = sql.join(table.columns.map((c, i) => sql`(line->>${sql.raw(String(i))})::${sql.raw(c.type)}`), sql`, `);
  const [row] = await rawRows<{ n: number }>(tx, sql`with inserted as (
    insert into ${sql.identifier(table.name)} (${columns}) select ${values} from hearth_restore returning 1
  ) select count(*)::int as n from inserted`);
  return row?.n ?? 0;
}

/** A column's sequence (serial, identity) goes on after the restored rows' largest value. */
async function resetSequences(tx: Tx): Promise<void> {
  const owned = await rawRows<{ table: string; column: string }>(tx, sql`
    select t.relname as table, a.attname as column
    from pg_class s
    join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass
      and d.deptype in ('a', 'i')
    join pg_class t on t.oid = d.refobjid
    join pg_namespace n on n.oid = t.relnamespace
    join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
    where s.relkind = 'S' and n.nspname = 'public'`);
  for (const { table, column } of owned) {
    const col = sql.identifier(column);
    await tx.execute(sql`select setval(pg_get_serial_sequence(quote_ident(${table}), ${column}), coalesce(max(${col}), 0) + 1, false)
      from ${sql.identifier(table)}`);
  }
}
