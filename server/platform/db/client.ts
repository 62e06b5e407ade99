import { mkdir } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Listener } from './channel-listeners.ts';
import { PreparedStatements, preparedPglite } from './pglite-statements.ts';
import { StatementNames } from './pg-statements.ts';
import { asPglite, PgliteThread, type PgliteSource } from './pglite-thread.ts';
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

export type { Listener } from './channel-listeners.ts';

/** One open database, whichever engine: drizzle for queries, LISTEN for live updates. */
export interface Database {
  engine: 'pglite' | 'postgres';
  db: Db;
  listen(channel: string, listener: Listener): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** How busy its connections are, for metrics; absent where nothing tells (PGlite on the caller's own thread). */
  usage?(): DatabaseUsage;
}

/** On PGlite its one connection, and the statements sent to its thread beyond the one it runs. */
export interface DatabaseUsage {
  connections: number;
  idle: number;
  waiting: number;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Opens PGlite on a thread of its own (`pglite-thread.ts`): in a data folder (created if missing) or in memory. */
export async function openPglite(source: PgliteSource): Promise<Database> {
  if (source.dataDir) await mkdir(source.dataDir, { recursive: true });
  const thread = await PgliteThread.open(source);
  return {
    engine: 'pglite',
    db: drizzlePglite(asPglite(thread), { schema }) as unknown as Db,
    listen: (channel, listener) => thread.listen(channel, listener),
    close: () => thread.close(),
    usage: () => ({ connections: 1, idle: thread.pending === 0 ? 1 : 0, waiting: Math.max(0, thread.pending - 1) }),
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
    close: () => client.close(),
  };
}

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  url = withDefaultUser(url);
  // Pipelined: statements a transaction sends together (a batch's lock and reads, its last write and COMMIT) go to
  // the server at once, in order, not each after the last one's answer; and pg deprecates sending them otherwise.
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, pipeline: true });
  // An idle client whose connection dies (server restart, database dropped) is already discarded by the pool,
  // which connects anew on demand; unhandled, the pool's 'error' event would crash the process.
  pool.on('error', () => {});
  const names = new StatementNames();
  pool.on('connect', (client) => names.adopt(client));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listeners = new Set<pg.Client>();
  return {
    engine: 'postgres',
    db,
    listen: async (channel, listener) => {
      // LISTEN needs a connection of its own that stays open; the pool would hand it back.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      client.on('notification', (msg) => {
        if (msg.channel === channel) listener(msg.payload ?? '');
      });
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      listeners.add(client);
      return async () => {
        listeners.delete(client);
        await client.end();
      };
    },
    close: async () => {
      await Promise.all([...listeners].map((c) => c.end()));
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

export async function migrate(database: Database): Promise<void> {
  if (database.engine === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
  } else {
    await migratePg(database.db as never, { migrationsFolder });
  }
}

export { schema };
