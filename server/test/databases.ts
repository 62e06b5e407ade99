import { randomBytes } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrate, openPostgres, pgliteDatabase, type Database } from '../platform/db/client.ts';

export type Engine = 'pglite' | 'postgres';

/** Built once per test run: a migrated PGlite dump and a migrated PostgreSQL template database. */
export interface Templates {
  pgliteDump: string;
  postgresUrl: string | undefined;
  postgresTemplate: string | undefined;
}

export async function buildTemplates(postgresUrl: string | undefined): Promise<Templates> {
  const client = await PGlite.create();
  await migrate(pgliteDatabase(client));
  // Not compressed: every test file loads it, and unpacking gzip cost each load more than reading the larger file.
  const dump = await client.dumpDataDir('none');
  const pgliteDump = join(tmpdir(), `hearth-template-${process.pid}.tar`);
  await writeFile(pgliteDump, Buffer.from(await dump.arrayBuffer()));
  await client.close();

  let postgresTemplate: string | undefined;
  if (postgresUrl) {
    postgresTemplate = `hearth_tpl_${randomBytes(4).toString('hex')}`;
    await admin(postgresUrl, `CREATE DATABASE ${postgresTemplate}`);
    const database = await openPostgres(withDatabase(postgresUrl, postgresTemplate), { max: 1 });
    await migrate(database);
    await database.close();
  }
  return { pgliteDump, postgresUrl, postgresTemplate };
}

export async function dropTemplates(t: Templates): Promise<void> {
  await rm(t.pgliteDump, { force: true });
  if (t.postgresUrl && t.postgresTemplate) {
    await admin(t.postgresUrl, `DROP DATABASE IF EXISTS ${t.postgresTemplate} WITH (FORCE)`);
  }
}

let dumpRead: { path: string; blob: Promise<Blob> } | undefined;
/** The migrated PGlite dump, read once per worker: files share a worker's modules (`isolate: false`). */
export function templateDump(t: Templates): Promise<Blob> {
  if (dumpRead?.path !== t.pgliteDump) {
    dumpRead = { path: t.pgliteDump, blob: readFile(t.pgliteDump).then((bytes) => new Blob([bytes])) };
  }
  return dumpRead.blob;
}

/** A raw PGlite client of its own on this thread, loaded from the migrated dump (a fraction of a new one's initdb). */
export async function templatePglite(t: Templates): Promise<PGlite> {
  return PGlite.create({ loadDataDir: await templateDump(t) });
}

/**
 * A fresh, migrated database of its own for one test file. PGlite runs on the test's own thread: tests wait on one
 * statement at a time, and on 2 busy cores each hop to an engine thread and back cost more than it saved (the
 * server and the browser tests run it on its own thread; `platform/db/engine/thread.test.ts` tests the bridge).
 */
export async function openTestDatabase(engine: Engine, t: Templates): Promise<Database> {
  if (engine === 'pglite') return pgliteDatabase(await templatePglite(t));
  const created = await createPostgresDatabase(t);
  const database = await openPostgres(created.url);
  return {
    ...database,
    close: async () => {
      await database.close();
      await created.drop();
    },
  };
}

/** A migrated PostgreSQL database of its own, by URL, for tests that open several connections to it. */
export async function createPostgresDatabase(t: Templates): Promise<{ url: string; drop(): Promise<void> }> {
  if (!t.postgresUrl || !t.postgresTemplate) throw new Error('TEST_DATABASE_URL is not set');
  const name = `hearth_t_${randomBytes(6).toString('hex')}`;
  await admin(t.postgresUrl, `CREATE DATABASE ${name} TEMPLATE ${t.postgresTemplate}`);
  const server = t.postgresUrl;
  return {
    url: withDatabase(server, name),
    drop: () => admin(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Runs one statement on the server at `url` (CREATE or DROP DATABASE), on a connection of its own. Creating a
 * database from a template fails while another session copies the same template: then it tries again.
 */
export async function admin(url: string, statement: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
      return;
    } catch (error) {
      if (attempt >= 20 || !String(error).includes('is being accessed by other users')) throw error;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    } finally {
      await client.end();
    }
  }
}
