import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as calendarApi from '@hearth/contract/calendar';
import * as api from '@hearth/contract/dashboard';
import * as familyApi from '@hearth/contract/family';
import * as groceryApi from '@hearth/contract/grocery';
import * as mealsApi from '@hearth/contract/meals';
import { accessMessages } from '@hearth/contract/permissions';
import { hours, minutes } from '../../platform/clock.ts';
import { compiledSerializer } from '../../platform/http/serializer.ts';
import { calendarEvents, families, familyMembers } from '../../platform/db/schema.ts';
import { createTestApp, signUp, statementsOf, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { joinAs } from '../../test/factories.ts';
import { newItem, newList } from '../grocery/test-helpers.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

/** A new family of its own in `timezone`, so every test reads sections nothing else wrote to. */
async function family(timezone = 'America/New_York', name = 'Ada'): Promise<SignedInUser> {
  const user = await signUp(t, { name });
  await t.db.update(families).set({ timezone }).where(eq(families.id, user.user.familyId!));
  return user;
}

async function newsfeed(user: SignedInUser): Promise<api.Newsfeed> {
  const res = await user.call(api.getNewsfeed);
  if (res.status !== 200) throw new Error(`newsfeed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function event(user: SignedInUser, title: string, startTime: string, endTime: string, extra: Record<string, unknown> = {}) {
  const res = await user.call(calendarApi.createEvent, { body: { title, startTime, endTime, ...extra } });
  if (res.status !== 201) throw new Error(`create event: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as calendarApi.CalendarEvent;
}

async function comment(user: SignedInUser, listId: string, text: string, parentId: string | null = null) {
  const res = await user.call(groceryApi.addComment, { body: { listId, text, parentId } });
  if (res.status !== 201) throw new Error(`comment: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as groceryApi.GroceryComment;
}

async function memberIdOf(user: SignedInUser): Promise<string> {
  const [row] = await t.db.select({ id: familyMembers.id }).from(familyMembers).where(eq(familyMembers.userId, user.user.id));
  return row!.id;
}

const titlesByDate = (feed: api.Newsfeed) =>
  Object.fromEntries(Object.entries(feed.upcomingEvents).map(([date, events]) => [date, events.map((e) => e.title)]));

describe('access', () => {
  it('answers 401 without a session', async () => {
    expect((await t.call(api.getNewsfeed)).status).toBe(401);
  });

  it('lets a READ_ONLY member read it', async () => {
    const ada = await family();
    const rita = await joinAs(t, ada, 'READ_ONLY', 'Rita');
    await newList(ada, 'Costco');
    const feed = await newsfeed(rita);
    expect(feed.groceryLists.map((l) => l.name)).toEqual(['Costco']);
  });

  it('refuses a user who left their family with the no-family message', async () => {
    const ada = await family();
    const ben = await joinAs(t, ada, 'EDIT', 'Ben');
    await ada.call(familyApi.removeMember, { params: { id: await memberIdOf(ben) } });
    const res = await ben.call(api.getNewsfeed);
    expect([res.status, res.body.message]).toEqual([403, accessMessages.noFamily]);
  });

  it('answers empty sections for a new family', async () => {
    const ada = await family();
    expect(await newsfeed(ada)).toEqual({ upcomingEvents: {}, upcomingMeals: [], upcomingBirthdays: [], groceryLists: [], recentComments: [], tasks: [] });
  });
});

describe('upcoming events', () => {
  it('covers today and the next 6 days of the family\'s timezone, from local midnight to local midnight', async () => {
    const ada = await family('America/Los_Angeles');
    // 07:30 UTC on 10 March is 23:30 on 9 March in Los Angeles: the family's today is the 9th.
    t.clock.set('2026-03-10T06:30:00Z');
    await event(ada, 'Last night', '2026-03-08T23:00:00', '2026-03-08T23:59:00');
    await event(ada, 'First minute', '2026-03-09T00:00:00', '2026-03-09T00:30:00');
    await event(ada, 'Last day late', '2026-03-15T23:59:00', '2026-03-16T00:00:00');
    await event(ada, 'Eighth day', '2026-03-16T00:00:00', '2026-03-16T01:00:00');
    expect(titlesByDate(await newsfeed(ada))).toEqual({
      '2026-03-09': ['First minute'], '2026-03-15': ['Last day late'],
    });
    // Local midnight passes: the window moves one day, whatever the date is in UTC.
    t.clock.set('2026-03-10T07:00:00Z');
    expect(titlesByDate(await newsfeed(ada))).toEqual({
      '2026-03-15': ['Last day late'], '2026-03-16': ['Eighth day'],
    });
  });

  it('answers each event with its card fields, times on the family\'s wall clock', async () => {
    const ada = await family('Europe/London');
    const ben = await joinAs(t, ada, 'EDIT', 'Ben');
    t.clock.set('2026-03-02T08:00:00Z');
    const created = await event(ada, 'Swim', '2026-03-03T09:30:00', '2026-03-03T10:30:00', {
      location: 'Pool', address: '1 Water Lane', attendeeIds: [await memberIdOf(ben)],
    });
    const feed = await newsfeed(ada);
    expect(feed.upcomingEvents).toEqual({
      '2026-03-03': [{
        id: created.id, title: 'Swim', timeString: '09:30 - 10:30', startTime: '2026-03-03T09:30:00',
        endTime: '2026-03-03T10:30:00', allDay: false, location: 'Pool', address: '1 Water Lane', isRecurring: false,
        attendeeIds: [await memberIdOf(ben)],
      }],
    });
    // Production writes answers with the serializer compiled from the contract: the date map must survive it.
    const write = compiledSerializer({ schema: api.getNewsfeed.response, method: 'GET', url: '/', httpStatus: '200' }) as (d: unknown) => string;
    expect(JSON.parse(write(feed))).toEqual(feed);
  });

  it('expands recurring series into the week, marked recurring', async () => {
    const ada = await family();
    t.clock.set('2026-03-02T15:00:00Z');
    await event(ada, 'Piano', '2026-01-05T16:00:00', '2026-01-05T17:00:00', { recurringPattern: 'WEEKLY' });
    await event(ada, 'Bins', '2026-02-03T07:00:00', '2026-02-03T07:15:00', { recurringPattern: 'BI_WEEKLY' });
    await event(ada, 'Ended', '2026-01-06T10:00:00', '2026-01-06T11:00:00', {
      recurringPattern: 'WEEKLY', recurringEndDate: '2026-02-28',
    });
    const feed = await newsfeed(ada);
    expect(titlesByDate(feed)).toEqual({ '2026-03-02': ['Piano'], '2026-03-03': ['Bins'] });
    expect(feed.upcomingEvents['2026-03-02']![0]!.isRecurring).toBe(true);
  });

  it('shows an event on every day it spans, all-day events first in a day, an evening ending at midnight on its own day only', async () => {
    const ada = await family();
    t.clock.set('2026-03-02T15:00:00Z');
    await event(ada, 'Breakfast', '2026-03-05T08:00:00', '2026-03-05T09:00:00');
    await event(ada, 'Camping', '2026-03-04T00:00:00', '2026-03-06T00:00:00', { allDay: true });
    await event(ada, 'Late film', '2026-03-03T22:00:00', '2026-03-04T00:00:00');
    await event(ada, 'Trip', '2026-02-27T00:00:00', '2026-03-02T00:00:00', { allDay: true });
    expect(titlesByDate(await newsfeed(ada))).toEqual({
      '2026-03-02': ['Trip'], '2026-03-03': ['Late film'], '2026-03-04': ['Camping'],
      '2026-03-05': ['Camping', 'Breakfast'], '2026-03-06': ['Camping'],
    });
  });

  it('shows at most 100 events a day, all-day ones first, and at most 100 upcoming meals', async () => {
    expect([api.newsfeedLimits.eventsPerDay, api.newsfeedLimits.upcomingMeals]).toEqual([100, 100]);
    const ada = await family();
    t.clock.set('2026-03-02T15:00:00Z');
    const familyId = ada.user.familyId!;
    const at = (h: number, m: number) => `2026-03-03T${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00`;
    await t.db.insert(calendarEvents).values([
      ...Array.from({ length: 150 }, (_, i) => ({ familyId, title: `Timed ${i}`, startTime: at(8 + Math.floor(i / 60), i % 60), endTime: at(20, 0) })),
      ...Array.from({ length: 5 }, (_, i) => ({
        familyId, title: `All day ${i}`, allDay: true, startTime: '2026-03-01T00:00:00', endTime: '2026-03-04T00:00:00',
      })),
      ...Array.from({ length: 120 }, (_, i) => ({ familyId, title: `Meal ${i}`, isMeal: true, startTime: at(7, i % 60), endTime: at(22, 0) })),
    ]);
    const feed = await newsfeed(ada);
    const shown = feed.upcomingEvents['2026-03-03']!.map((e) => e.title);
    expect(shown).toEqual([...Array.from({ length: 5 }, (_, i) => `All day ${i}`), ...Array.from({ length: 95 }, (_, i) => `Timed ${i}`)]);
    expect(feed.upcomingEvents['2026-03-04']!.map((e) => e.title)).toEqual(Array.from({ length: 5 }, (_, i) => `All day ${i}`));
    expect(feed.upcomingMeals).toHaveLength(100);
  });

  it('leaves meals out of events and lists them as upcoming meals, with their times and a restaurant\'s address', async () => {
    const ada = await family();
    t.clock.set('2026-03-02T15:00:00Z');
    const recipe = await ada.call(mealsApi.createMeal, { body: { name: 'Tacos', ingredients: [] } });
    const dinner = await event(ada, 'Taco night', '2026-03-04T18:00:00', '2026-03-04T19:00:00', {
      isMeal: true, recipeId: recipe.body.id, location: 'Home', attendeeIds: [await memberIdOf(ada)],
    });
    const lunch = await event(ada, 'Lunch out', '2026-03-03T12:00:00', '2026-03-03T13:00:00', {
      isMeal: true, isEatingOut: true, restaurantName: 'Diner', restaurantAddress: '1 Main St',
    });
    await event(ada, 'Old dinner', '2026-03-01T18:00:00', '2026-03-01T19:00:00', { isMeal: true });
    await event(ada, 'Next week', '2026-03-09T18:00:00', '2026-03-09T19:00:00', { isMeal: true });
    const feed = await newsfeed(ada);
    expect(feed.upcomingEvents).toEqual({});
    expect(feed.upcomingMeals).toEqual([
      {
        id: lunch.id, title: 'Lunch out', date: '2026-03-03', timeString: '12:00 - 13:00', startTime: '2026-03-03T12:00:00',
        endTime: '2026-03-03T13:00:00', allDay: false, location: 'Diner', address: '1 Main St', attendeeIds: [], mealId: null,
      },
      {
        id: dinner.id, title: 'Taco night', date: '2026-03-04', timeString: '18:00 - 19:00', startTime: '2026-03-04T18:00:00',
        endTime: '2026-03-04T19:00:00', allDay: false, location: 'Home', address: null, attendeeIds: [await memberIdOf(ada)],
        mealId: recipe.body.id,
      },
    ]);
  });
});

describe('grocery lists', () => {
  it('counts items still to buy, and those added in the last 24 hours by the app\'s clock', async () => {
    const ada = await family();
    t.clock.set('2026-03-02T15:00:00Z');
    const costco = await newList(ada, 'Costco');
    t.clock.advance(1000);
    const empty = await newList(ada, 'Hardware');
    t.clock.advance(1000);
    await newItem(ada, costco, 'Old milk');
    const bought = await newItem(ada, costco, 'Bought bread');
    const purchase = await ada.call(groceryApi.updateItem, { params: { itemId: bought.id }, body: { isPurchased: true } });
    expect(purchase.status).toBe(200);
    t.clock.advance(hours(2));
    await newItem(ada, costco, 'Eggs');
    t.clock.advance(hours(24) - 1);
    expect((await newsfeed(ada)).groceryLists).toEqual([
      { id: costco, name: 'Costco', totalItems: 2, recentlyAdded: 1 },
      { id: empty, name: 'Hardware', totalItems: 0, recentlyAdded: 0 },
    ]);
    // Eggs was put on the list exactly 24 hours ago now.
    t.clock.advance(1);
    expect((await newsfeed(ada)).groceryLists[0]).toMatchObject({ totalItems: 2, recentlyAdded: 0 });
  });
});

describe('recent comments', () => {
  it('answers the latest 10 active comments, replies included, newest first, with author and list name', async () => {
    const ada = await family();
    const ben = await joinAs(t, ada, 'EDIT', 'Ben');
    t.clock.set('2026-03-02T15:00:00Z');
    const costco = await newList(ada, 'Costco');
    const target = await newList(ada, 'Target');
    const gone = await comment(ada, target, 'archived soon');
    const posted: string[] = [];
    for (let i = 1; i <= 11; i++) {
      t.clock.advance(minutes(1));
      posted.push((await comment(i % 2 ? ada : ben, i <= 6 ? costco : target, `c${i}`, i === 11 ? gone.id : null)).id);
    }
    await ada.call(groceryApi.archiveComment, { params: { id: gone.id } });
    t.clock.advance(minutes(1));
    const last = await comment(ben, target, '  Need  milk?  ');
    const feed = await newsfeed(ada);
    // The archived thread took its reply (c11) with it.
    expect(feed.recentComments.map((c) => c.content)).toEqual(['Need  milk?', 'c10', 'c9', 'c8', 'c7', 'c6', 'c5', 'c4', 'c3', 'c2']);
    expect(feed.recentComments[0]).toEqual({
      id: last.id, content: 'Need  milk?', createdBy: 'Ben', daysAgo: 0, listName: 'Target', listId: target,
    });
    expect(feed.recentComments.find((c) => c.content === 'c5')).toMatchObject({ createdBy: 'Ada', listName: 'Costco', listId: costco });
    expect(posted).toHaveLength(11);
  });

  it('counts days ago across local midnight in the family\'s timezone, not UTC', async () => {
    const ada = await family('America/New_York');
    // 23:50 on 2 March in New York is 04:50 UTC on 3 March.
    t.clock.set('2026-03-03T04:50:00Z');
    const listId = await newList(ada);
    await comment(ada, listId, 'late');
    t.clock.set('2026-03-03T04:59:00Z');
    expect((await newsfeed(ada)).recentComments[0]!.daysAgo).toBe(0);
    t.clock.set('2026-03-03T05:01:00Z');
    expect((await newsfeed(ada)).recentComments[0]!.daysAgo).toBe(1);
    // 09:00 on 4 March in New York; 23:00 on 4 March in Tokyo, where the comment was written on 3 March.
    t.clock.set('2026-03-04T14:00:00Z');
    expect((await newsfeed(ada)).recentComments[0]!.daysAgo).toBe(2);
    await t.db.update(families).set({ timezone: 'Asia/Tokyo' }).where(eq(families.id, ada.user.familyId!));
    expect((await newsfeed(ada)).recentComments[0]!.daysAgo).toBe(1);
  });
});

/** Fills a family's every section: `size` lists, events, series, meals and comments. */
async function fill(user: SignedInUser, size: number) {
  const attendee = await memberIdOf(user);
  for (let i = 0; i < size; i++) {
    const listId = await newList(user, `List ${i}`);
    await newItem(user, listId, `Item ${i}`);
    await comment(user, listId, `Comment ${i}`);
    await event(user, `Event ${i}`, '2026-03-03T09:00:00', '2026-03-03T10:00:00', { attendeeIds: [attendee] });
    await event(user, `Series ${i}`, '2026-02-02T08:00:00', '2026-02-02T08:30:00', { recurringPattern: 'WEEKLY', attendeeIds: [attendee] });
    await event(user, `Meal ${i}`, '2026-03-04T18:00:00', '2026-03-04T19:00:00', { isMeal: true, attendeeIds: [attendee] });
  }
}

describe('cost', () => {
  const queriesOf = (user: SignedInUser) => statementsOf(t, () => newsfeed(user));

  it('reads a large family in as many queries as a small one', async () => {
    t.clock.set('2026-03-02T15:00:00Z');
    const small = await family();
    await fill(small, 1);
    const large = await family();
    await fill(large, 12);
    const feed = await newsfeed(large);
    expect([feed.groceryLists.length, feed.recentComments.length, feed.upcomingMeals.length]).toEqual([12, 10, 12]);
    expect(Object.values(feed.upcomingEvents).flat()).toHaveLength(12 * 2);
    const smallCount = await queriesOf(small);
    expect(smallCount).toBeGreaterThan(0);
    expect(await queriesOf(large)).toBe(smallCount);
    // Session check, timezone, calendar window with exceptions and attendees, birthdays, lists, comments.
    expect(smallCount).toBeLessThanOrEqual(8);
  });
});

describe('isolation', () => {
  it('never shows another family\'s events, meals, lists or comments', async () => {
    t.clock.set('2026-03-02T15:00:00Z');
    const ada = await family();
    const oz = await family('America/New_York', 'Oz');
    await fill(ada, 2);
    await fill(oz, 3);
    const a = await newsfeed(ada);
    const b = await newsfeed(oz);
    expect(a.groceryLists.map((l) => l.name).sort()).toEqual(['List 0', 'List 1']);
    expect(b.groceryLists.map((l) => l.name).sort()).toEqual(['List 0', 'List 1', 'List 2']);
    const ids = (feed: api.Newsfeed) => new Set([
      ...Object.values(feed.upcomingEvents).flat().map((e) => e.id), ...feed.upcomingMeals.map((m) => m.id),
      ...feed.groceryLists.map((l) => l.id), ...feed.recentComments.map((c) => c.id), ...feed.recentComments.map((c) => c.listId),
    ]);
    const mine = ids(a);
    expect([...ids(b)].filter((id) => mine.has(id))).toEqual([]);
    expect(a.recentComments).toHaveLength(2);
    expect(a.upcomingMeals).toHaveLength(2);
    expect(new Set(Object.values(a.upcomingEvents).flat().flatMap((e) => e.attendeeIds))).toEqual(new Set([await memberIdOf(ada)]));
  });

  it('ignores a family id in the query string', async () => {
    t.clock.set('2026-03-02T15:00:00Z');
    const ada = await family();
    const oz = await family('America/New_York', 'Oz');
    await newList(oz, 'Oz list');
    const res = await ada.call(api.getNewsfeed, { query: { familyId: oz.user.familyId! } });
    expect(res.status).toBe(200);
    expect(res.body.groceryLists).toEqual([]);
  });
});
