/**
 * Places search benchmark: GET /api/locations/search for a family at its bounds (2,000 places with address and
 * notes, 200 tags on them, 5,000 notes of 500 characters, half personal), beside a second family of the same size,
 * timed over loopback HTTP against the real app, p50/p95, beside the list of every place: one word matching every
 * place or one, and the most a search counts (8 words, the last matching no place, so every word is read in full).
 * Always on PGlite (in a data folder); also on PostgreSQL when DATABASE_URL is set.
 * Run: `node scripts/bench/location-search.ts`.
 */
import { locationLimits } from '../../contract/locations.ts';
import type { Database, Db } from '../../server/platform/db/client.ts';
import { locationNotes, locations, locationTags, tags } from '../../server/platform/db/schema.ts';
import { timeGets } from './support/client.ts';
import { member, onEachEngine, serveApp, summary } from './support/common.ts';

const warmup = 5;
const runs = 40;
const note = 'Great for a weekday lunch; ask for the corner table, bring cash, parking behind the café. '.repeat(6)
  .slice(0, locationLimits.noteMax);

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}

async function fill(db: Db, familyId: string, userId: string): Promise<void> {
  const places: { id: string }[] = [];
  await insertChunks(Array.from({ length: locationLimits.locationsPerFamily }, (_, i) => ({
    familyId, name: `Torchy's Tacos #${i}`, address: `${i} Congress Ave, Austin, TX`, notes: `Opens at ${i % 12} — crème brûlée`,
  })), async (chunk) => { places.push(...await db.insert(locations).values(chunk).returning({ id: locations.id })); });
  const tagRows = await db.insert(tags).values(Array.from({ length: locationLimits.tagsPerFamily }, (_, i) => ({
    familyId, name: `Tag ${i}`,
  }))).returning({ id: tags.id });
  await insertChunks(places.flatMap((p, i) => [0, 1, 2].map((k) => ({ locationId: p.id, tagId: tagRows[(i + k * 7) % tagRows.length]!.id }))),
    (chunk) => db.insert(locationTags).values(chunk));
  await insertChunks(Array.from({ length: locationLimits.notesPerFamily }, (_, i) => ({
    familyId, locationId: places[i % places.length]!.id, authorUserId: userId, authorName: 'Ada', note, isPersonal: i % 2 === 0,
  })), (chunk) => db.insert(locationNotes).values(chunk));
}

async function bench(label: string, database: Database): Promise<void> {
  const { app, base } = await serveApp(database);
  try {
    const ada = await member(database.db, 'Ada');
    await fill(database.db, ada.familyId, ada.userId);
    const oz = await member(database.db, 'Oz');
    await fill(database.db, oz.familyId, oz.userId);
    await database.db.execute('ANALYZE');
    const headers = { authorization: `Bearer ${ada.token}` };
    const list = await timeGets(`${base}/api/locations`, headers, warmup + runs);
    console.log(`${label}: places list, for comparison (${(JSON.parse(list.body) as unknown[]).length} places): ${summary(list.samples.slice(warmup))}`);
    for (const [what, query] of [
      ['1 word, every place matches', 'torchys'],
      ['1 word, one place matches', '1999'],
      ['8 words, none matches', 'corner table cash parking weekday lunch brulee nowhere'],
    ] as const) {
      const { samples, body } = await timeGets(`${base}/api/locations/search?query=${encodeURIComponent(query)}`, headers, warmup + runs);
      const found = (JSON.parse(body) as unknown[]).length;
      console.log(`${label}: places search, ${what} (${found} found): ${summary(samples.slice(warmup))}`);
    }
  } finally {
    await app.close();
    await database.close();
  }
}

await onEachEngine(bench);
