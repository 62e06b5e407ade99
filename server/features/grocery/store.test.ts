import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import * as api from '@hearth/contract/grocery';
import { groceryItems } from '../../platform/db/schema.ts';
import { familyOfOne, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { itemsOf, joinAs, newItem, newList, newRecurring, runRecurringJob } from './test-helpers.ts';
import { signUp } from '../../test/harness.ts';
import { days } from '../../platform/clock.ts';

/** Issue #14: the list as families use it in a store (merging, suggestions, clearing, aisle order). */

let t: TestApp;
let ada: SignedInUser;
let familyId: string;
beforeAll(async () => { ({ t, member: ada, familyId } = await familyOfOne()); });
afterAll(async () => { await t.close(); });

const add = (listId: string, name: string, quantity: number | null = null, unit: string | null = null, user = ada) =>
  user.call(api.addItem, { body: { name, quantity, unit, category: null, listId, familyId: user.user.familyId } });

describe('merging the same item', () => {
  it('raises the quantity of the unpurchased item with the same singular name and unit, in any case', async () => {
    const listId = await newList(ada);
    const first = await add(listId, 'Chicken thighs', 1.5, 'lbs');
    const again = await add(listId, 'chicken thigh', 0.5, 'LB');
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ id: first.body.id, name: 'Chicken thighs', quantity: 2, unit: 'lbs' });
    await add(listId, 'Milk');
    const milk = await add(listId, 'milk');
    expect(milk.body.quantity).toBe(2);
    expect((await add(listId, 'Milk', 1, 'gallon')).body.quantity).toBe(1);
    expect((await itemsOf(ada, listId)).map((i) => [i.name, i.quantity, i.unit])).toEqual([
      ['Milk', 1, 'gallon'], ['Milk', 2, null], ['Chicken thighs', 2, 'lbs'],
    ]);
  });

  it('never merges into a purchased item', async () => {
    const listId = await newList(ada);
    const eggs = await newItem(ada, listId, 'Eggs', { quantity: 12 });
    await ada.call(api.updateItem, { params: { itemId: eggs.id }, body: { isPurchased: true } });
    const fresh = await add(listId, 'egg', 6);
    expect(fresh.body.id).not.toBe(eggs.id);
    expect((await itemsOf(ada, listId)).map((i) => [i.name, i.quantity, i.isPurchased])).toEqual([
      ['egg', 6, false], ['Eggs', 12, true],
    ]);
  });

  it('leaves one row when the same item is added in a parallel burst', async () => {
    const listId = await newList(ada);
    const answers = await Promise.all(Array.from({ length: 12 }, () => add(listId, 'Bananas', 1)));
    expect(answers.every((a) => a.status === 201)).toBe(true);
    expect((await itemsOf(ada, listId)).map((i) => [i.name, i.quantity])).toEqual([['Bananas', 12]]);
  });

  it('the recurrence job does not put back an item already waiting on the list under the same name', async () => {
    const listId = await newList(ada);
    await newRecurring(ada, listId, 'Paper towels');
    await add(listId, 'paper towel');
    t.clock.advance(days(8));
    await runRecurringJob(t);
    expect((await itemsOf(ada, listId)).map((i) => i.name)).toEqual(['paper towel']);
  });

  it('computes the same key in the database as the contract does for the web', async () => {
    const names = ['Eggs', 'egg', 'Tomatoes', 'Cookies', 'cookie', 'Berries', 'Glasses', 'Peaches', 'Asparagus',
      'Hummus', 'Shoes', 'shoe', 'Boxes', 'Limes', '  Green   Beans ', 'lbs', 'Cheese', 'Cheeses', 'Avocados', 's',
      '', 'es', 'ies', 'oes', 'Toes', 'Pies', 'Dishes', 'Churches', 'Fizzes', 'bus', 'Bananas', 'kiwis', null,
      // Every suffix rule at its shortest and beside its near misses.
      'xes', 'zes', 'ches', 'shes', 'sses', 'ses', 'hes', 'ss', 'us', 'ie', 'oe', 'Foxes', 'Grass', 'Buses', 'Ties',
      'Potatoes', 'Crème brûlées', 'Café s', 'a s', 'Tomato\tes', 'Boxes\n'];
    const { rows } = await t.db.execute(sql`select hearth_singular(n) as k from unnest(${sql.param(names)}::text[]) with ordinality as t(n, i) order by i`) as unknown as { rows: { k: string }[] };
    expect(rows.map((r) => r.k)).toEqual(names.map((n) => api.singular(n)));
    expect(api.singular('Tomatoes')).toBe(api.singular('tomato'));
    expect(api.singular('Cookies')).toBe(api.singular('cookie'));
    expect(api.singular('Berries')).toBe(api.singular('berry'));
  });
});

