import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as api from '@hearth/contract/calendar';
import { ManualClock } from '../../platform/clock.ts';
import { openPostgres, rawRows } from '../../platform/db/client.ts';
import { joinAs } from '../../test/factories.ts';
import { createPostgresDatabase } from '../../test/databases.ts';
import { createTestApp, signUp, type TestApp } from '../../test/harness.ts';
import { ReminderJob } from './reminders.ts';

/**
 * Exactly once across processes: two app instances, each with its own connection pool, on one PostgreSQL database,
 * run the reminder job at the same time, again and again, over reminders all due in the same minute.
 */

const clock = new ManualClock('2026-03-01T12:00:00Z');
let apps: TestApp[] = [];
let drop: () => Promise<void> = async () => {};

beforeAll(async () => {
  const database = await createPostgresDatabase(inject('templates'));
  drop = database.drop;
  apps = [
    await createTestApp({ clock, database: await openPostgres(database.url) }),
    await createTestApp({ clock, database: await openPostgres(database.url) }),
  ];
}, 60_000);
afterAll(async () => {
  for (const t of apps) await t.close();
  await drop();
});

it('sends each reminder to each member once when two instances run the job at once', async () => {
  const [a, b] = apps as [TestApp, TestApp];
  const ada = await signUp(a, { name: 'Ada' });
  await joinAs(a, ada, 'EDIT', 'Ed');
  await joinAs(b, ada, 'READ_ONLY', 'Rita');
  const events = 80;
  for (let i = 0; i < events; i++) {
    const res = await (i % 2 ? a : b).call(api.createEvent, {
      body: { title: `Event ${i}`, startTime: '2026-03-01T09:00:00', endTime: '2026-03-01T10:00:00', reminderMinutes: 0 },
      headers: { authorization: `Bearer ${ada.token}` },
    });
    expect(res.status).toBe(201);
  }
  // 09:00 in New York.
  clock.set('2026-03-01T14:00:10Z');
  const jobs = apps.flatMap((t) => [new ReminderJob({ db: t.db, clock }), new ReminderJob({ db: t.db, clock })]);
  const sent = (await Promise.all([...jobs, ...jobs].map((job) => job.run()))).reduce((x, y) => x + y, 0);
  expect(sent).toBe(events);
  const [told] = await rawRows<{ rows: number; distinct: number }>(a.db, sql`
    select count(*)::int as rows, count(distinct (recipient_id, subject_id))::int as distinct from notifications where kind = 'reminders'`);
  expect(told).toEqual({ rows: events * 3, distinct: events * 3 });
});
