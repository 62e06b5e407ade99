/**
 * Event-loop bench (issue 45): while one worst case runs over and over, does another family still get its answers?
 * The server runs in this process, so `monitorEventLoopDelay` here measures the server's own event loop; every client
 * (the worst case's, the bystander's, the recipe site) runs in a worker thread. For each case, for BENCH_SECONDS (default
 * 10): one client sends the worst case's requests back to back, and a bystander family's member sends GET /api/me
 * every 10 ms. Printed per case: the bystander's p50/p99/max, the event loop's delay p99/max, the longest turn of the
 * server's thread in CPU time, the worst case's answers by status. The bar: /api/me p99 < 50 ms and delay max < 100 ms.
 *
 * Cases (CASES=a,b to pick some):
 *   - idle: nothing else runs (the machine's floor);
 *   - long-events: a family with 20,000 events (the bound) each spanning 366 days (the longest allowed), and one
 *     older row from 0001-01-01 to 9999-12-31: its newsfeed and its calendar page's window (the previous month to
 *     the end of the next), in turn;
 *   - import: the largest importable page, a 2 MB microdata recipe of ~45,000 itemprop elements;
 *   - hostile-pages: pages past the import's budgets (600,000 unclosed tags; 25,000 nested tags; unclosed tags then
 *     stray end tags), which must be refused, quickly;
 *   - feed: the subscription feed of a family with 20,000 events (1,000 of them series), unchanged between fetches;
 *   - feed-changed: the same feed, an event of the family edited before each fetch (each fetch is a rebuild);
 *   - list: a 2,000-item list read, an item ticked or unticked before each read;
 *   - newsfeed: the newsfeed of the largest family (50 members, 20,000 events, 200 lists, 2,000 comments);
 *   - calendar: the largest family's calendar page window (the previous month to the end of the next);
 *   - photo: a 12-megapixel camera JPEG (4000 × 3000, noisy, ~10 MB) uploaded as a recipe's photo back to back
 *     (each decoded, turned and resized to WebP on libuv's pool); the time of one upload alone is printed first.
 * Always on PGlite (in a scratch folder); also on PostgreSQL when DATABASE_URL is set. Run:
 * `node scripts/bench/event-loop.ts`.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { Worker } from 'node:worker_threads';
import { eq } from 'drizzle-orm';
import type { Database, Db } from '../../server/platform/db/client.ts';
import {
  calendarEventAttendees, calendarEventExceptions, calendarEvents, familyMembers, groceryComments, groceryItems, groceryLists,
} from '../../server/platform/db/schema.ts';
import { analyze, member, onEachEngine, percentile, serveApp } from './support/common.ts';
import { requestLoop, type LoopStep } from './support/request-loop.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const picked = process.env.CASES?.split(',');
const eventsPerFamily = 20_000;
const dayMs = 86_400_000;
const pageBytes = 2 * 1024 * 1024 - 1024;

const today = new Date().toISOString().slice(0, 10);
/** A local date-time `days` after today at `hour`. */
function local(days: number, hour: number): string {
  const date = new Date(Date.parse(`${today}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
  return `${date}T${String(hour).padStart(2, '0')}:00:00`;
}

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}

/** Fills `count` characters' worth of `unit`. */
const fill = (unit: string, bytes: number) => unit.repeat(Math.floor(bytes / unit.length));

/** The pages the recipe site serves. */
function pages(): Record<string, string> {
  const recipe = '<div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Big pot</h1>';
  const end = '</div>';
  return {
    largest: recipe + fill('<li itemprop="recipeIngredient">2 cups flour</li>', pageBytes - recipe.length - end.length) + end,
    unclosed: fill('<b>', pageBytes),
    nested: `${recipe}${'<div>'.repeat(25_000)}x${'</div>'.repeat(25_000)}${end}`,
    strayEnds: fill('<b>', pageBytes / 2) + fill('</i>', pageBytes / 2),
  };
}

/** A web site in a worker thread serving `pages` at /<name>; answers its base URL and a stop. */
async function recipeSite(served: Record<string, string>): Promise<{ base: string; stop: () => Promise<number> }> {
  const worker = new Worker(`
    const { parentPort, workerData } = require('node:worker_threads');
    const server = require('node:http').createServer((req, res) => {
      const page = workerData[req.url.slice(1)];
      if (page === undefined) res.writeHead(404).end();
      else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    });
    server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
  `, { eval: true, workerData: served });
  const port = await new Promise<number>((resolve) => worker.once('message', resolve));
  return { base: `http://127.0.0.1:${port}`, stop: () => worker.terminate() };
}

/** 20,000 events each spanning 366 days, all reaching into this week, and one row from year 1 to year 9999. */
async function longEvents(db: Db, familyId: string): Promise<void> {
  const rows = Array.from({ length: eventsPerFamily - 1 }, (_, i) => {
    const allDay = i % 2 === 0;
    const start = -(i % 360);
    return {
      familyId, title: `Long ${i}`, allDay,
      startTime: allDay ? local(start, 0) : local(start, 9), endTime: allDay ? local(start + 366, 0) : local(start + 366, 9),
    };
  });
  rows.push({ familyId, title: 'Forever', allDay: false, startTime: '0001-01-01T00:00:00', endTime: '9999-12-31T23:59:59' });
  await insertChunks(rows, (chunk) => db.insert(calendarEvents).values(chunk));
}

/** The largest family: 20,000 events (1,000 series, some with skipped dates) with attendees, 200 lists, comments. */
async function largestFamily(db: Db, familyId: string, userId: string): Promise<{ listId: string; itemIds: string[] }> {
  const memberIds = (await db.select({ id: familyMembers.id }).from(familyMembers).where(eq(familyMembers.familyId, familyId)))
    .map((m) => m.id);
  const patterns = ['WEEKLY', 'BI_WEEKLY', 'MONTHLY', 'YEARLY'] as const;
  const events = Array.from({ length: eventsPerFamily }, (_, i) => {
    const series = i < 1000;
    const day = series ? -(i % 120) : (i % 730) - 365;
    const h = 6 + (i % 14);
    return {
      familyId, title: `${series ? 'Series' : 'Event'} ${i}`, description: i % 4 === 0 ? `Notes for event ${i}` : null,
      startTime: local(day, h), endTime: local(day, h + 1), allDay: i % 9 === 0,
      recurringPattern: series ? patterns[i % 4] : null, isMeal: i % 10 === 0, location: i % 3 === 0 ? 'Park' : null,
    };
  });
  const inserted: { id: string }[] = [];
  await insertChunks(events, async (chunk) => {
    inserted.push(...await db.insert(calendarEvents).values(chunk).returning({ id: calendarEvents.id }));
  });
  const attendees = inserted.flatMap((e, i) => memberIds.slice(0, 1 + (i % 3)).map((memberId) => ({ eventId: e.id, memberId })));
  await insertChunks(attendees, (chunk) => db.insert(calendarEventAttendees).values(chunk));
  const skipped = inserted.slice(0, 1000).filter((_, i) => i % 4 === 0)
    .map((e, i) => ({ eventId: e.id, occurrenceDate: local(-(i * 4 % 120) + 28, 0).slice(0, 10) }));
  await insertChunks(skipped, (chunk) => db.insert(calendarEventExceptions).values(chunk).onConflictDoNothing());

  const lists = await db.insert(groceryLists).values(Array.from({ length: 200 }, (_, i) => ({ familyId, title: `List ${i}` })))
    .returning({ id: groceryLists.id });
  const now = Date.now();
  const items = lists.flatMap((list, l) => Array.from({ length: l === 0 ? 2000 : 20 }, (_, i) => ({
    familyId, listId: list.id, name: `Item ${i}`, quantity: (i % 4) + 1, position: i, isPurchased: i % 4 === 0,
    category: ['Produce', 'Dairy', 'Bakery', null][i % 4], createdAt: new Date(now - (i % 48) * 3_600_000),
  })));
  await insertChunks(items, (chunk) => db.insert(groceryItems).values(chunk));
  const comments = Array.from({ length: 2000 }, (_, i) => ({
    familyId, listId: lists[i % 200]!.id, userId, userName: 'Fay', text: `Comment ${i}`, createdAt: new Date(now - i * 3_600_000),
  }));
  await insertChunks(comments, (chunk) => db.insert(groceryComments).values(chunk));
  const first = await db.select({ id: groceryItems.id }).from(groceryItems).where(eq(groceryItems.listId, lists[0]!.id)).limit(2);
  return { listId: lists[0]!.id, itemIds: first.map((i) => i.id) };
}

interface Case { name: string; steps: LoopStep[] }

/**
 * The most CPU time the server's thread spent between two turns of a 5 ms timer: the longest it ran without letting
 * other requests in. Unlike the event loop's delay it leaves out time the thread waited for a processor, which on a
 * shared machine can be most of it.
 */
function longestTurn(): { stop: () => number } {
  const used = () => {
    const { user, system } = process.threadCpuUsage();
    return (user + system) / 1000;
  };
  let last = used();
  let longest = 0;
  const timer = setInterval(() => {
    const now = used();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  return {
    stop: () => {
      clearInterval(timer);
      return longest;
    },
  };
}

async function bench(label: string, database: Database): Promise<void> {
  const site = await recipeSite(pages());
  const { app, base } = await serveApp(database, { env: { IMPORT_ALLOW_PRIVATE_HOSTS: 'true', WRITES_PER_MINUTE: '1000000' } });
  try {
    const db = database.db;
    const bystander = await member(db, 'Bea');
    const lena = await member(db, 'Lena');
    await longEvents(db, lena.familyId);
    const fay = await member(db, 'Fay');
    for (let i = 1; i < 50; i++) await member(db, `Member${i}`, fay.familyId);
    const { listId, itemIds } = await largestFamily(db, fay.familyId, fay.userId);
    const cooks = [await member(db, 'Ivy')];
    for (let i = 1; i < 20; i++) cooks.push(await member(db, `Cook${i}`, cooks[0]!.familyId));
    await analyze(database);

    const as = (token: string) => ({ authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br, zstd' });
    const json = (token: string) => ({ ...as(token), 'content-type': 'application/json' });
    const exportUrl = await (await fetch(`${base}/api/family-members/calendar-export-url`, { headers: as(fay.token) })).json() as
      { calendarUrl: string };
    const feedUrl = `${base}${new URL(exportUrl.calendarUrl).pathname}${new URL(exportUrl.calendarUrl).search}`;
    const [edited] = await db.select({ id: calendarEvents.id, startTime: calendarEvents.startTime, endTime: calendarEvents.endTime })
      .from(calendarEvents).where(eq(calendarEvents.title, 'Event 1500'));
    const rename = (title: string): LoopStep => ({
      url: `${base}/api/calendar/events/${edited!.id}`, method: 'PUT', headers: json(fay.token),
      body: JSON.stringify({ title, startTime: edited!.startTime, endTime: edited!.endTime }),
    });
    const tick = (isPurchased: boolean): LoopStep => ({
      url: `${base}/api/grocery/${itemIds[1]}`, method: 'PATCH', headers: json(fay.token), body: JSON.stringify({ isPurchased }),
    });
    const imports = (page: string) => cooks.map((cook): LoopStep => ({
      url: `${base}/api/meals/import`, method: 'POST', headers: json(cook.token), body: JSON.stringify({ url: `${site.base}/${page}` }),
    }));
    // The calendar page's window: the first day of the previous month to the last of the next.
    const [year, month] = today.split('-').map(Number) as [number, number];
    const pageStart = new Date(Date.UTC(year, month - 2, 1)).toISOString().slice(0, 10);
    const pageEnd = new Date(Date.UTC(year, month + 1, 0)).toISOString().slice(0, 10);
    const calendarPage = (token: string): LoopStep => ({
      url: `${base}/api/calendar/events?startDate=${pageStart}&endDate=${pageEnd}`, headers: as(token),
    });
    const camera = await sharp({ create: { width: 4000, height: 3000, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
      .jpeg({ quality: 92 }).toBuffer();
    const photoMeal = await (await fetch(`${base}/api/meals`, {
      method: 'POST', headers: json(cooks[0]!.token), body: JSON.stringify({ name: 'Photo bench', ingredients: [] }),
    })).json() as { id: string };
    const uploadPhoto = (token: string): LoopStep => ({
      url: `${base}/api/meals/${photoMeal.id}/photo`, method: 'PUT', headers: { ...as(token), 'content-type': 'image/jpeg' },
      body: new Uint8Array(camera),
    });
    if (!picked || picked.includes('photo')) {
      const times: number[] = [];
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        const step = uploadPhoto(cooks[0]!.token);
        const res = await fetch(step.url, { method: step.method, headers: step.headers, body: camera });
        if (res.status !== 200) throw new Error(`photo upload answered ${res.status}`);
        times.push(performance.now() - started);
      }
      console.log(`${label} photo upload alone (${(camera.length / 1024 / 1024).toFixed(1)} MB, 4000 × 3000): `
        + `${times.map((t) => t.toFixed(0)).join(', ')} ms`);
    }
    const cases: Case[] = [
      { name: 'idle', steps: [] },
      { name: 'long-events', steps: [
        { url: `${base}/api/dashboard/newsfeed`, headers: as(lena.token) }, calendarPage(lena.token),
      ] },
      { name: 'import', steps: imports('largest') },
      { name: 'hostile-pages', steps: ['unclosed', 'nested', 'strayEnds'].flatMap(imports) },
      { name: 'feed', steps: [{ url: feedUrl, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }] },
      { name: 'feed-changed', steps: [
        rename('Renamed A'), { url: feedUrl, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } },
        rename('Renamed B'), { url: feedUrl, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } },
      ] },
      { name: 'list', steps: [
        tick(true), { url: `${base}/api/grocery/list/${listId}`, headers: as(fay.token) },
        tick(false), { url: `${base}/api/grocery/list/${listId}`, headers: as(fay.token) },
      ] },
      { name: 'newsfeed', steps: [{ url: `${base}/api/dashboard/newsfeed`, headers: as(fay.token) }] },
      { name: 'calendar', steps: [calendarPage(fay.token)] },
      { name: 'photo', steps: [uploadPhoto(cooks[0]!.token)] },
    ];

    for (const c of cases.filter((c) => !picked || picked.includes(c.name))) {
      const delay = monitorEventLoopDelay({ resolution: 10 });
      const load = c.steps.length > 0 ? requestLoop(c.steps) : undefined;
      delay.enable();
      const turns = longestTurn();
      const probe = requestLoop([{ url: `${base}/api/me`, headers: as(bystander.token), timed: true }], 10);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      const { samples } = await probe.stop();
      const statuses = load ? (await load.stop()).statuses : {};
      delay.disable();
      const turn = turns.stop();
      const ms = (ns: number) => (ns / 1e6).toFixed(1);
      const answered = Object.entries(statuses).map(([status, n]) => `${n}×${status}`).join(' ') || '-';
      console.log(`${label} ${c.name.padEnd(14)} /api/me p50 ${percentile(samples, 50).toFixed(1)} p99 `
        + `${percentile(samples, 99).toFixed(1)} max ${Math.max(...samples).toFixed(1)} ms (n=${samples.length}); `
        + `event-loop delay p99 ${ms(delay.percentile(99))} max ${ms(delay.max)} ms; longest turn ${turn.toFixed(1)} ms of CPU; `
        + `worst case answered ${answered}`);
    }
  } finally {
    await app.close();
    await database.close();
    await site.stop();
  }
}

await onEachEngine(bench);
