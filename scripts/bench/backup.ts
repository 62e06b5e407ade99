/**
 * `npm run backup` and `npm run restore` on a household two years in: 5 members, 12 lists with 1,500 items, 500
 * comments, 150 recipes with 1,500 ingredients, 1,500 calendar events, 100 places with notes and tags, 20,000 recorded
 * events, 1,000 idempotency keys (about 30,000 rows). Seeded on PGlite in a data folder; its backup is timed (on the
 * embedded engine the backup holds the database meanwhile), restored into a new PostgreSQL database (DATABASE_URL) and
 * backed up from there, and that file restored into a new PGlite folder: both directions of a move. Without
 * DATABASE_URL, the PGlite backup is restored into a new PGlite folder. Run: `node scripts/bench/backup.ts`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate, openPglite, openPostgres, type Database } from '../../server/platform/db/client.ts';
import { readLines, writeAtomically } from '../../server/platform/backup/files.ts';
import { openBackup, restoreBackup } from '../../server/platform/backup/restore.ts';
import { writeBackup } from '../../server/platform/backup/write.ts';
import { admin, member } from './support/common.ts';

async function seed(database: Database): Promise<void> {
  const admin = await member(database.db, 'Alex');
  for (const name of ['Blake', 'Casey', 'Drew', 'Emery']) await member(database.db, name, admin.familyId);
  const family = admin.familyId;
  const run = (query: ReturnType<typeof sql>) => database.db.execute(query);
  await run(sql`insert into grocery_lists (family_id, title) select ${family}, 'List ' || n from generate_series(1, 12) n`);
  await run(sql`insert into grocery_items (family_id, list_id, name, quantity, unit, category, position, is_purchased)
    select ${family}, l.id, 'Item ' || l.title || ' ' || n, n % 4 + 1, case when n % 3 = 0 then 'kg' end,
      case when n % 2 = 0 then 'Produce' end, n, n % 5 = 0
    from grocery_lists l, generate_series(1, 125) n where l.family_id = ${family}`);
  await run(sql`insert into grocery_comments (family_id, list_id, user_id, user_name, text)
    select ${family}, l.id, ${admin.userId}, 'Alex', 'Comment ' || n || ' about the weekly shop and what to get'
    from grocery_lists l, generate_series(1, 42) n where l.family_id = ${family}`);
  await run(sql`insert into meals (family_id, name, directions, prep_time, total_time, servings, created_by_user_id)
    select ${family}, 'Recipe ' || n, repeat('Stir, season and simmer until done. ', 12), 15, 45, 4, ${admin.userId}
    from generate_series(1, 150) n`);
  await run(sql`insert into meal_ingredients (meal_id, position, name, quantity, unit)
    select m.id, n, 'Ingredient ' || n, n * 0.5, 'cup' from meals m, generate_series(0, 9) n where m.family_id = ${family}`);
  await run(sql`insert into calendar_events (family_id, title, description, start_time, end_time, created_by_user_id)
    select ${family}, 'Event ' || n, 'Bring the forms', to_char(timestamp '2025-01-01 09:00' + n * interval '11 hours', 'YYYY-MM-DD"T"HH24:MI:SS'),
      to_char(timestamp '2025-01-01 10:00' + n * interval '11 hours', 'YYYY-MM-DD"T"HH24:MI:SS'), ${admin.userId}
    from generate_series(1, 1500) n`);
  await run(sql`insert into calendar_event_attendees (event_id, member_id)
    select e.id, m.id from calendar_events e join family_members m on m.family_id = e.family_id
    where e.family_id = ${family} and m.member_number <= 2`);
  await run(sql`insert into locations (family_id, name, address, latitude, longitude, rating, created_by_user_id)
    select ${family}, 'Place ' || n, n || ' Main Street', 40 + n / 1000.0, -74 - n / 1000.0, n % 5 + 1, ${admin.userId}
    from generate_series(1, 100) n`);
  await run(sql`insert into tags (family_id, name) select ${family}, 'Tag ' || n from generate_series(1, 30) n`);
  await run(sql`insert into location_tags (location_id, tag_id)
    select l.id, t.id from locations l join tags t on t.family_id = l.family_id
    where l.family_id = ${family} and (hashtext(l.name || t.name) % 15) = 0`);
  await run(sql`insert into location_notes (family_id, location_id, author_user_id, author_name, note)
    select ${family}, l.id, ${admin.userId}, 'Alex', 'Note ' || n || ': parking behind, ask for the window table'
    from locations l, generate_series(1, 3) n where l.family_id = ${family}`);
  await run(sql`insert into family_events (family_id, actor_id, type, subject_id, data, at)
    select ${family}, ${admin.userId}, 'add_grocery_item', gen_random_uuid(), jsonb_build_object('listId', gen_random_uuid()),
      now() - n * interval '1 hour'
    from generate_series(1, 20000) n`);
  await run(sql`insert into idempotency_keys (user_id, route, key, status, response)
    select ${admin.userId}, 'POST /api/grocery', gen_random_uuid()::text, 201, jsonb_build_object('id', gen_random_uuid(), 'name', 'Milk')
    from generate_series(1, 1000) n`);
  await run(sql`analyze`);
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

async function backup(label: string, database: Database, file: string): Promise<void> {
  const [totals, ms] = await timed(() => writeAtomically(file, (out) => writeBackup(database, out)));
  const { size } = await stat(file);
  console.log(`backup from ${label}: ${totals.rows} rows of ${totals.tables} tables in ${ms.toFixed(0)} ms, ${(size / 1024).toFixed(0)} KiB gzipped`);
}

async function restore(label: string, database: Database, file: string): Promise<void> {
  await migrate(database);
  const [totals, ms] = await timed(async () => restoreBackup(database, await openBackup(await readLines(file))));
  console.log(`restore into ${label}: ${totals.rows} rows in ${ms.toFixed(0)} ms`);
}

const scratch = await mkdtemp(join(tmpdir(), 'hearth-bench-backup-'));
try {
  const embedded = await openPglite({ dataDir: join(scratch, 'source') });
  await migrate(embedded);
  await seed(embedded);
  const fromPglite = join(scratch, 'pglite.jsonl.gz');
  await backup('PGlite', embedded, fromPglite);
  await embedded.close();

  const serverUrl = process.env.DATABASE_URL;
  let movingBack = fromPglite;
  if (serverUrl) {
    const name = `hearth_bench_${randomBytes(4).toString('hex')}`;
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    await admin(serverUrl, `CREATE DATABASE ${name}`);
    try {
      const server = await openPostgres(url.toString());
      await restore('PostgreSQL', server, fromPglite);
      movingBack = join(scratch, 'postgres.jsonl.gz');
      await backup('PostgreSQL', server, movingBack);
      await server.close();
    } finally {
      await admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  }
  const target = await openPglite({ dataDir: join(scratch, 'target') });
  await restore('PGlite', target, movingBack);
  await target.close();
} finally {
  await rm(scratch, { recursive: true, force: true });
}
