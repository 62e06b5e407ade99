/**
 * Reminders due in the same minute (issue 50): 250 families of three account members (and a child without one),
 * each with four events whose reminders fall due in the same minute (three plain events and one weekly series a
 * month old), 1,000 reminders telling 3,000 members. The reminder job runs as each process runs it, on a test clock:
 * first the minute before (every row's next reminder worked out), then at the due minute, timed until every
 * reminder is sent. Also the longest the event loop was held meanwhile.
 * Run: `node scripts/bench/reminders.ts` (DATABASE_URL adds a PostgreSQL run).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { ManualClock } from '../../server/platform/clock.ts';
import { rawRows, type Database } from '../../server/platform/db/client.ts';
import { calendarEvents, familyMembers } from '../../server/platform/db/schema.ts';
import { ReminderJob } from '../../server/features/calendar/reminders.ts';
import { analyze, member, onEachEngine } from './support/common.ts';

const families = Number(process.env.FAMILIES ?? 250);
const eventsPerFamily = 4;

async function timed(work: () => Promise<number>): Promise<{ ms: number; result: number; loopMaxMs: number }> {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  loop.disable();
  return { ms, result, loopMaxMs: loop.max / 1e6 };
}

async function bench(label: string, database: Database): Promise<void> {
  try {
    const db = database.db;
    const rows: (typeof calendarEvents.$inferInsert)[] = [];
    for (let f = 0; f < families; f++) {
      const ada = await member(db, `Ada${f}`);
      await member(db, `Ed${f}`, ada.familyId);
      await member(db, `Rita${f}`, ada.familyId);
      await db.insert(familyMembers).values({ familyId: ada.familyId, name: `Kit${f}` });
      for (let e = 0; e < eventsPerFamily - 1; e++) {
        rows.push({ familyId: ada.familyId, title: `Event ${f}.${e}`, startTime: '2026-03-02T18:30:00', endTime: '2026-03-02T19:30:00',
          reminderMinutes: 30, createdAt: new Date('2026-02-01T00:00:00Z'), updatedAt: new Date('2026-02-01T00:00:00Z') });
      }
      rows.push({ familyId: ada.familyId, title: `Series ${f}`, startTime: '2026-02-02T18:10:00', endTime: '2026-02-02T19:00:00',
        recurringPattern: 'WEEKLY', reminderMinutes: 10, createdAt: new Date('2026-02-01T00:00:00Z'), updatedAt: new Date('2026-02-01T00:00:00Z') });
    }
    for (let i = 0; i < rows.length; i += 500) await db.insert(calendarEvents).values(rows.slice(i, i + 500));
    await analyze(database);
    // Every family is in New York: 18:00 EST on 2 March is 23:00Z.
    const clock = new ManualClock('2026-03-02T22:59:00Z');
    const job = new ReminderJob({ db, clock });
    const worked = await timed(() => job.run());
    clock.set('2026-03-02T23:00:00Z');
    const sent = await timed(() => job.run());
    const [told] = await rawRows<{ n: number }>(db, sql`select count(*)::int as n from notifications where kind = 'reminders'`);
    if (sent.result !== rows.length || told!.n !== rows.length * 3) {
      throw new Error(`sent ${sent.result} reminders (${told!.n} notifications), expected ${rows.length} (${rows.length * 3})`);
    }
    console.log(`${label}: next reminders of ${rows.length} events worked out in ${(worked.ms / 1000).toFixed(2)} s (event loop held at most ${worked.loopMaxMs.toFixed(0)} ms)`);
    console.log(`${label}: ${sent.result} reminders due in one minute (${told!.n} notifications) sent in ${(sent.ms / 1000).toFixed(2)} s (event loop held at most ${sent.loopMaxMs.toFixed(0)} ms)`);
  } finally {
    await database.close();
  }
}

await onEachEngine(bench);
