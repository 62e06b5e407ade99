import { readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { StartupError } from '../startup.ts';
import type { Listener } from './channel-listeners.ts';
import { asPglite, lockDataDir, PgliteThread, PreparedStatements, preparedPglite, type PgliteSource } from './engine/index.ts';
import { PgListener } from './pg-listener.ts';
import { StatementNames, unnamed } from './pg-statements.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; repositories accept `Db | Tx` so services decide the boundary. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Queryable = Db | Tx;

/**
 * Raw SQL read as the driver's plain rows (both engines' drivers answer raw SQL with { rows }). For hot reads of
 * many rows: on PGlite, drizzle's per-field result mapping costs about a third of such a read.
 */
export async function rawRows<T>(q: Queryable, query: SQL): Promise<T[]> {
  return ((await q.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * A list of values as one `text[]` parameter, for `unnest(...)` or `= any(...)`: the statement's text is the same
 * however many values there are, so each engine parses it once (and PGlite's prepared statements stay few).
 * Values are cast to their column's type in the SQL.
 */
export function textArray(values: (string | number | null | undefined)[]): SQL {
  return sql`${sql.param(values.map((v) => (v === null || v === undefined ? null : String(v))))}::text[]`;
}

/**
 * Runs `work` in `q`'s transaction when `q` is one (an idempotent create's, which claimed its key there), else in a
 * transaction of its own: a write nested in a key's transaction costs no savepoint, two statements under its locks.
 */
export function withinTransaction<T>(q: Queryable, work: (tx: Tx) => Promise<T>): Promise<T> {
  return q instanceof PgTransaction ? work(q as Tx) : q.transaction(work);
}

export type { Listener } from './channel-listeners.ts';

/** One open database, whichever engine: drizzle for queries, LISTEN for live updates. */
export interface Database {
  engine: 'pglite' | 'postgres';
  db: Db;
  listen(channel: string, listener: Listener): Promise<() => Promise<void>>;
  /** Whether notifications can arrive now: on a PostgreSQL server, not while its LISTEN connection is reopened. */
  listening(): boolean;
  /** Calls `listener` each time notifications may have been lost (the LISTEN connection dropped); answers its stop. */
  onListenLost(listener: () => void): () => void;
  close(): Promise<void>;
  /**
   * On a PostgreSQL server, a connection of its own that no pooler shares out (`directUrl`), for what needs a session:
   * the migration lock. The caller ends it.
   */
  directConnection?(): Promise<pg.Client>;
  /** How busy its connections are, for metrics; absent where nothing tells (PGlite on the caller's own thread). */
  usage?(): DatabaseUsage;
}

/** On PGlite its one connection, and the statements sent to its thread beyond the one it runs. */
export interface DatabaseUsage {
  connections: number;
  idle: number;
  waiting: number;
}

/** The embedded engine in a data folder, which this process holds until it closes. */
export interface EmbeddedDatabase extends Database {
  /** The folder's last run did not stop cleanly (`lockDataDir`). */
  uncleanBefore: boolean;
}

/** The embedded engine's notifications come from its own thread: they cannot be lost. */
const alwaysListening = { listening: () => true, onListenLost: () => () => {} };

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Opens PGlite on a thread of its own (`engine/`): in a data folder (created if missing, held by this process
 * until closed: `lockDataDir`) or in memory.
 */
export async function openPglite(source: PgliteSource): Promise<EmbeddedDatabase> {
  const lock = source.dataDir ? await lockDataDir(source.dataDir) : undefined;
  let thread: PgliteThread;
  try {
    thread = await PgliteThread.open(source);
  } catch (error) {
    await lock?.release();
    if (!source.dataDir) throw error;
    throw new StartupError(`Cannot open the embedded database in DATA_DIR (${resolve(source.dataDir)}): `
      + `${(error as Error).message}. Is it a Hearth data folder, and not damaged?`);
  }
  return {
    engine: 'pglite',
    db: drizzlePglite(asPglite(thread), { schema }) as unknown as Db,
    listen: (channel, listener) => thread.listen(channel, listener),
    ...alwaysListening,
    uncleanBefore: lock?.uncleanBefore ?? false,
    usage: () => ({ connections: 1, idle: thread.pending === 0 ? 1 : 0, waiting: Math.max(0, thread.pending - 1) }),
    close: async () => {
      await thread.close();
      await lock?.release();
    },
  };
}

/**
 * Wraps a PGlite client open on this thread (server tests open theirs so), its statements prepared as on the engine
 * thread; LISTEN works within it.
 */
export function pgliteDatabase(client: PGlite): Database {
  const statements = new PreparedStatements(client);
  return {
    engine: 'pglite',
    db: drizzlePglite(preparedPglite(statements), { schema }) as unknown as Db,
    listen: (channel, listener) => statements.listen(channel, listener),
    ...alwaysListening,
    close: () => client.close(),
  };
}

/** How long a new connection to a PostgreSQL server may take before the request needing it fails (503). */
const connectTimeoutMs = 5_000;

/**
 * A PostgreSQL server's pool (`max` connections, 10 by default). `preparedStatements` (PG_PREPARED_STATEMENTS): a
 * statement sent again runs named (`pg-statements.ts`); without it every statement goes unnamed, drizzle's prepared
 * queries included, as a pooler in transaction mode needs. `directUrl` (DATABASE_DIRECT_URL, `url` by default): the
 * same database without such a pooler, for the connections that need a session (LISTEN, the migration lock).
 */
export async function openPostgres(
  url: string, options: { max?: number; preparedStatements?: boolean; directUrl?: string | undefined } = {},
): Promise<Database> {
  url = withDefaultUser(url);
  const connection = { connectionString: url, connectionTimeoutMillis: connectTimeoutMs, keepAlive: true };
  const direct = { ...connection, connectionString: withDefaultUser(options.directUrl ?? url) };
  // Pipelined: statements a transaction sends together go to the server at once, in order, not each after the last
  // one's answer; and pg deprecates sending them otherwise.
  const pool = new pg.Pool({ ...connection, application_name: 'hearth', max: options.max ?? 10, pipeline: true });
  // A connection that dies (server restart, terminated backend) fails its statements, and the pool drops it; unheard,
  // its 'error' event would end the process. The pool hears its idle connections; these are the ones in use.
  pool.on('error', () => {});
  const names = options.preparedStatements ? new StatementNames() : undefined;
  pool.on('connect', (client) => {
    client.on('error', () => {});
    if (names) names.adopt(client);
    else unnamed(client);
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // Named apart from the pool's, so an administrator (or a test) can tell it in pg_stat_activity.
  const listener = new PgListener({ ...direct, application_name: 'hearth-listen' });
  return {
    engine: 'postgres',
    db,
    listen: (channel, onPayload) => listener.listen(channel, onPayload),
    listening: () => listener.connected,
    onListenLost: (onLost) => listener.onLost(onLost),
    directConnection: async () => {
      const client = new pg.Client({ ...direct, application_name: 'hearth-migrate' });
      client.on('error', () => {});
      await client.connect();
      return client;
    },
    close: async () => {
      await listener.close();
      await pool.end();
    },
    usage: () => ({ connections: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** `postgres://host/db` names no user; like psql, fall back to the OS user when PGUSER and USER are unset. */
function withDefaultUser(url: string): string {
  const parsed = new URL(url);
  if (parsed.username || process.env.PGUSER || process.env.USER) return url;
  parsed.username = userInfo().username;
  return parsed.toString();
}

/** Any key, the same in every process: the advisory lock that lets one process at a time migrate a database. */
const migrationLock = 4_846_127_301;

/**
 * Applies the migrations not yet applied. On a PostgreSQL server several processes may start at once: each waits for
 * the migration lock, so one migrates and the others then find nothing left to do.
 */
export async function migrate(database: Database): Promise<void> {
  if (database.engine === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
    return;
  }
  // A session lock: through a pooler in transaction mode it could be taken on one server connection and given back
  // on another, so the migration runs on a connection of its own. Ending it gives the lock back, failed or not.
  const client = await database.directConnection!();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLock]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.end();
  }
}

/** The last migration this server knows, by its timestamp (drizzle records each applied one's). */
const lastMigration = (JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
  entries: { when: number }[];
}).entries.at(-1)?.when ?? 0;

/** Whether every migration this server knows is applied (false when the database has none at all). */
export async function migrationsApplied(database: Database): Promise<boolean> {
  const [row] = await rawRows<{ applied: boolean }>(database.db, sql`select exists (
    select from pg_catalog.pg_tables where schemaname = 'drizzle' and tablename = '__drizzle_migrations'
  ) as applied`);
  if (!row?.applied) return false;
  const [last] = await rawRows<{ at: string | number | null }>(
    database.db, sql`select max(created_at) as at from drizzle.__drizzle_migrations`,
  );
  return Number(last?.at ?? 0) >= lastMigration;
}

export { schema };
