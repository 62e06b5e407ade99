/** What every benchmark needs: percentiles, a signed-in member, and each engine to run on. */
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { createSession } from '../../../server/platform/auth/sessions.ts';
import { systemClock } from '../../../server/platform/clock.ts';
import { migrate, openPglite, openPostgres, type Database, type Db } from '../../../server/platform/db/client.ts';
import { users } from '../../../server/platform/db/schema.ts';
import { foundFamily, joinFamily } from '../../../server/features/family/membership.ts';
import { buildApp } from '../../../server/app.ts';
import { loadConfig } from '../../../server/platform/config.ts';

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** A new family's today (its zone is New York until it sets one), `YYYY-MM-DD`. */
export const familyToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' })
  .format(new Date());

/** Inserts rows 500 at a time (one statement's parameters stay under the engines' bound). */
export async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}

export const summary = (samples: number[]) =>
  `p50 ${percentile(samples, 50).toFixed(1)} ms, p95 ${percentile(samples, 95).toFixed(1)} ms (n=${samples.length})`;

/** An active user with a session: founding a family, or joining `familyId` as EDIT. */
export async function member(db: Db, name: string, familyId?: string) {
  const [user] = await db.insert(users).values({
    email: `${name.toLowerCase()}-${randomBytes(4).toString('hex')}@bench.test`, name, passwordHash: 'unused', status: 'ACTIVE',
  }).returning();
  if (!user) throw new Error('user insert failed');
  const family = familyId ?? await foundFamily(db, user);
  if (familyId) await joinFamily(db, familyId, user, 'EDIT');
  return { userId: user.id, token: await createSession(db, systemClock, user.id), familyId: family };
}

/** Runs one statement (CREATE or DROP DATABASE) on the server at `url`, on a connection of its own. */
export async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Runs `bench` on a fresh, migrated PGlite in a scratch data folder, as the app runs it (in memory, PGlite grows
 * each file by copying it into a larger buffer: the engine's thread then did two to three times the major GCs),
 * then (when DATABASE_URL is set) on a scratch PostgreSQL database that it creates and drops. `bench` owns the
 * database and closes it.
 */
export async function onEachEngine(bench: (label: string, database: Database) => Promise<void>): Promise<void> {
  // ENGINES=pglite or ENGINES=postgres runs one engine only.
  const engines = (process.env.ENGINES ?? 'pglite,postgres').split(',');
  if (engines.includes('pglite')) await onPglite(bench);
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl && engines.includes('postgres')) await onPostgres(serverUrl, bench);
}

async function onPglite(bench: (label: string, database: Database) => Promise<void>): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'hearth-bench-'));
  try {
    // Synced to disk as the app runs it, unless PGLITE_FSYNC=false (to measure what syncing costs).
    const embedded = await openPglite({ dataDir, fsync: process.env.PGLITE_FSYNC !== 'false' });
    await migrate(embedded);
    await bench('PGlite', embedded);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(serverUrl: string, bench: (label: string, database: Database) => Promise<void>): Promise<void> {
  const name = `hearth_bench_${randomBytes(4).toString('hex')}`;
  const scratch = new URL(serverUrl);
  scratch.pathname = `/${name}`;
  await admin(serverUrl, `CREATE DATABASE ${name}`);
  try {
    // PG_PREPARED_STATEMENTS=true measures the server as run with named statements on.
    const database = await openPostgres(scratch.toString(), { preparedStatements: process.env.PG_PREPARED_STATEMENTS === 'true' });
    await migrate(database);
    await bench('PostgreSQL', database);
  } finally {
    await admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

/**
 * Statistics for freshly seeded rows, as the app's maintenance job (PGlite) or autovacuum (a PostgreSQL server
 * with default settings; the machine's own has it off) would gather within a minute: without them the planner
 * takes a seeded list of 1,000 items for one of a few rows.
 */
export async function analyze(database: Database): Promise<void> {
  await database.db.execute(sql`analyze`);
}

/**
 * The real app over `database`, listening on a free loopback port, with production serializers (as main.ts) unless
 * `checkResponses`; `env` adds configuration (e.g. a lifted write rate). Answers the app and its base URL.
 */
export async function serveApp(
  database: Database, options: { env?: Record<string, string>; checkResponses?: boolean } = {},
) {
  const config = loadConfig({ PUBLIC_URL: 'http://127.0.0.1', ...options.env });
  const app = await buildApp({ config, database, runJobs: false, checkResponses: options.checkResponses ?? false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

/**
 * A list of `size` items ("Item 0" first, quantities 1-4) added through the running app as `member`, as a family
 * would make one; with the member's /api/me answer, which the web app keeps beside its session.
 */
export async function listThroughApi(
  base: string, member: { token: string; familyId: string }, size: number,
): Promise<{ listId: string; user: Record<string, unknown> }> {
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method, headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const list = await api('POST', '/api/grocery-lists', { familyId: member.familyId, title: 'Weekly shop' });
  for (let i = 0; i < size; i++) {
    await api('POST', '/api/grocery', { name: `Item ${i}`, quantity: (i % 4) + 1, listId: list.id, familyId: member.familyId });
  }
  return { listId: String(list.id), user: await api('GET', '/api/me') };
}

/**
 * Signs `base` in for the browser of `page` as the web app keeps a session: the token and /api/me's answer in
 * localStorage, written from a plain file of the app's so that no page of it runs meanwhile.
 */
export async function storeSession(page: Page, base: string, token: string, user: Record<string, unknown>) {
  await page.goto(`${base}/favicon.svg`);
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user', JSON.stringify(user));
    localStorage.setItem('user_created_at', String(user.createdAt));
  }, { token, user });
}
