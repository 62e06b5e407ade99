import { afterAll, beforeAll, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import * as api from '@hearth/contract/calendar';
import { calendarEvents } from '../../platform/db/schema.ts';
import { familyOfOne, signUp, type SignedInUser, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let ada: SignedInUser;

beforeAll(async () => { ({ t, member: ada } = await familyOfOne()); });
afterAll(async () => { await t.close(); });

const body = { title: 'Burst', startTime: '2026-03-02T09:00', endTime: '2026-03-02T10:00' };

// A burst of writes at once: on 2 cores shared with the browser tests, more than the default 20 s.
it('holds the per-family event bound under a parallel burst: exactly the room left is taken', async () => {
  const familyId = ada.user.familyId!;
  const room = 5;
  const filler = Array.from({ length: api.calendarLimits.eventsPerFamily - room }, (_, i) => ({
    familyId, title: `Filler ${i}`, startTime: '2020-01-01T09:00:00', endTime: '2020-01-01T10:00:00',
  }));
  for (let i = 0; i < filler.length; i += 2000) await t.db.insert(calendarEvents).values(filler.slice(i, i + 2000));
  const answers = await Promise.all(Array.from({ length: 20 }, () => ada.call(api.createEvent, { body })));
  expect(answers.filter((a) => a.status === 201)).toHaveLength(room);
  const refused = answers.filter((a) => a.status !== 201);
  expect(refused.map((a) => [a.status, a.body.message])).toEqual(Array(20 - room).fill([409, api.calendarMessages.tooManyEvents]));
  const [row] = await t.db.select({ n: count() }).from(calendarEvents).where(eq(calendarEvents.familyId, familyId));
  expect(row!.n).toBe(api.calendarLimits.eventsPerFamily);
}, 60_000);

it('refuses a window that ends before it starts, or spans more than the bound, with a message', async () => {
  const backwards = await ada.call(api.listEvents, { query: { startDate: '2026-03-02', endDate: '2026-03-01' } });
  expect([backwards.status, backwards.body.message]).toEqual([400, api.calendarMessages.windowInvalid]);
  // 2026-01-01 to 2027-02-05 is 400 days: the widest window answered; a day more is refused.
  expect(api.calendarLimits.windowDaysMax).toBe(400);
  const widest = await ada.call(api.listEvents, { query: { startDate: '2026-01-01', endDate: '2027-02-05' } });
  expect(widest.status).toBe(200);
  const wide = await ada.call(api.listEvents, { query: { startDate: '2026-01-01', endDate: '2027-02-06' } });
  expect([wide.status, wide.body.message]).toEqual([400, api.calendarMessages.windowTooWide]);
  const bad = await ada.call(api.listEvents, { query: { startDate: '2026-02-30', endDate: '2026-03-01' } });
  expect(bad.status).toBe(400);
});

it('answers at most 10,000 occurrences a window, series counted occurrence by occurrence, then 422 with a message', async () => {
  expect(api.calendarLimits.windowEventsMax).toBe(10_000);
  const bo = await signUp(t, { name: 'Bo' });
  const familyId = bo.user.familyId!;
  const busyDay = Array.from({ length: api.calendarLimits.windowEventsMax }, (_, i) => ({
    familyId, title: `Busy ${i}`, startTime: '2026-04-10T09:00:00', endTime: '2026-04-10T10:00:00',
  }));
  for (let i = 0; i < busyDay.length; i += 2000) await t.db.insert(calendarEvents).values(busyDay.slice(i, i + 2000));
  const april = { startDate: '2026-04-01', endDate: '2026-04-30' };
  const full = await bo.call(api.listEvents, { query: april });
  expect([full.status, full.body.length]).toEqual([200, api.calendarLimits.windowEventsMax]);
  // Five Wednesdays in April: 10,005 occurrences.
  await t.db.insert(calendarEvents).values({
    familyId, title: 'Weekly', startTime: '2026-04-01T18:00:00', endTime: '2026-04-01T19:00:00', recurringPattern: 'WEEKLY',
  });
  const over = await bo.call(api.listEvents, { query: april });
  expect([over.status, over.body.message]).toEqual([422, api.calendarMessages.windowTooFull]);
  const before = await bo.call(api.listEvents, { query: { startDate: '2026-04-01', endDate: '2026-04-09' } });
  expect(before.body.map((e: api.CalendarEvent) => e.startTime)).toEqual(['2026-04-01T18:00:00', '2026-04-08T18:00:00']);
});
