import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import nodeIcal, { type VEvent } from 'node-ical';
import * as api from '@hearth/contract/calendar';
import { families } from '../../platform/db/schema.ts';
import { createTestApp, signUp, type SignedInUser, type TestApp } from '../../test/harness.ts';

/**
 * The subscription feed read by two parsers that share no code, ical.js and node-ical (its own parser, rrule-temporal
 * for the rules): each expands every series, with its EXDATEs and RECURRENCE-ID overrides, to exactly the occurrences
 * the calendar's window answers, across the zone's daylight-saving changes.
 */

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const from = '2026-01-01';
const to = '2027-01-31';

/** One occurrence as text: its title and its start and end, instants for timed ones, dates for all-day ones. */
type Occurrence = string;
const timed = (title: string, start: Date, end: Date) => `${title} ${start.toISOString()} ${end.toISOString()}`;
const allDay = (title: string, start: string, endExclusive: string) => `${title} ${start} ${endExclusive}`;

/** What the calendar window answers, in the same terms. */
async function fromApi(user: SignedInUser, zone: string): Promise<Occurrence[]> {
  const res = await user.call(api.listEvents, { query: { startDate: from, endDate: to } });
  expect(res.status).toBe(200);
  return (res.body as api.CalendarEvent[]).map((e) => (e.allDay
    ? allDay(e.title, e.startTime.slice(0, 10), DateTime.fromISO(e.endTime).plus({ days: 1 }).toISODate()!)
    : timed(e.title, DateTime.fromISO(e.startTime, { zone }).toJSDate(), DateTime.fromISO(e.endTime, { zone }).toJSDate()))).sort();
}

function withIcalJs(feed: string): Occurrence[] {
  const cal = new ICAL.Component(ICAL.parse(feed));
  for (const vtz of cal.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(vtz));
  const events = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
  const text = (title: string, start: ICAL.Time, end: ICAL.Time) => (start.isDate
    ? allDay(title, start.toString(), end.toString()) : timed(title, start.toJSDate(), end.toJSDate()));
  const found: Occurrence[] = [];
  for (const event of events.filter((e) => !e.isRecurrenceException())) {
    for (const exception of events.filter((e) => e.isRecurrenceException() && e.uid === event.uid)) event.relateException(exception);
    if (!event.isRecurring()) {
      found.push(text(event.summary, event.startDate, event.endDate));
      continue;
    }
    const it = event.iterator();
    for (let next = it.next(); next && next.toString().slice(0, 10) <= to; next = it.next()) {
      const details = event.getOccurrenceDetails(next);
      if (details.startDate.toString().slice(0, 10) >= from) found.push(text(details.item.summary, details.startDate, details.endDate));
    }
  }
  return found.sort();
}

function withNodeIcal(feed: string): Occurrence[] {
  const events = Object.values(nodeIcal.sync.parseICS(feed)).filter((c): c is VEvent => c?.type === 'VEVENT');
  const day = (d: Date) => DateTime.fromJSDate(d, { zone: 'UTC' }).toISODate()!;
  const found: Occurrence[] = [];
  for (const event of events) {
    const instances = nodeIcal.expandRecurringEvent(event, { from: new Date(`${from}T00:00:00Z`), to: new Date(`${to}T23:59:59Z`) });
    for (const i of instances) {
      const title = typeof i.summary === 'string' ? i.summary : i.summary.val;
      found.push(i.isFullDay ? allDay(title, day(i.start), day(i.end)) : timed(title, i.start, i.end));
    }
  }
  return found.sort();
}

async function feedOf(user: SignedInUser): Promise<string> {
  const { calendarUrl } = (await user.call(api.calendarExportUrl)).body as { calendarUrl: string };
  const { pathname, search } = new URL(calendarUrl);
  return (await t.app.inject({ method: 'GET', url: pathname + search })).body;
}