describe('clearing purchased items', () => {
  it('deletes only the purchased items of that list', async () => {
    const listId = await newList(ada);
    const other = await newList(ada, 'Other');
    for (const name of ['Tea', 'Jam']) {
      const item = await newItem(ada, listId, name);
      if (name === 'Tea') await ada.call(api.updateItem, { params: { itemId: item.id }, body: { isPurchased: true } });
    }
    const kept = await newItem(ada, other, 'Tea');
    await ada.call(api.updateItem, { params: { itemId: kept.id }, body: { isPurchased: true } });
    const res = await ada.call(api.clearPurchased, { params: { listId } });
    expect([res.status, res.body]).toEqual([200, { removed: 1 }]);
    expect((await itemsOf(ada, listId)).map((i) => i.name)).toEqual(['Jam']);
    expect(await itemsOf(ada, other)).toHaveLength(1);
  });

  it('refuses a READ_ONLY member and another family\'s list', async () => {
    const listId = await newList(ada);
    const viewer = await joinAs(t, ada, 'READ_ONLY');
    expect((await viewer.call(api.clearPurchased, { params: { listId } })).status).toBe(403);
    const stranger = await signUp(t, { name: 'Sam' });
    expect((await stranger.call(api.clearPurchased, { params: { listId } })).status).toBe(404);
  });
});

describe('suggestions', () => {
  it('answers the family\'s own names containing the text, latest spelling first by use, never another family\'s', async () => {
    const cook = await signUp(t, { name: 'Cook' });
    const own = cook.user.familyId!;
    const listId = await newList(cook);
    for (const [name, unit] of [['Chicken thighs', 'lbs'], ['chicken thigh', 'lbs'], ['Chickpeas', 'can'], ['Milk', null]] as const) {
      t.clock.advance(60_000);
      await add(listId, name, 1, unit, cook);
      await t.db.update(groceryItems).set({ isPurchased: true }).where(eq(groceryItems.listId, listId));
    }
    const stranger = await signUp(t, { name: 'Sam' });
    const theirs = await newList(stranger);
    await add(theirs, 'Chicken wings', 1, null, stranger);
    const res = await cook.call(api.getSuggestions, { params: { familyId: own }, query: { q: 'chick' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { name: 'chicken thigh', quantity: 1, unit: 'lbs', category: 'Meat & fish', uses: 2 },
      { name: 'Chickpeas', quantity: 1, unit: 'can', category: 'Pantry', uses: 1 },
    ]);
    expect((await cook.call(api.getSuggestions, { params: { familyId: own }, query: { q: 'thighs' } })).body).toHaveLength(1);
    expect((await cook.call(api.getSuggestions, { params: { familyId: own }, query: { q: '' } })).body).toEqual([]);
    expect((await stranger.call(api.getSuggestions, { params: { familyId: own }, query: { q: 'chick' } })).status).toBe(404);
  });
});

describe('aisle order', () => {
  it('is empty until set, kept per family, refused for READ_ONLY and with duplicates', async () => {
    const empty = await ada.call(api.getCategoryOrder, { params: { familyId } });
    expect(empty.body).toEqual({ categories: [] });
    const set = await ada.call(api.setCategoryOrder, { params: { familyId }, body: { categories: ['Produce', 'Dairy', 'Frozen'] } });
    expect([set.status, set.body]).toEqual([200, { categories: ['Produce', 'Dairy', 'Frozen'] }]);
    expect((await ada.call(api.getCategoryOrder, { params: { familyId } })).body.categories).toEqual(['Produce', 'Dairy', 'Frozen']);
    const dup = await ada.call(api.setCategoryOrder, { params: { familyId }, body: { categories: ['Dairy', 'dairy'] } });
    expect([dup.status, dup.body.message]).toEqual([400, api.groceryMessages.categoryOrderDuplicate]);
    const viewer = await joinAs(t, ada, 'READ_ONLY');
    expect((await viewer.call(api.setCategoryOrder, { params: { familyId }, body: { categories: [] } })).status).toBe(403);
    const stranger = await signUp(t, { name: 'Sam' });
    const theirs = stranger.user.familyId!;
    expect((await stranger.call(api.getCategoryOrder, { params: { familyId: theirs } })).body).toEqual({ categories: [] });
    expect((await stranger.call(api.setCategoryOrder, { params: { familyId }, body: { categories: ['X'] } })).status).toBe(404);
    expect((await ada.call(api.getCategoryOrder, { params: { familyId } })).body.categories).toEqual(['Produce', 'Dairy', 'Frozen']);
  });
});
