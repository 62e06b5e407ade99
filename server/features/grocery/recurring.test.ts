import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as api from '@hearth/contract/grocery';
import { days, hours } from '../../platform/clock.ts';
import { families, groceryItems, recurringItems } from '../../platform/db/schema.ts';
import { createTestApp, signUp, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { recurrenceBatch, runRecurrence } from './recurrence-job.ts';
import { itemsOf, jobDeps, newItem, newList, newRecurring } from './test-helpers.ts';

const m = api.groceryMessages;
let t: TestApp;
let ada: SignedInUser;
const start = '2026-05-05T12:00:00.000Z';

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(start);
  ada = await signUp(t, { name: 'Ada' });
});
afterAll(async () => { await t.close(); });
// The job sees every family's items: park the earlier tests' items so each test counts only its own.
beforeEach(async () => {
  await t.db.update(recurringItems).set({ nextDueAt: new Date('2100-01-01T00:00:00Z') });
});

const run = () => runRecurrence(jobDeps(t));
const plusDays = (iso: string, n: number) => new Date(new Date(iso).getTime() + days(n)).toISOString();
async function dueOf(id: string): Promise<string> {
  const [row] = await t.db.select({ at: recurringItems.nextDueAt }).from(recurringItems).where(eq(recurringItems.id, id));
  return row!.at.toISOString();
}
const itemsFrom = (recurringItemId: string) =>
  t.db.select().from(groceryItems).where(eq(groceryItems.recurringItemId, recurringItemId));

describe('recurring items', () => {
  it('creates one, answering it with its id; first due one period after creation', async () => {
    t.clock.set(start);
    const listId = await newList(ada);
    const res = await ada.call(api.createRecurringItem, {
      body: { name: ' Bread ', quantity: 2, unit: 'loaf', listId, familyId: ada.user.familyId, frequency: 'WEEKLY' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String), name: 'Bread', quantity: 2, unit: 'loaf', listId, familyId: ada.user.familyId,
      frequency: 'WEEKLY', nextDueAt: plusDays(start, 7),
    });
    expect((await newRecurring(ada, listId, 'Milk', 'BI_WEEKLY')).nextDueAt).toBe(plusDays(start, 14));
    expect((await newRecurring(ada, listId, 'Rice', 'MONTHLY')).nextDueAt).toBe('2026-06-05T12:00:00.000Z');
  });

  it('lists the family\'s recurring items by name', async () => {
    const bo = await signUp(t, { name: 'Bo' });
    const listId = await newList(bo);
    await newRecurring(bo, listId, 'zucchini');
    await newRecurring(bo, listId, 'Apples');
    const res = await bo.call(api.getRecurringItems, { params: { familyId: bo.user.familyId! } });
    expect(res.status).toBe(200);
    expect(res.body.map((r: api.RecurringItem) => r.name)).toEqual(['Apples', 'zucchini']);
  });

  it('refuses a blank name, a missing or unknown frequency, a negative quantity and an unknown list', async () => {
    const listId = await newList(ada);
    const create = (body: Record<string, unknown>) => ada.call(api.createRecurringItem, {
      body: { name: 'x', quantity: null, unit: null, listId, frequency: 'WEEKLY', ...body },
    });
    expect((await create({ name: ' ' })).body.message).toBe(m.itemNameRequired);
    expect((await create({ frequency: undefined })).body.message).toBe(m.frequencyRequired);
    expect((await create({ frequency: 'DAILY' })).body.message).toBe(m.frequencyRequired);
    expect((await create({ quantity: -2 })).body.message).toBe(m.quantityInvalid);
    const unknown = await create({ listId: crypto.randomUUID() });
    expect([unknown.status, unknown.body.message]).toEqual([404, m.listNotFound]);
  });

  it('updates every field; the schedule stays unless the frequency changes', async () => {
    t.clock.set(start);
    const listId = await newList(ada);
    const other = await newList(ada, 'Other');
    const item = await newRecurring(ada, listId, 'Bread');
    t.clock.advance(days(3));
    const body = { name: 'Rye bread', quantity: 1, unit: 'loaf', listId: other, familyId: ada.user.familyId, frequency: 'WEEKLY' };
    const same = await ada.call(api.updateRecurringItem, { params: { id: item.id }, body });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ name: 'Rye bread', quantity: 1, unit: 'loaf', listId: other, nextDueAt: item.nextDueAt });
    const monthly = await ada.call(api.updateRecurringItem, { params: { id: item.id }, body: { ...body, frequency: 'MONTHLY' } });
    expect(monthly.body).toMatchObject({ frequency: 'MONTHLY', nextDueAt: '2026-06-05T12:00:00.000Z' });
    const unknown = await ada.call(api.updateRecurringItem, { params: { id: crypto.randomUUID() }, body });
    expect([unknown.status, unknown.body.message]).toEqual([404, m.recurringNotFound]);
  });

  it('deletes one; its list items stay but no longer recur', async () => {
    const listId = await newList(ada);
    const recurring = await newRecurring(ada, listId, 'Bread');
    const item = await newItem(ada, listId, 'Bread', { recurringItemId: recurring.id, recurrence: 'weekly' });
    const res = await ada.call(api.deleteRecurringItem, { params: { id: recurring.id } });
    expect(res.status).toBe(204);
    expect(await itemsOf(ada, listId)).toEqual([{ ...item, recurringItemId: null, recurrence: 'none' }]);
    expect((await ada.call(api.deleteRecurringItem, { params: { id: recurring.id } })).status).toBe(404);
  });
});