async function create(user: SignedInUser, body: Record<string, unknown>): Promise<api.CalendarEvent> {
  const res = await user.call(api.createEvent, { body });
  if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A family's calendar with every kind of series, in `zone`. */
async function familyCalendar(zone: string): Promise<SignedInUser> {
  const ada = await signUp(t, { name: 'Ada' });
  await t.db.update(families).set({ timezone: zone }).where(eq(families.id, ada.user.familyId!));
  // Weekly at 09:00 across the spring change, one date deleted, one moved and renamed, to a last date.
  const swim = await create(ada, {
    title: 'Swim', startTime: '2026-02-22T09:00', endTime: '2026-02-22T10:00', recurringPattern: 'WEEKLY', recurringEndDate: '2026-04-12',
  });
  await ada.call(api.deleteEvent, { params: { id: swim.id }, query: { deleteType: 'single', occurrenceDate: '2026-03-08' } });
  expect((await ada.call(api.updateEvent, {
    params: { id: swim.id }, query: { editType: 'single', occurrenceDate: '2026-03-29' },
    body: { title: 'Swim gala', startTime: '2026-03-29T11:00', endTime: '2026-03-29T13:30' },
  })).status).toBe(200);
  // Every two weeks, all day, over two days, to a last date, one date deleted.
  const camp = await create(ada, {
    title: 'Camp', allDay: true, startTime: '2026-03-02T00:00', endTime: '2026-03-03T00:00', recurringPattern: 'BI_WEEKLY', recurringEndDate: '2026-04-27',
  });
  await ada.call(api.deleteEvent, { params: { id: camp.id }, query: { deleteType: 'single', occurrenceDate: '2026-03-16' } });
  // An evening across midnight, weekly across the autumn change, with no end.
  await create(ada, { title: 'Night shift', startTime: '2026-10-20T22:30', endTime: '2026-10-21T06:30', recurringPattern: 'WEEKLY' });
  // The 31st each month: the last day of shorter months, as the calendar shows it.
  const rent = await create(ada, { title: 'Rent', startTime: '2026-01-31T08:00', endTime: '2026-01-31T08:15', recurringPattern: 'MONTHLY' });
  await ada.call(api.deleteEvent, { params: { id: rent.id }, query: { deleteType: 'single', occurrenceDate: '2026-04-30' } });
  // The 30th each month and the 29th all day: February has neither, so both skip it (RFC 5545's reading).
  await create(ada, { title: 'Book club', startTime: '2026-01-30T19:00', endTime: '2026-01-30T21:00', recurringPattern: 'MONTHLY' });
  await create(ada, { title: 'Bins', allDay: true, startTime: '2026-01-29T00:00', endTime: '2026-01-29T00:00', recurringPattern: 'MONTHLY' });
  // February 29th yearly, all day: February 28th in other years.
  await create(ada, { title: 'Leap day', allDay: true, startTime: '2024-02-29T00:00', endTime: '2024-02-29T00:00', recurringPattern: 'YEARLY' });
  // Ended by "this and future" deletes: a timed one and an all-day one.
  const chess = await create(ada, { title: 'Chess', startTime: '2026-05-05T18:00', endTime: '2026-05-05T19:00', recurringPattern: 'WEEKLY' });
  await ada.call(api.deleteEvent, { params: { id: chess.id }, query: { deleteType: 'future', occurrenceDate: '2026-06-02' } });
  await create(ada, { title: 'Fair', allDay: true, startTime: '2026-08-01T00:00', endTime: '2026-08-02T00:00' });
  await create(ada, { title: 'Dentist', startTime: '2026-11-01T01:30', endTime: '2026-11-01T02:30' });
  return ada;
}

describe('the feed read by two parsers', () => {
  for (const zone of ['America/New_York', 'Europe/London', 'Australia/Sydney']) {
    it(`expands to exactly the calendar's occurrences, in ${zone}`, async () => {
      const ada = await familyCalendar(zone);
      const expected = await fromApi(ada, zone);
      expect(expected.length).toBeGreaterThan(40);
      const feed = await feedOf(ada);
      expect(withIcalJs(feed)).toEqual(expected);
      expect(withNodeIcal(feed)).toEqual(expected);
    });
  }

  it('skips February for a monthly series on the 29th or 30th, in the calendar and in both parsers\' reading of the feed', async () => {
    const ada = await familyCalendar('Europe/London');
    const days = (all: Occurrence[], title: string) => all.filter((o) => o.startsWith(`${title} `)).map((o) => o.slice(title.length + 1, title.length + 11));
    const feed = await feedOf(ada);
    for (const read of [await fromApi(ada, 'Europe/London'), withIcalJs(feed), withNodeIcal(feed)]) {
      expect(days(read, 'Book club').slice(0, 3)).toEqual(['2026-01-30', '2026-03-30', '2026-04-30']);
      expect(days(read, 'Bins').slice(0, 3)).toEqual(['2026-01-29', '2026-03-29', '2026-04-29']);
      expect(days(read, 'Rent').slice(0, 3)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31']);
    }
  });

  it('ends a timed series with a UTC UNTIL and an all-day one with a DATE', async () => {
    const ada = await familyCalendar('America/New_York');
    const rules = [...(await feedOf(ada)).matchAll(/^RRULE:(.*)\r$/gm)].map((m) => m[1]);
    // April 12th, 23:59:59 in New York (EDT) is 03:59:59 UTC the next day.
    expect(rules).toContain('FREQ=WEEKLY;UNTIL=20260413T035959Z');
    expect(rules).toContain('FREQ=WEEKLY;INTERVAL=2;UNTIL=20260427');
    expect(rules).toContain('FREQ=MONTHLY;BYMONTHDAY=-1');
    expect(rules).toContain('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1');
    for (const rule of rules) expect(rule).toMatch(/^[^U]*(UNTIL=(\d{8}T\d{6}Z|\d{8}))?$/);
  });
});
