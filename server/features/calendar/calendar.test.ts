import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import * as api from '@hearth/contract/calendar';
import * as mealsApi from '@hearth/contract/meals';
import { calendarEvents, familyEvents, familyMembers, locations, meals } from '../../platform/db/schema.ts';
import { createTestApp, signUp, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { joinAs } from '../../test/factories.ts';
import { createList, itemsOf, pancakes } from '../meals/testing.ts';
import { occurrencesBetween } from './public.ts';

let t: TestApp;
let ada: SignedInUser;
let ed: SignedInUser;
let reader: SignedInUser;
let other: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  ada = await signUp(t, { name: 'Ada' });
  ed = await joinAs(t, ada, 'EDIT', 'Ed');
  reader = await joinAs(t, ada, 'READ_ONLY', 'Rita');
  other = await signUp(t, { name: 'Otto' });
});
afterAll(async () => { await t.close(); });

const event = (extra: Record<string, unknown> = {}) =>
  ({ title: 'Swim', startTime: '2026-03-02T09:00:00', endTime: '2026-03-02T10:00:00', ...extra });

async function create(user: SignedInUser, body: Record<string, unknown>): Promise<api.CalendarEvent> {
  const res = await user.call(api.createEvent, { body });
  if (res.status !== 201) throw new Error(`create event: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function window(user: SignedInUser, startDate: string, endDate: string): Promise<api.CalendarEvent[]> {
  const res = await user.call(api.listEvents, { query: { startDate, endDate } });
  expect(res.status).toBe(200);
  return res.body;
}

const startsOf = async (user: SignedInUser, id: string, from: string, to: string) =>
  (await window(user, from, to)).filter((e) => e.id === id || e.seriesId === id).map((e) => e.startTime);

async function memberIdOf(user: SignedInUser): Promise<string> {
  const [row] = await t.db.select({ id: familyMembers.id }).from(familyMembers).where(eq(familyMembers.userId, user.user.id));
  return row!.id;
}

describe('creating an event', () => {
  it('answers the event with local times, attendees and timeString, and records calendar_event_created', async () => {
    const attendee = await memberIdOf(ed);
    const res = await ada.call(api.createEvent, {
      body: event({ title: ' Dentist ', startTime: '2026-05-04T09:30', endTime: '2026-05-04T10:15', attendeeIds: [attendee], categoryId: '', recurringPattern: '' }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Dentist', startTime: '2026-05-04T09:30:00', endTime: '2026-05-04T10:15:00', allDay: false,
      attendeeIds: [attendee], categoryId: null, recurringPattern: null, isRecurring: false, isMeal: false,
      timeString: '09:30 - 10:15', seriesId: res.body.id, occurrenceDate: '2026-05-04',
    });
    const events = await t.db.select().from(familyEvents)
      .where(and(eq(familyEvents.type, 'calendar_event_created'), eq(familyEvents.subjectId, res.body.id)));
    expect(events).toHaveLength(1);
  });

  it('refuses missing or inconsistent fields with the spec\'s messages', async () => {
    const refuse = async (body: Record<string, unknown>, message: string) => {
      const res = await ada.call(api.createEvent, { body: event(body) });
      expect([res.status, res.body.message]).toEqual([400, message]);
    };
    await refuse({ title: '  ' }, api.calendarMessages.titleRequired);
    await refuse({ title: '', isMeal: true }, api.calendarMessages.mealTitleRequired);
    await refuse({ startTime: '' }, api.calendarMessages.startRequired);
    await refuse({ endTime: undefined }, api.calendarMessages.endRequired);
    await refuse({ endTime: '2026-03-02T09:00:00' }, api.calendarMessages.endAfterStart);
    await refuse({ allDay: true, endTime: '2026-03-01T00:00:00' }, api.calendarMessages.allDayEndBeforeStart);
    await refuse({ title: 't'.repeat(256) }, api.calendarMessages.titleTooLong);
    await refuse({ description: 'd'.repeat(1001) }, api.calendarMessages.descriptionTooLong);
    await refuse({ address: 'a'.repeat(256) }, api.calendarMessages.addressTooLong);
    await refuse({ startTime: '2026-02-30T09:00' }, api.calendarMessages.dateTimeInvalid);
    await refuse({ isMeal: true, isEatingOut: true }, api.calendarMessages.restaurantRequired);
    await refuse({ isMeal: true, addToGroceryList: true }, api.calendarMessages.groceryListRequired);
  });

  it('keeps an all-day event at midnight, ending on its start day', async () => {
    const e = await create(ada, event({ allDay: true, startTime: '2026-07-04T13:00', endTime: '2026-07-04T13:00' }));
    expect(e).toMatchObject({ startTime: '2026-07-04T00:00:00', endTime: '2026-07-04T00:00:00', timeString: 'All day' });
    expect((await window(ada, '2026-07-04', '2026-07-04')).map((x) => x.id)).toContain(e.id);
  });
});

describe('recurring series', () => {
  it('repeats WEEKLY at the same local time across the March and November daylight-saving changes', async () => {
    const e = await create(ada, event({ title: 'Weekly', startTime: '2026-03-01T09:00', endTime: '2026-03-01T10:00', recurringPattern: 'WEEKLY' }));
    expect(await startsOf(ada, e.id, '2026-03-01', '2026-03-15')).toEqual(
      ['2026-03-01T09:00:00', '2026-03-08T09:00:00', '2026-03-15T09:00:00']);
    expect(await startsOf(ada, e.id, '2026-10-25', '2026-11-01')).toEqual(['2026-10-25T09:00:00', '2026-11-01T09:00:00']);
  });

  it('repeats BI_WEEKLY every other week and stops after its end date', async () => {
    const e = await create(ada, event({ title: 'Bi', recurringPattern: 'BI_WEEKLY', recurringEndDate: '2026-03-30' }));
    expect(await startsOf(ada, e.id, '2026-03-01', '2026-05-01')).toEqual(
      ['2026-03-02T09:00:00', '2026-03-16T09:00:00', '2026-03-30T09:00:00']);
  });

  it('puts a MONTHLY series on the 31st on the last day of shorter months, then back on the 31st', async () => {
    const e = await create(ada, event({ title: 'Rent', startTime: '2026-01-31T08:00', endTime: '2026-01-31T08:30', recurringPattern: 'MONTHLY' }));
    expect(await startsOf(ada, e.id, '2026-01-01', '2026-05-31')).toEqual([
      '2026-01-31T08:00:00', '2026-02-28T08:00:00', '2026-03-31T08:00:00', '2026-04-30T08:00:00', '2026-05-31T08:00:00',
    ]);
  });

  it('repeats YEARLY, a 29 February birthday on the 28th in common years', async () => {
    const e = await create(ada, event({ title: 'Leap', allDay: true, startTime: '2028-02-29T00:00', endTime: '2028-02-29T00:00', recurringPattern: 'YEARLY' }));
    expect(await startsOf(ada, e.id, '2029-01-01', '2029-12-31')).toEqual(['2029-02-28T00:00:00']);
    expect(await startsOf(ada, e.id, '2032-01-01', '2032-12-31')).toEqual(['2032-02-29T00:00:00']);
  });

  it('keeps an occurrence that started before the window and runs into it', async () => {
    const e = await create(ada, event({ title: 'Overnight', startTime: '2026-06-06T22:00', endTime: '2026-06-07T02:00', recurringPattern: 'WEEKLY' }));
    expect(await startsOf(ada, e.id, '2026-06-14', '2026-06-14')).toEqual(['2026-06-13T22:00:00']);
  });
});

describe('the window', () => {
  it('shows plain events by overlap whatever their length: near ones by start, long ones however early they began', async () => {
    const camp = await create(other, event({ title: 'Camp', startTime: '2025-12-01T08:00:00', endTime: '2026-05-30T17:00:00' }));
    const trip = await create(other, event({ title: 'Trip', startTime: '2026-04-20T08:00:00', endTime: '2026-05-03T17:00:00' }));
    await create(other, event({ title: 'Over', startTime: '2026-04-01T08:00:00', endTime: '2026-04-30T17:00:00' }));
    await create(other, event({ title: 'Later', startTime: '2026-06-01T08:00:00', endTime: '2026-06-01T09:00:00' }));
    const rows = await t.db.select({ title: calendarEvents.title, reachesFar: calendarEvents.reachesFar }).from(calendarEvents)
      .where(eq(calendarEvents.familyId, other.user.familyId!));
    expect(Object.fromEntries(rows.map((r) => [r.title, r.reachesFar]))).toMatchObject({ Camp: true, Trip: false });
    expect((await window(other, '2026-05-01', '2026-05-31')).map((e) => e.id).sort()).toEqual([camp.id, trip.id].sort());
  });

  it('shows an all-day event, or all-day occurrence, on its last day when the window starts there', async () => {
    const visit = await create(ed, event({ title: 'Visit', allDay: true, startTime: '2026-09-28T00:00:00', endTime: '2026-09-30T00:00:00' }));
    const weekend = await create(ed, event({
      title: 'Cabin', allDay: true, startTime: '2026-09-05T00:00:00', endTime: '2026-09-06T00:00:00', recurringPattern: 'WEEKLY',
    }));
    const shown = await window(ed, '2026-09-30', '2026-09-30');
    expect(shown.map((e) => e.id)).toContain(visit.id);
    const sunday = await window(ed, '2026-09-13', '2026-09-13');
    expect(sunday.filter((e) => e.id === weekend.id).map((e) => e.startTime)).toEqual(['2026-09-12T00:00:00']);
  });
});

describe('deleting', () => {
  const del = (user: SignedInUser, id: string, deleteType: string, occurrenceDate?: string) =>
    user.call(api.deleteEvent, { params: { id }, query: { deleteType, ...(occurrenceDate ? { occurrenceDate } : {}) } });

  it('deletes a single occurrence, this and future ones, or the whole series', async () => {
    const e = await create(ed, event({ title: 'Piano', startTime: '2026-09-01T16:00', endTime: '2026-09-01T17:00', recurringPattern: 'WEEKLY' }));
    expect((await del(ed, e.id, 'single', '2026-09-08')).status).toBe(204);
    expect(await startsOf(ed, e.id, '2026-09-01', '2026-09-22')).toEqual(
      ['2026-09-01T16:00:00', '2026-09-15T16:00:00', '2026-09-22T16:00:00']);
    expect((await del(ed, e.id, 'future', '2026-09-22')).status).toBe(204);
    expect(await startsOf(ed, e.id, '2026-09-01', '2026-12-31')).toEqual(['2026-09-01T16:00:00', '2026-09-15T16:00:00']);
    expect((await del(ed, e.id, 'series')).status).toBe(204);
    expect(await startsOf(ed, e.id, '2026-09-01', '2026-12-31')).toEqual([]);
    expect(await t.db.select().from(calendarEvents).where(eq(calendarEvents.id, e.id))).toEqual([]);
  });

  it('needs an occurrence date for single and future, and one the series has', async () => {
    const e = await create(ed, event({ recurringPattern: 'WEEKLY' }));
    const missing = await del(ed, e.id, 'single');
    expect([missing.status, missing.body.message]).toEqual([400, api.calendarMessages.occurrenceDateRequired]);
    const wrong = await del(ed, e.id, 'future', '2026-03-03');
    expect([wrong.status, wrong.body.message]).toEqual([404, api.calendarMessages.occurrenceNotFound]);
    expect(await startsOf(ed, e.id, '2026-03-01', '2026-03-09')).toEqual(['2026-03-02T09:00:00', '2026-03-09T09:00:00']);
  });

  it('deletes a plain event and records calendar_event_deleted', async () => {
    const e = await create(ed, event({ title: 'Once' }));
    expect((await del(ed, e.id, 'single')).status).toBe(204);
    expect((await ed.call(api.getEvent, { params: { id: e.id } })).status).toBe(404);
    const events = await t.db.select().from(familyEvents)
      .where(and(eq(familyEvents.type, 'calendar_event_deleted'), eq(familyEvents.subjectId, e.id)));
    expect(events).toHaveLength(1);
  });
});

describe('editing', () => {
  it('changes the whole series with PUT', async () => {
    const e = await create(ada, event({ title: 'Chess', startTime: '2026-04-06T18:00', endTime: '2026-04-06T19:00', recurringPattern: 'WEEKLY' }));
    const res = await ada.call(api.updateEvent, {
      params: { id: e.id }, body: event({ title: 'Chess club', startTime: '2026-04-06T18:30', endTime: '2026-04-06T19:30', recurringPattern: 'WEEKLY' }),
    });
    expect(res.status).toBe(200);
    const week = (await window(ada, '2026-04-13', '2026-04-13')).filter((x) => x.id === e.id);
    expect(week.map((x) => [x.title, x.startTime])).toEqual([['Chess club', '2026-04-13T18:30:00']]);
  });

  it('changes one occurrence with editType=single, leaving the rest of the series', async () => {
    const e = await create(ada, event({ title: 'Yoga', startTime: '2026-04-07T07:00', endTime: '2026-04-07T08:00', recurringPattern: 'WEEKLY' }));
    const res = await ada.call(api.updateEvent, {
      params: { id: e.id }, query: { editType: 'single', occurrenceDate: '2026-04-14' },
      body: event({ title: 'Yoga outdoors', startTime: '2026-04-14T09:00', endTime: '2026-04-14T10:00' }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ seriesId: e.id, occurrenceDate: '2026-04-14', isRecurring: true });
    const shown = (await window(ada, '2026-04-07', '2026-04-21')).filter((x) => x.seriesId === e.id);
    expect(shown.map((x) => [x.title, x.startTime])).toEqual([
      ['Yoga', '2026-04-07T07:00:00'], ['Yoga outdoors', '2026-04-14T09:00:00'], ['Yoga', '2026-04-21T07:00:00'],
    ]);
    // Deleting the whole series from the edited occurrence removes it too.
    await ada.call(api.deleteEvent, { params: { id: res.body.id }, query: { deleteType: 'series' } });
    expect((await window(ada, '2026-04-07', '2026-04-21')).filter((x) => x.seriesId === e.id)).toEqual([]);
  });
});

describe('meals on the calendar', () => {
  it('schedules a chosen recipe and puts its ingredients on a grocery list in the same change', async () => {
    const recipe = await ada.call(mealsApi.createMeal, { body: { ...pancakes(), familyId: ada.user.familyId } });
    expect(recipe.status).toBe(201);
    const listId = await createList(t, ada.user.familyId!);
    const meal = await create(ada, event({
      title: 'Pancake night', isMeal: true, mealType: 'DINNER', recipeId: recipe.body.id, addToGroceryList: true, selectedGroceryListId: listId,
    }));
    expect(meal).toMatchObject({ isMeal: true, mealId: recipe.body.id });
    expect((await itemsOf(t, listId)).map((i) => i.name).sort()).toEqual(['Eggs', 'Flour', 'Milk']);
  });

  it('creates a new recipe by name, and saves the restaurant to locations when eating out', async () => {
    const meal = await create(ada, event({
      title: 'Out', isMeal: true, newRecipeName: 'Ramen', isEatingOut: true, restaurantName: 'Ippudo', restaurantAddress: '65 4th Ave', addToLocations: true,
    }));
    expect(meal).toMatchObject({ location: 'Ippudo', address: '65 4th Ave', mealId: expect.any(String) });
    const saved = await t.db.select().from(locations).where(and(eq(locations.familyId, ada.user.familyId!), eq(locations.name, 'Ippudo')));
    expect(saved).toHaveLength(1);
  });

  it('writes nothing when the grocery list is another family\'s', async () => {
    const recipe = await ada.call(mealsApi.createMeal, { body: { ...pancakes({ name: 'Waffles' }), familyId: ada.user.familyId } });
    const foreignList = await createList(t, other.user.familyId!);
    const res = await ada.call(api.createEvent, {
      body: event({ title: 'Waffle night', isMeal: true, recipeId: recipe.body.id, addToGroceryList: true, selectedGroceryListId: foreignList }),
    });
    expect(res.status).toBe(404);
    expect(await t.db.select().from(calendarEvents).where(eq(calendarEvents.title, 'Waffle night'))).toEqual([]);
    expect(await itemsOf(t, foreignList)).toEqual([]);
  });
  it('refuses "add ingredients" without a recipe, and checks the list even when a new recipe has none yet', async () => {
    const listId = await createList(t, ada.user.familyId!);
    const bare = await ada.call(api.createEvent, {
      body: event({ title: 'Leftovers', isMeal: true, addToGroceryList: true, selectedGroceryListId: listId }),
    });
    expect([bare.status, bare.body.message]).toEqual([400, api.calendarMessages.groceryRecipeRequired]);
    const foreignList = await createList(t, other.user.familyId!);
    const named = await ada.call(api.createEvent, {
      body: event({ title: 'Stew night', isMeal: true, newRecipeName: 'Stew', addToGroceryList: true, selectedGroceryListId: foreignList }),
    });
    expect(named.status).toBe(404);
    expect(await t.db.select().from(calendarEvents).where(inArray(calendarEvents.title, ['Leftovers', 'Stew night']))).toEqual([]);
    expect(await t.db.select().from(meals).where(eq(meals.name, 'Stew'))).toEqual([]);
  });
});

describe('permissions and isolation', () => {
  it('refuses every write of a READ_ONLY member with 403 and changes nothing', async () => {
    const e = await create(ada, event({ title: 'Fixed' }));
    expect((await reader.call(api.createEvent, { body: event() })).status).toBe(403);
    expect((await reader.call(api.updateEvent, { params: { id: e.id }, body: event({ title: 'Changed' }) })).status).toBe(403);
    expect((await reader.call(api.deleteEvent, { params: { id: e.id }, query: { deleteType: 'single' } })).status).toBe(403);
    expect((await reader.call(api.getEvent, { params: { id: e.id } })).body.title).toBe('Fixed');
  });

  it('answers another family\'s event, attendee or recipe like a made-up id, and changes nothing', async () => {
    const e = await create(ada, event({ title: 'Private' }));
    const made = '00000000-0000-4000-8000-000000000000';
    for (const id of [e.id, made]) {
      expect((await other.call(api.getEvent, { params: { id } })).status).toBe(404);
      expect((await other.call(api.updateEvent, { params: { id }, body: event() })).status).toBe(404);
      expect((await other.call(api.deleteEvent, { params: { id }, query: { deleteType: 'series' } })).status).toBe(404);
    }
    expect((await other.call(api.createEvent, { body: event({ attendeeIds: [await memberIdOf(ada)] }) })).status).toBe(404);
    expect((await other.call(api.createEvent, { body: event({ isMeal: true, recipeId: made }) })).status).toBe(404);
    expect((await window(other, '2026-03-01', '2026-03-31')).map((x) => x.title)).not.toContain('Private');
    expect((await ada.call(api.getEvent, { params: { id: e.id } })).body.title).toBe('Private');
  });
});

describe('the public API', () => {
  it('answers the family\'s expanded occurrences between two local dates', async () => {
    const e = await create(ed, event({ title: 'Newsfeed', startTime: '2027-01-04T12:00', endTime: '2027-01-04T13:00', recurringPattern: 'WEEKLY' }));
    const week = await occurrencesBetween(t.db, ada.user.familyId!, '2027-01-04', '2027-01-11');
    expect(week.filter((o) => o.seriesId === e.id)).toEqual([expect.objectContaining({
      title: 'Newsfeed', startTime: '2027-01-04T12:00:00', isRecurring: true, attendeeIds: [],
    })]);
    expect(await occurrencesBetween(t.db, other.user.familyId!, '2027-01-04', '2027-01-11')).toEqual([]);
  });
});

it('answers the categories', async () => {
  const res = await ada.call(api.listCategories);
  expect(res.body).toEqual(api.calendarCategories);
});
