/**
 * Newsfeed benchmark: GET /api/dashboard/newsfeed for a family with 5,000 calendar rows (300 of them recurring
 * series of the four patterns, meals among them, each with attendees), 20 lists of 100 items and 2,000 comments,
 * beside a second family of the same size, timed over loopback HTTP against the real app, p50/p95.
 * Always on PGlite (in memory); also on PostgreSQL when DATABASE_URL is set. Run: `node scripts/bench/newsfeed.ts`.
 */
import { eq } from 'drizzle-orm';
import type { Database, Db } from '../../server/platform/db/client.ts';
import {
  calendarEventAttendees, calendarEvents, familyMembers, groceryComments, groceryItems, groceryLists,
} from '../../server/platform/db/schema.ts';
import { timeGets } from './support/client.ts';
import { familyToday, insertChunks, member, onEachEngine, serveApp, summary } from './support/common.ts';

const seriesCount = 300;
const rowCount = 5000;
const listCount = 20;
const itemsPerList = 100;
const commentCount = 2000;
const warmup = 20;
const runs = 200;
const patterns = ['WEEKLY', 'BI_WEEKLY', 'MONTHLY', 'YEARLY'] as const;
const hour = 3_600_000;

const today = familyToday;
/** A local date-time `days` after the family's today (negative: before) at `h` o'clock. */
function local(days: number, h: number): string {
  const date = new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  return `${date}T${String(h).padStart(2, '0')}:00:00`;
}

/** One family's calendar, lists and comments; events spread over a year before and after today. */
async function fill(db: Db, familyId: string, userId: string): Promise<void> {
  const memberIds = (await db.select({ id: familyMembers.id }).from(familyMembers).where(eq(familyMembers.familyId, familyId)))
    .map((m) => m.id);
  const events = Array.from({ length: rowCount }, (_, i) => {
    const series = i < seriesCount;
    const day = series ? -(i % 120) : (i % 730) - 365;
    const h = 6 + (i % 14);
    return {
      familyId, title: `${series ? 'Series' : 'Event'} ${i}`, startTime: local(day, h), endTime: local(day, h + 1),
      recurringPattern: series ? patterns[i % 4] : null, isMeal: i % 10 === 0, location: i % 3 === 0 ? 'Park' : null,
    };
  });
  const inserted: { id: string }[] = [];
  await insertChunks(events, async (chunk) => {
    inserted.push(...await db.insert(calendarEvents).values(chunk).returning({ id: calendarEvents.id }));
  });
  const attendees = inserted.flatMap((e, i) => memberIds.slice(0, 1 + (i % memberIds.length)).map((memberId) => ({ eventId: e.id, memberId })));
  await insertChunks(attendees, (chunk) => db.insert(calendarEventAttendees).values(chunk));

  const now = Date.now();
  const lists = await db.insert(groceryLists).values(Array.from({ length: listCount }, (_, i) => ({ familyId, title: `List ${i}` })))
    .returning({ id: groceryLists.id });
  const items = lists.flatMap((list) => Array.from({ length: itemsPerList }, (_, i) => ({
    familyId, listId: list.id, name: `Item ${i}`, position: i, isPurchased: i % 4 === 0,
    createdAt: new Date(now - (i % 48) * hour),
  })));
  await insertChunks(items, (chunk) => db.insert(groceryItems).values(chunk));
  const comments = Array.from({ length: commentCount }, (_, i) => ({
    familyId, listId: lists[i % listCount]!.id, userId, userName: 'Ada', text: `Comment ${i}`,
    archivedAt: i % 5 === 0 ? new Date(now) : null, createdAt: new Date(now - i * hour),
  }));
  await insertChunks(comments, (chunk) => db.insert(groceryComments).values(chunk));
}

async function bench(label: string, database: Database): Promise<void> {
  const { app, base } = await serveApp(database);
  try {
    const ada = await member(database.db, 'Ada');
    for (const name of ['Ben', 'Cy', 'Di']) await member(database.db, name, ada.familyId);
    await fill(database.db, ada.familyId, ada.userId);
    const oz = await member(database.db, 'Oz');
    await fill(database.db, oz.familyId, oz.userId);
    await database.db.execute('ANALYZE');

    const headers = { authorization: `Bearer ${ada.token}` };
    const { samples, body } = await timeGets(`${base}/api/dashboard/newsfeed`, headers, warmup + runs);
    const feed = JSON.parse(body) as {
      upcomingEvents: Record<string, unknown[]>; upcomingMeals: unknown[]; groceryLists: unknown[]; recentComments: unknown[];
    };
    const shape = `${Object.values(feed.upcomingEvents).flat().length} events, ${feed.upcomingMeals.length} meals, `
      + `${feed.groceryLists.length} lists, ${feed.recentComments.length} comments, ${Math.round(body.length / 1024)} kB`;
    console.log(`${label}: newsfeed (${rowCount} calendar rows incl. ${seriesCount} series, ${listCount}×${itemsPerList} items, `
      + `${commentCount} comments; answer: ${shape}): ${summary(samples.slice(warmup))}`);
  } finally {
    await app.close();
    await database.close();
  }
}

await onEachEngine(bench);
