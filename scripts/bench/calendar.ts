/**
 * Calendar benchmark: a family with 300 recurring series (the four patterns) and 5,000 single events spread
 * over two years, timed over loopback HTTP against the real app.
 *   - window: GET /api/calendar/events for a three-month window (the page's load), p50/p95
 *   - feed: GET of the subscription .ics with every row, p50/p95
 * The client runs in a worker thread, off the server's event loop. Always on PGlite (in memory); also on PostgreSQL when DATABASE_URL is set. Run: `node scripts/bench/calendar.ts`.
 */
import type { Database } from '../../server/platform/db/client.ts';
import { calendarEvents } from '../../server/platform/db/schema.ts';
import { timeGets } from './support/client.ts';
import { analyze, member, onEachEngine, serveApp, summary } from './support/common.ts';

const seriesCount = 300;
const singleCount = 5000;
const windowRuns = 100;
// Under the feed's limit of 12 fetches a minute a family (`feedWindows`).
const feedRuns = 10;
/** First answers, slower while the code warms up, left out of the figures. */
const warmup = 10;
const patterns = ['WEEKLY', 'BI_WEEKLY', 'MONTHLY', 'YEARLY'] as const;

const pad = (n: number) => String(n).padStart(2, '0');
/** A local date-time `days` after 2026-01-01 at `hour`. */
function local(days: number, hour: number): string {
  const d = new Date(Date.UTC(2026, 0, 1 + days));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(hour)}:00:00`;
}

async function bench(label: string, database: Database): Promise<void> {
  const { app, base } = await serveApp(database);
  try {
    const ada = await member(database.db, 'Ada');
    const rows = [
      ...Array.from({ length: seriesCount }, (_, i) => ({
        familyId: ada.familyId, title: `Series ${i}`, startTime: local(i % 60, 7 + (i % 12)), endTime: local(i % 60, 8 + (i % 12)),
        recurringPattern: patterns[i % 4], recurringEndDate: i % 3 === 0 ? '2027-06-30' : null,
      })),
      ...Array.from({ length: singleCount }, (_, i) => ({
        familyId: ada.familyId, title: `Event ${i}`, startTime: local(i % 730, 6 + (i % 14)), endTime: local(i % 730, 7 + (i % 14)),
      })),
    ];
    for (let i = 0; i < rows.length; i += 500) await database.db.insert(calendarEvents).values(rows.slice(i, i + 500));
    await analyze(database);
    const headers = { authorization: `Bearer ${ada.token}` };
    const window = await timeGets(`${base}/api/calendar/events?startDate=2026-05-01&endDate=2026-07-31`, headers, warmup + windowRuns);
    const shown = (JSON.parse(window.body) as unknown[]).length;
    const exportUrl = await timeGets(`${base}/api/family-members/calendar-export-url`, headers, 1);
    const { calendarUrl } = JSON.parse(exportUrl.body) as { calendarUrl: string };
    const feedPath = new URL(calendarUrl).pathname + new URL(calendarUrl).search;
    const feed = await timeGets(`${base}${feedPath}`, {}, feedRuns);
    const size = feed.body.length;

    console.log(`${label}: three-month window (${shown} occurrences of ${rows.length} rows): ${summary(window.samples.slice(warmup))}`);
    console.log(`${label}: subscription feed (${rows.length} rows, ${Math.round(size / 1024)} kB): ${summary(feed.samples)}`);
  } finally {
    await app.close();
    await database.close();
  }
}

await onEachEngine(bench);
