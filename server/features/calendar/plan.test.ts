import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as calendar from '@hearth/contract/calendar';
import * as family from '@hearth/contract/family';
import * as api from '@hearth/contract/meal-plan';
import { familyEvents, familyMembers } from '../../platform/db/schema.ts';
import { createTestApp, signUp, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { joinAs } from '../../test/factories.ts';
import { createList, createMeal, itemsOf } from '../meals/testing.ts';

let t: TestApp;
let ada: SignedInUser;
let reader: SignedInUser;
let other: SignedInUser;
let tacos: string;
let chili: string;

// The clock stands on Sunday 2026-03-01 (the family's zone): the week from Monday 2 March is all ahead.
const week = '2026-03-02';
const tuesday = '2026-03-03';
const thursday = '2026-03-05';

beforeAll(async () => {
  t = await createTestApp();
  ada = await signUp(t, { name: 'Ada' });
  reader = await joinAs(t, ada, 'READ_ONLY', 'Rita');
  other = await signUp(t, { name: 'Otto' });
  tacos = (await createMeal(ada, { name: 'Tacos', servings: 4, ingredients: [
    { name: 'Tortillas', quantity: 8, unit: null }, { name: 'Cheese', quantity: 200, unit: 'g' },
    { name: 'Sour cream', quantity: 1, unit: 'cup' }, { name: 'Salt', quantity: null, unit: null },
  ] })).id;
  chili = (await createMeal(ada, { name: 'Chili', servings: 2, ingredients: [
    { name: 'Cheese', quantity: 0.5, unit: 'kg' }, { name: 'Sour cream', quantity: 2, unit: 'tbsp' },
    { name: 'Beans', quantity: 1, unit: 'can' },
  ] })).id;
});
afterAll(async () => { await t.close(); });

async function plan(user: SignedInUser, body: Record<string, unknown>): Promise<api.PlannedMeal> {
  const res = await user.call(api.planMeal, { body });
  if (res.status !== 201) throw new Error(`plan: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function weekOf(user: SignedInUser, weekStart = week): Promise<api.WeekPlan> {
  const res = await user.call(api.getWeekPlan, { query: { weekStart } });
  expect(res.status).toBe(200);
  return res.body;
}

const clear = async (weekStart = week) => expect((await ada.call(api.clearWeek, { body: { weekStart } })).status).toBe(200);

async function eventsOf(type: string) {
  return t.db.select().from(familyEvents).where(and(eq(familyEvents.type, type as never), eq(familyEvents.familyId, ada.user.familyId!)));
}

describe('the week', () => {
  it('shows a recipe put in Tuesday dinner, at the slot\'s time with the recipe\'s servings, and the calendar shows it too', async () => {
    const meal = await plan(ada, { recipeId: tacos, date: tuesday, mealType: 'DINNER' });
    expect(meal).toMatchObject({
      date: tuesday, mealType: 'DINNER', title: 'Tacos', recipeId: tacos, recipeName: 'Tacos', startTime: '2026-03-03T18:00:00',
      endTime: '2026-03-03T19:00:00', timeString: '18:00 - 19:00', servings: 4, recipeServings: 4, isRecurring: false,
    });
    const shown = await weekOf(ada);
    expect(shown.days).toEqual(['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08']);
    expect(shown.meals.map((x) => x.id)).toEqual([meal.id]);
    const events = await ada.call(calendar.listEvents, { query: { startDate: tuesday, endDate: tuesday } });
    expect(events.body.map((e: calendar.CalendarEvent) => [e.id, e.isMeal, e.mealId])).toEqual([[meal.id, true, tacos]]);
    expect((await eventsOf('meal_planned')).some((e) => e.subjectId === meal.id)).toBe(true);
    await clear();
  });

  it('shows repeating meals and places, leaves other events out, and reads members\' attendance', async () => {
    const [member] = await t.db.select().from(familyMembers).where(eq(familyMembers.userId, ada.user.id));
    const pizza = await ada.call(calendar.createEvent, { body: {
      title: 'Pizza Friday', isMeal: true, isEatingOut: true, restaurantName: 'Luigi', startTime: '2026-02-20T18:30:00',
      endTime: '2026-02-20T20:00:00', recurringPattern: 'WEEKLY', attendeeIds: [member!.id],
    } });
    await ada.call(calendar.createEvent, { body: { title: 'Swim', startTime: '2026-03-04T18:00:00', endTime: '2026-03-04T19:00:00' } });
    const shown = await weekOf(ada);
    expect(shown.meals.map((x) => [x.title, x.date, x.mealType, x.place, x.isRecurring, x.attendeeIds])).toEqual([
      ['Pizza Friday', '2026-03-06', 'DINNER', 'Luigi', true, [member!.id]],
    ]);
    await clear();
    expect((await weekOf(ada)).meals).toEqual([]);
    expect((await weekOf(ada, '2026-03-09')).meals.map((x) => x.title)).toEqual(['Pizza Friday']);
    await ada.call(calendar.deleteEvent, { params: { id: pizza.body.id }, query: { deleteType: 'series' } });
  });

  it('moves a meal to another slot, sets and resets its servings, and copies it with its attendees', async () => {
    const meal = await plan(ada, { recipeId: tacos, date: tuesday, mealType: 'DINNER', servings: 6 });
    expect(meal.servings).toBe(6);
    const moved = await ada.call(api.updatePlannedMeal, { params: { id: meal.id }, body: { date: thursday, mealType: 'LUNCH' } });
    expect(moved.body).toMatchObject({ date: thursday, mealType: 'LUNCH', startTime: '2026-03-05T12:00:00', servings: 6 });
    const reset = await ada.call(api.updatePlannedMeal, { params: { id: meal.id }, body: { servings: null } });
    expect(reset.body.servings).toBe(4);
    const copy = await ada.call(api.copyPlannedMeal, { params: { id: meal.id }, body: { date: '2026-03-07', mealType: 'BREAKFAST' } });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ date: '2026-03-07', mealType: 'BREAKFAST', recipeId: tacos });
    expect((await weekOf(ada)).meals.map((x) => x.date)).toEqual([thursday, '2026-03-07']);
    const gone = await ada.call(api.removePlannedMeal, { params: { id: copy.body.id } });
    expect(gone.status).toBe(204);
    expect((await weekOf(ada)).meals.map((x) => x.id)).toEqual([meal.id]);
    await clear();
  });

  it('gives a planned meal the family\'s default reminder, as the calendar does, and a copy its reminder', async () => {
    expect((await ada.call(family.setDefaultReminder, { body: { defaultReminderMinutes: 30 } })).status).toBe(200);
    const meal = await plan(ada, { recipeId: tacos, date: tuesday, mealType: 'DINNER' });
    const copied = await ada.call(api.copyPlannedMeal, { params: { id: meal.id }, body: { date: thursday, mealType: 'LUNCH' } });
    expect(copied.status).toBe(201);
    for (const id of [meal.id, copied.body.id]) {
      expect((await ada.call(calendar.getEvent, { params: { id } })).body.reminderMinutes).toBe(30);
    }
    expect((await ada.call(family.setDefaultReminder, { body: { defaultReminderMinutes: null } })).status).toBe(200);
    await clear();
  });

  it('refuses bad servings, unknown recipes and moving a repeating meal', async () => {
    const bad = await ada.call(api.planMeal, { body: { recipeId: tacos, date: tuesday, mealType: 'DINNER', servings: 0 } });
    expect([bad.status, bad.body.message]).toEqual([400, api.planMessages.servingsInvalid]);
    const unknown = await ada.call(api.planMeal, { body: { recipeId: crypto.randomUUID(), date: tuesday, mealType: 'DINNER' } });
    expect([unknown.status, unknown.body.message]).toEqual([404, api.planMessages.recipeNotFound]);
    const series = await ada.call(calendar.createEvent, { body: {
      title: 'Porridge', isMeal: true, startTime: '2026-03-02T08:00:00', endTime: '2026-03-02T08:30:00', recurringPattern: 'WEEKLY',
    } });
    const move = await ada.call(api.updatePlannedMeal, { params: { id: series.body.id }, body: { mealType: 'LUNCH' } });
    expect([move.status, move.body.message]).toEqual([422, api.planMessages.repeatingMeal]);
    const once = await ada.call(api.removePlannedMeal, { params: { id: series.body.id }, query: { date: '2026-03-09' } });
    expect(once.status).toBe(204);
    expect((await weekOf(ada, '2026-03-09')).meals).toEqual([]);
    expect((await weekOf(ada, '2026-03-16')).meals.map((x) => x.title)).toEqual(['Porridge']);
    await ada.call(calendar.deleteEvent, { params: { id: series.body.id }, query: { deleteType: 'series' } });
  });
});

describe('copying last week and clearing this one', () => {
  it('copies last week\'s meals to the same days and times once, and clears the week', async () => {
    await plan(ada, { recipeId: tacos, date: '2026-02-24', mealType: 'DINNER' });
    await plan(ada, { recipeId: chili, date: '2026-02-26', mealType: 'LUNCH', servings: 3 });
    const [member] = await t.db.select().from(familyMembers).where(eq(familyMembers.userId, ada.user.id));
    await ada.call(calendar.createEvent, { body: {
      title: 'Picnic', isMeal: true, isEatingOut: true, restaurantName: 'Park', startTime: '2026-02-27T12:30:00',
      endTime: '2026-02-27T14:00:00', attendeeIds: [member!.id],
    } });
    const first = await ada.call(api.copyLastWeek, { body: { weekStart: week } });
    expect(first.body.copied).toBe(3);
    expect(first.body.plan.meals.map((x: api.PlannedMeal) => [x.date, x.timeString, x.title, x.servings, x.place, x.attendeeIds]))
      .toEqual([
        [tuesday, '18:00 - 19:00', 'Tacos', 4, null, []], [thursday, '12:00 - 13:00', 'Chili', 3, null, []],
        ['2026-03-06', '12:30 - 14:00', 'Picnic', null, 'Park', [member!.id]],
      ]);
    const again = await ada.call(api.copyLastWeek, { body: { weekStart: week } });
    expect([again.body.copied, again.body.plan.meals.length]).toEqual([0, 3]);
    const copied = await eventsOf('meal_plan_week_copied');
    expect(copied.map((e) => (e.data as { count: number }).count)).toEqual([3, 0]);
    const cleared = await ada.call(api.clearWeek, { body: { weekStart: week } });
    expect(cleared.body.removed).toBe(3);
    expect((await weekOf(ada)).meals).toEqual([]);
    expect((await weekOf(ada, '2026-02-23')).meals).toHaveLength(3);
    await clear('2026-02-23');
  });
});

describe('shopping for the week', () => {
  it('scales by servings, merges across recipes, names the meals, adds once and then only what grew', async () => {
    const listId = await createList(t, ada.user.familyId!);
    await plan(ada, { recipeId: tacos, date: tuesday, mealType: 'DINNER', servings: 8 });
    const chiliMeal = await plan(ada, { recipeId: chili, date: thursday, mealType: 'DINNER' });
    const sheet = await ada.call(api.shoppingForWeek, { query: { weekStart: week } });
    expect(sheet.status).toBe(200);
    const lines = sheet.body.lines as api.ShopLine[];
    expect(lines.map((l) => [l.name, l.quantity, l.unit, l.toAdd, l.meals.map((x) => x.title).join(', ')])).toEqual([
      ['Tortillas', 16, null, 16, 'Tacos'],
      ['Cheese', 0.9, 'kg', 0.9, 'Tacos, Chili'],
      ['Sour cream', 2.125, 'cup', 2.125, 'Tacos, Chili'],
      ['Salt', null, null, null, 'Tacos'],
      ['Beans', 1, 'can', 1, 'Chili'],
    ]);
    // Salt is in the pantry: unticked.
    const keys = lines.filter((l) => l.name !== 'Salt').map((l) => l.key);
    const shop = await ada.call(api.shopForWeek, { body: { weekStart: week, listId, keys } });
    expect(shop.body).toEqual({ added: 4 });
    const items = await itemsOf(t, listId);
    expect(items.map((i) => [i.name, i.quantity, i.unit])).toEqual([
      ['Tortillas', 16, null], ['Cheese', 0.9, 'kg'], ['Sour cream', 2.125, 'cup'], ['Beans', 1, 'can'],
    ]);
    // Each in its aisle, as every new item is.
    expect(items.map((i) => i.category)).toEqual(['Bakery', 'Dairy & eggs', 'Dairy & eggs', 'Pantry']);
    const notes = await ada.call(api.listMealNotes, { params: { listId } });
    expect(new Map(notes.body.map((n: { itemId: string; meals: string[] }) => [n.itemId, n.meals])).get(items[1]!.id)).toEqual(['Tacos', 'Chili']);

    const rerun = await ada.call(api.shopForWeek, { body: { weekStart: week, listId, keys } });
    expect(rerun.body).toEqual({ added: 0 });
    expect(await itemsOf(t, listId)).toHaveLength(4);

    await ada.call(api.updatePlannedMeal, { params: { id: chiliMeal.id }, body: { servings: 4 } });
    const grown = (await ada.call(api.shoppingForWeek, { query: { weekStart: week } })).body.lines as api.ShopLine[];
    expect(grown.filter((l) => !l.done).map((l) => [l.name, l.quantity, l.toAdd])).toEqual([
      ['Cheese', 1.4, 0.5], ['Sour cream', 2.25, 0.125], ['Salt', null, null], ['Beans', 2, 1],
    ]);
    await ada.call(api.shopForWeek, { body: { weekStart: week, listId, keys } });
    expect((await itemsOf(t, listId)).map((i) => [i.name, i.quantity])).toEqual([
      ['Tortillas', 16], ['Cheese', 1.4], ['Sour cream', 2.25], ['Beans', 2],
    ]);
    const shopped = await eventsOf('meal_plan_week_shopped');
    expect(shopped.map((e) => (e.data as { ingredientCount: number }).ingredientCount)).toEqual([4, 0, 3]);
    await clear();
  });

  it('keeps a meal whose title holds a comma as one meal when a later shop adds to its item', async () => {
    const listId = await createList(t, ada.user.familyId!, 'Commas');
    const mac = (await createMeal(ada, { name: 'Mac, cheese', ingredients: [{ name: 'Cheese', quantity: 100, unit: 'g' }] })).id;
    const later = '2026-03-16';
    await plan(ada, { recipeId: mac, date: later, mealType: 'DINNER' });
    const shop = async () => {
      const lines = (await ada.call(api.shoppingForWeek, { query: { weekStart: later } })).body.lines as api.ShopLine[];
      await ada.call(api.shopForWeek, { body: { weekStart: later, listId, keys: lines.map((l) => l.key) } });
    };
    await shop();
    await plan(ada, { recipeId: tacos, date: '2026-03-17', mealType: 'DINNER' });
    await shop();
    const [cheese] = (await itemsOf(t, listId)).filter((i) => i.name === 'Cheese');
    const notes = (await ada.call(api.listMealNotes, { params: { listId } })).body as { itemId: string; meals: string[] }[];
    expect(notes.find((n) => n.itemId === cheese!.id)?.meals).toEqual(['Mac, cheese', 'Tacos']);
  });

  it('merges into what the list already holds and notes the item\'s meals', async () => {
    const listId = await createList(t, ada.user.familyId!);
    await plan(ada, { recipeId: chili, date: '2026-03-10', mealType: 'DINNER' });
    const sheet = (await ada.call(api.shoppingForWeek, { query: { weekStart: '2026-03-09' } })).body.lines as api.ShopLine[];
    const beans = sheet.find((l) => l.name === 'Beans')!;
    await ada.call(api.shopForWeek, { body: { weekStart: '2026-03-09', listId, keys: [beans.key] } });
    await plan(ada, { recipeId: chili, date: '2026-03-17', mealType: 'DINNER' });
    await ada.call(api.shopForWeek, { body: { weekStart: '2026-03-16', listId, keys: [beans.key] } });
    const items = await itemsOf(t, listId);
    expect(items.map((i) => [i.name, i.quantity])).toEqual([['Beans', 2]]);
    await clear('2026-03-09');
    await clear('2026-03-16');
  });

  it('takes only the chosen days, which must be the week\'s', async () => {
    await plan(ada, { recipeId: tacos, date: tuesday, mealType: 'DINNER' });
    await plan(ada, { recipeId: chili, date: thursday, mealType: 'DINNER' });
    const sheet = await ada.call(api.shoppingForWeek, { query: { weekStart: week, dates: thursday } });
    expect(sheet.body.dates).toEqual([thursday]);
    expect(sheet.body.lines.map((l: api.ShopLine) => l.name)).toEqual(['Cheese', 'Sour cream', 'Beans']);
    const outside = await ada.call(api.shoppingForWeek, { query: { weekStart: week, dates: '2026-03-20' } });
    expect([outside.status, outside.body.message]).toEqual([400, api.planMessages.dayOutsideWeek]);
    await clear();
  });

  it('adds once under a burst of the same shop (a week not shopped before)', async () => {
    const listId = await createList(t, ada.user.familyId!);
    await plan(ada, { recipeId: tacos, date: '2026-03-24', mealType: 'DINNER' });
    const lines = (await ada.call(api.shoppingForWeek, { query: { weekStart: '2026-03-23' } })).body.lines as api.ShopLine[];
    const keys = lines.map((l) => l.key);
    const answers = await Promise.all(Array.from({ length: 6 }, () => ada.call(api.shopForWeek, { body: { weekStart: '2026-03-23', listId, keys } })));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(answers.reduce((n, a) => n + a.body.added, 0)).toBe(4);
    expect((await itemsOf(t, listId)).map((i) => [i.name, i.quantity])).toEqual([['Tortillas', 8], ['Cheese', 200], ['Sour cream', 1], ['Salt', null]]);
    await clear('2026-03-23');
  });
});

describe('who may do what', () => {
  it('lets a read-only member look, never change', async () => {
    const meal = await plan(ada, { recipeId: tacos, date: tuesday, mealType: 'DINNER' });
    const listId = await createList(t, ada.user.familyId!);
    expect((await weekOf(reader)).meals.map((x) => x.id)).toEqual([meal.id]);
    expect((await reader.call(api.shoppingForWeek, { query: { weekStart: week } })).status).toBe(200);
    expect((await reader.call(api.listMealNotes, { params: { listId } })).status).toBe(200);
    const writes = [
      reader.call(api.planMeal, { body: { recipeId: tacos, date: tuesday, mealType: 'LUNCH' } }),
      reader.call(api.updatePlannedMeal, { params: { id: meal.id }, body: { servings: 2 } }),
      reader.call(api.copyPlannedMeal, { params: { id: meal.id }, body: { date: tuesday, mealType: 'LUNCH' } }),
      reader.call(api.removePlannedMeal, { params: { id: meal.id } }),
      reader.call(api.copyLastWeek, { body: { weekStart: week } }),
      reader.call(api.clearWeek, { body: { weekStart: week } }),
      reader.call(api.shopForWeek, { body: { weekStart: week, listId, keys: ['x'] } }),
    ];
    expect((await Promise.all(writes)).map((r) => r.status)).toEqual(Array(7).fill(403));
    expect((await weekOf(ada)).meals.map((x) => [x.id, x.servings])).toEqual([[meal.id, 4]]);
    await clear();
  });

  it('keeps families apart on every call', async () => {
    const meal = await plan(ada, { recipeId: tacos, date: tuesday, mealType: 'DINNER' });
    const listId = await createList(t, ada.user.familyId!);
    const lines = (await ada.call(api.shoppingForWeek, { query: { weekStart: week } })).body.lines as api.ShopLine[];
    await ada.call(api.shopForWeek, { body: { weekStart: week, listId, keys: lines.map((l) => l.key) } });
    const otherList = await createList(t, other.user.familyId!);

    expect((await weekOf(other)).meals).toEqual([]);
    expect((await other.call(api.shoppingForWeek, { query: { weekStart: week } })).body.lines).toEqual([]);
    expect((await other.call(api.listMealNotes, { params: { listId } })).body).toEqual([]);
    const refused = await Promise.all([
      other.call(api.planMeal, { body: { recipeId: tacos, date: tuesday, mealType: 'LUNCH' } }),
      other.call(api.updatePlannedMeal, { params: { id: meal.id }, body: { servings: 2 } }),
      other.call(api.copyPlannedMeal, { params: { id: meal.id }, body: { date: tuesday, mealType: 'LUNCH' } }),
      other.call(api.removePlannedMeal, { params: { id: meal.id } }),
    ]);
    expect(refused.map((r) => r.status)).toEqual([404, 404, 404, 404]);
    // Their own copy and clear see none of ours; a shop of theirs cannot reach our list.
    expect((await other.call(api.copyLastWeek, { body: { weekStart: '2026-03-09' } })).body.copied).toBe(0);
    expect((await other.call(api.clearWeek, { body: { weekStart: week } })).body.removed).toBe(0);
    const theirShop = await other.call(api.shopForWeek, { body: { weekStart: week, listId, keys: ['x'] } });
    expect(theirShop.status).toBe(404);
    expect((await other.call(api.shopForWeek, { body: { weekStart: week, listId: otherList, keys: ['x'] } })).body).toEqual({ added: 0 });
    expect((await weekOf(ada)).meals.map((x) => x.id)).toEqual([meal.id]);
    expect(await itemsOf(t, otherList)).toEqual([]);
    await clear();
  });
});