describe('the recurrence job', () => {
  it('puts a due item back once, unpurchased at the top, and moves the next due time past now', async () => {
    t.clock.set(start);
    const listId = await newList(ada);
    const recurring = await newRecurring(ada, listId, 'Bread');
    await newItem(ada, listId, 'Milk');
    t.clock.advance(days(7) - 1000);
    expect(await run()).toBe(0);
    t.clock.advance(1000);
    expect(await run()).toBe(1);
    const items = await itemsOf(ada, listId);
    expect(items.map((i) => [i.name, i.position, i.isPurchased])).toEqual([['Bread', 0, false], ['Milk', 1, false]]);
    expect(items[0]).toMatchObject({ quantity: 1, recurringItemId: recurring.id, recurrence: 'weekly' });
    expect(await dueOf(recurring.id)).toBe(plusDays(start, 14));
    expect(await run()).toBe(0);
    expect(await itemsFrom(recurring.id)).toHaveLength(1);
  });

  it('does not add a second copy while an unpurchased one is on the list, but keeps the schedule', async () => {
    t.clock.set(start);
    const listId = await newList(ada);
    const recurring = await newRecurring(ada, listId, 'Eggs');
    await newItem(ada, listId, 'Eggs', { recurringItemId: recurring.id, recurrence: 'weekly' });
    t.clock.advance(days(7));
    expect(await run()).toBe(0);
    expect(await itemsFrom(recurring.id)).toHaveLength(1);
    expect(await dueOf(recurring.id)).toBe(plusDays(start, 14));
  });

  it('adds it again once the previous one was purchased', async () => {
    t.clock.set(start);
    const listId = await newList(ada);
    const recurring = await newRecurring(ada, listId, 'Coffee');
    const first = await newItem(ada, listId, 'Coffee', { recurringItemId: recurring.id });
    await ada.call(api.updateItem, { params: { itemId: first.id }, body: { isPurchased: true } });
    t.clock.advance(days(7));
    expect(await run()).toBe(1);
    const items = await itemsOf(ada, listId);
    expect(items.map((i) => [i.name, i.isPurchased, i.position])).toEqual([['Coffee', false, 0], ['Coffee', true, 1]]);
  });

  it('after a long pause adds one copy and schedules the next period after now', async () => {
    t.clock.set(start);
    const listId = await newList(ada);
    const recurring = await newRecurring(ada, listId, 'Tea');
    t.clock.advance(days(7 * 5) + hours(1));
    expect(await run()).toBe(1);
    expect(await dueOf(recurring.id)).toBe(plusDays(start, 7 * 6));
    expect(await itemsFrom(recurring.id)).toHaveLength(1);
  });

  it('adds each due item once when two runs overlap', async () => {
    t.clock.set(start);
    const listId = await newList(ada);
    const recurring = await Promise.all(['A', 'B', 'C'].map((name) => newRecurring(ada, listId, name)));
    t.clock.advance(days(7));
    const [one, two] = await Promise.all([run(), run()]);
    expect(one! + two!).toBe(3);
    for (const r of recurring) expect(await itemsFrom(r.id)).toHaveLength(1);
    const positions = (await itemsOf(ada, listId)).map((i) => i.position);
    expect(positions).toEqual([0, 1, 2]);
  });

  it('works through more due items than one batch holds', async () => {
    t.clock.set(start);
    const listId = await newList(ada);
    const count = recurrenceBatch + 5;
    await t.db.insert(recurringItems).values(Array.from({ length: count }, (_, i) => ({
      familyId: ada.user.familyId!, listId, name: `Bulk ${i}`, frequency: 'WEEKLY' as const,
      createdAt: new Date(start), nextDueAt: new Date(plusDays(start, 7)),
    })));
    t.clock.advance(days(7));
    expect(await run()).toBe(count);
    const positions = (await itemsOf(ada, listId)).map((i) => i.position);
    expect(positions).toEqual(Array.from({ length: count }, (_, i) => i));
  });
});

