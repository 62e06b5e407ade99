import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { rawRows, type Database, type EmbeddedDatabase } from './client.ts';

/**
 * PGlite runs no autovacuum: a table whose rows are updated or deleted grows without bound (a list whose adds
 * rewrote positions reached 1.1 GB for a few thousand rows). This is the embedded engine's autovacuum: tables
 * whose dead rows pass both thresholds are vacuumed and analysed (and `analyzeWhereNeeded` below keeps the
 * planner's statistics current). PostgreSQL servers have their own.
 */
export const vacuumThreshold = { minDeadRows: 1000, deadShareOfLive: 0.2 } as const;

/** Runs `command` on each user table whose statistics (`pg_stat_user_tables`) meet `condition`; returns their names. */
async function eachTableWhere(database: Database, condition: SQL, command: (table: SQLWrapper) => SQL): Promise<string[]> {
  const rows = await rawRows<{ relname: string }>(database.db, sql`select relname from pg_stat_user_tables where ${condition}`);
  const tables = rows.map((r) => r.relname);
  for (const table of tables) await database.db.execute(command(sql.identifier(table)));
  return tables;
}

/** Vacuums the tables that need it; returns their names. */
export function vacuumWhereNeeded(database: Database): Promise<string[]> {
  return eachTableWhere(database, sql`n_dead_tup > ${vacuumThreshold.minDeadRows}
    and n_dead_tup > ${vacuumThreshold.deadShareOfLive}::float8 * greatest(n_live_tup, 1)`,
  (table) => sql`vacuum (analyze) ${table}`);
}

/**
 * PostgreSQL's autovacuum also re-analyses a table once enough rows changed since its last statistics (50 plus
 * 10 % of its rows, its defaults), inserts included. Without that a table that only grows keeps the statistics of
 * its first rows, and the planner, believing a family's list holds one item, reads it through the wrong index.
 */
export const analyzeThreshold = { minChangedRows: 50, changedShareOfRows: 0.1 } as const;

/** Analyses the tables whose rows changed enough since their last statistics; returns their names. */
export function analyzeWhereNeeded(database: Database): Promise<string[]> {
  return eachTableWhere(database, sql`n_mod_since_analyze > ${analyzeThreshold.minChangedRows}
    + ${analyzeThreshold.changedShareOfRows}::float8 * greatest(n_live_tup, 0)`,
  (table) => sql`analyze ${table}`);
}

/** The embedded engine's autovacuum: vacuum where dead rows piled up, then analyse where rows changed. */
export async function maintain(database: Database): Promise<{ vacuumed: string[]; analyzed: string[] }> {
  const vacuumed = await vacuumWhereNeeded(database);
  return { vacuumed, analyzed: await analyzeWhereNeeded(database) };
}

/**
 * After an unclean stop (killed, crashed: `EmbeddedDatabase.uncleanBefore`) dead-row statistics are lost too, so
 * everything is vacuumed once. Returns whether that happened.
 */
export async function recoverAfterUncleanStop(database: EmbeddedDatabase): Promise<boolean> {
  if (database.uncleanBefore) await database.db.execute(sql`vacuum (analyze)`);
  return database.uncleanBefore;
}
