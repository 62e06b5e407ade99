import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as api from '@hearth/contract/calendar';
import { getNewsfeed, type Newsfeed } from '@hearth/contract/dashboard';
import type { Caller } from '../../platform/auth/sessions.ts';
import { calendarEventExceptions, calendarEvents, familyMembers } from '../../platform/db/schema.ts';
import type { Deps } from '../../platform/deps.ts';
import { familyOfOne, signUp, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { CalendarService } from './service.ts';

let t: TestApp;
let ada: SignedInUser;

beforeAll(async () => { ({ t, member: ada } = await familyOfOne()); });
afterAll(async () => { await t.close(); });

const refused = async (res: { status: number; body: { message?: string } }, message: string) =>
  expect([res.status, res.body.message]).toEqual([400, message]);

describe('an event spans at most 366 days', () => {
  it('takes a timed event ending 366 days after it starts, and refuses one a second longer', async () => {
    expect(api.calendarLimits.eventDaysMax).toBe(366);
    // 2027-03-02 09:00 is 365 days after 2026-03-02 09:00, so 366 days reach 2027-03-03 09:00.
    const longest = await ada.call(api.createEvent, { body: { title: 'Year', startTime: '2026-03-02T09:00', endTime: '2027-03-03T09:00' } });
    expect(longest.status).toBe(201);
    await refused(await ada.call(api.createEvent, {
      body: { title: 'Too long', startTime: '2026-03-02T09:00', endTime: '2027-03-03T09:00:01' },
    }), api.calendarMessages.eventTooLong);
    await refused(await ada.call(api.createEvent, {
      body: { title: 'Forever', startTime: '0001-01-01T00:00', endTime: '9999-12-31T23:59:59' },
    }), api.calendarMessages.eventTooLong);
  });

  it('takes an all-day event of 366 days (its last day 365 after its first), and refuses a day more', async () => {
    const longest = await ada.call(api.createEvent, {
      body: { title: 'Leap year', allDay: true, startTime: '2028-01-01T00:00', endTime: '2028-12-31T00:00' },
    });
    expect(longest.status).toBe(201);
    await refused(await ada.call(api.createEvent, {
      body: { title: 'Too long', allDay: true, startTime: '2028-01-01T00:00', endTime: '2029-01-01T00:00' },
    }), api.calendarMessages.allDayEventTooLong);
  });

  it('refuses a longer event on every edit: a plain event, a whole series, one occurrence, an edited occurrence', async () => {
    const plain = (await ada.call(api.createEvent, { body: { title: 'Plain', startTime: '2026-05-01T09:00', endTime: '2026-05-01T10:00' } })).body;
    const series = (await ada.call(api.createEvent, {
      body: { title: 'Weekly', startTime: '2026-05-04T09:00', endTime: '2026-05-04T10:00', recurringPattern: 'WEEKLY' },
    })).body;
    const edited = (await ada.call(api.updateEvent, {
      params: { id: series.id }, query: { editType: 'single', occurrenceDate: '2026-05-11' },
      body: { title: 'Moved', startTime: '2026-05-11T11:00', endTime: '2026-05-11T12:00' },
    })).body;
    const long = { title: 'Long', startTime: '2026-05-18T09:00', endTime: '2027-05-20T09:00' };
    const longAllDay = { title: 'Long', allDay: true, startTime: '2026-05-18T00:00', endTime: '2027-05-19T00:00' };
    for (const [id, query] of [
      [plain.id, { editType: 'series' }], [series.id, { editType: 'series' }],
      [series.id, { editType: 'single', occurrenceDate: '2026-05-18' }], [edited.id, { editType: 'single' }],
    ] as const) {
      await refused(await ada.call(api.updateEvent, { params: { id }, query, body: long }), api.calendarMessages.eventTooLong);
      await refused(await ada.call(api.updateEvent, { params: { id }, query, body: longAllDay }), api.calendarMessages.allDayEventTooLong);
    }
    // Nothing was written: the rows are as they were, and the series skips only the date edited before.
    const rows = await t.db.select({ title: calendarEvents.title, endTime: calendarEvents.endTime }).from(calendarEvents)
      .where(eq(calendarEvents.familyId, ada.user.familyId!));
    expect(rows.filter((r) => r.title === 'Long')).toEqual([]);
    const skipped = await t.db.select().from(calendarEventExceptions).where(eq(calendarEventExceptions.eventId, series.id));
    expect(skipped.map((x) => x.occurrenceDate)).toEqual(['2026-05-11']);
  });
});

describe('the service', () => {
  it('holds the bound itself, for a caller that did not go through the contract', async () => {
    const service = new CalendarService({ db: t.db } as unknown as Deps);
    const [member] = await t.db.select({ id: familyMembers.id }).from(familyMembers).where(eq(familyMembers.userId, ada.user.id));
    const caller: Caller = {
      sessionId: 's', userId: ada.user.id, name: 'Ada', email: 'ada@example.org', familyId: ada.user.familyId!, memberId: member!.id,
      permissionLevel: 'ADMIN', createdAt: new Date(),
    };
    const input = api.EventInput.parse({ title: 'Unchecked', startTime: '2026-06-01T09:00', endTime: '2026-06-01T10:00' });
    const [plain] = await t.db.select({ id: calendarEvents.id }).from(calendarEvents).where(eq(calendarEvents.title, 'Plain'));
    await expect(service.create(caller, { ...input, endTime: '2027-06-03T09:00:00' }))
      .rejects.toMatchObject({ code: 'VALIDATION', message: api.calendarMessages.eventTooLong });
    await expect(service.update(caller, plain!.id, { editType: 'series' }, {
      ...input, allDay: true, startTime: '2026-06-01T00:00:00', endTime: '2027-06-02T00:00:00',
    })).rejects.toMatchObject({ code: 'VALIDATION', message: api.calendarMessages.allDayEventTooLong });
    expect(await t.db.select().from(calendarEvents).where(eq(calendarEvents.title, 'Unchecked'))).toEqual([]);
  });
});

describe('an older row longer than the bound', () => {
  it('still shows, clipped to the window, in the newsfeed and the calendar, at the cost of a short event', async () => {
    const bo = await signUp(t, { name: 'Bo' });
    await t.db.insert(calendarEvents).values({
      familyId: bo.user.familyId!, title: 'Forever', startTime: '0001-01-01T00:00:00', endTime: '9999-12-31T23:59:59',
    });
    t.clock.set('2026-03-02T15:00:00Z');
    const started = performance.now();
    const feed: { body: Newsfeed } = await bo.call(getNewsfeed);
    // Walking every day of the row (3.65 million) took seconds; the window's seven take nothing.
    expect(performance.now() - started).toBeLessThan(2000);
    expect(Object.entries(feed.body.upcomingEvents).map(([date, events]) => [date, events.map((e) => e.title)])).toEqual(
      ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08'].map((d) => [d, ['Forever']]));
    const window = await bo.call(api.listEvents, { query: { startDate: '2026-03-01', endDate: '2026-03-31' } });
    expect((window.body as api.CalendarEvent[]).map((e) => [e.title, e.startTime, e.endTime])).toEqual([['Forever', '0001-01-01T00:00:00', '9999-12-31T23:59:59']]);
  });
});