describe('the schedule across daylight-saving changes (America/New_York)', () => {
  async function family(timezone: string) {
    const user = await signUp(t, { name: 'Dee' });
    await t.db.update(families).set({ timezone }).where(eq(families.id, user.user.familyId!));
    return { user, listId: await newList(user) };
  }

  it('keeps 09:00 local when clocks spring forward on 2026-03-08', async () => {
    t.clock.set('2026-03-02T14:00:00Z'); // Monday 09:00 EST
    const { user, listId } = await family('America/New_York');
    const weekly = await newRecurring(user, listId, 'Weekly', 'WEEKLY');
    expect(weekly.nextDueAt).toBe('2026-03-09T13:00:00.000Z'); // Monday 09:00 EDT
    t.clock.set('2026-03-09T12:59:00Z');
    expect(await run()).toBe(0);
    t.clock.set('2026-03-09T13:00:00Z');
    expect(await run()).toBe(1);
    expect(await dueOf(weekly.id)).toBe('2026-03-16T13:00:00.000Z');
  });

  it('keeps 09:00 local when clocks fall back on 2026-11-01, weekly and monthly', async () => {
    t.clock.set('2026-10-26T13:00:00Z'); // Monday 09:00 EDT
    const { user, listId } = await family('America/New_York');
    const weekly = await newRecurring(user, listId, 'Weekly', 'WEEKLY');
    const biWeekly = await newRecurring(user, listId, 'Every 2 weeks', 'BI_WEEKLY');
    const monthly = await newRecurring(user, listId, 'Monthly', 'MONTHLY');
    expect(weekly.nextDueAt).toBe('2026-11-02T14:00:00.000Z'); // Monday 09:00 EST
    expect(biWeekly.nextDueAt).toBe('2026-11-09T14:00:00.000Z');
    expect(monthly.nextDueAt).toBe('2026-11-26T14:00:00.000Z');
    t.clock.set('2026-11-02T14:00:00Z');
    expect(await run()).toBe(1);
    expect(await dueOf(weekly.id)).toBe('2026-11-09T14:00:00.000Z');
  });

  it('follows the family\'s own timezone', async () => {
    t.clock.set('2026-03-02T14:00:00Z');
    const { user, listId } = await family('UTC');
    expect((await newRecurring(user, listId, 'Weekly', 'WEEKLY')).nextDueAt).toBe('2026-03-09T14:00:00.000Z');
  });
});
