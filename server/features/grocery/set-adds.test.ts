import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as api from '@hearth/contract/grocery';
import { groceryItems } from '../../platform/db/schema.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { familyOfOne, signUp, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { addItemsToList, type NewRecipeItem } from './public.ts';
import { addOrMerge, type ItemToAdd } from './repository/items.ts';
import { groceryState, itemsOf, newItem, newList } from './test-helpers.ts';

/**
 * Adds of several items at once (a recipe's ingredients, a week's shopping): one statement for the whole set, with
 * the hand add's merge rule, as if the items had been added one after another from the last to the first.
 */

let t: TestApp;
let ada: SignedInUser;
let familyId: string;
beforeAll(async () => { ({ t, member: ada, familyId } = await familyOfOne()); });
afterAll(async () => { await t.close(); });

const line = (name: string, quantity: number | null = 1, unit: string | null = null): NewRecipeItem => ({ name, quantity, unit });

/** The set put on the list through grocery's public API, in a transaction of its own; answers the items' ids. */
const addSet = (listId: string, items: NewRecipeItem[]) =>
  t.db.transaction((tx) => addItemsToList(tx, { clock: t.clock } as unknown as Deps, { familyId, listId, items }));

const rows = async (listId: string) => (await itemsOf(ada, listId)).map((i) => [i.position, i.name, i.quantity, i.unit]);

describe('a set of items added at once', () => {
  it('goes on top in the order given, positions dense, and answers each item\'s id in that order', async () => {
    const listId = await newList(ada);
    await newItem(ada, listId, 'Coffee');
    const ids = await addSet(listId, [line('Flour', 2, 'cups'), line('Eggs', 3), line('Milk', null, 'cup')]);
    const items = await itemsOf(ada, listId);
    expect(items.map((i) => [i.position, i.name, i.quantity, i.unit])).toEqual([
      [0, 'Flour', 2, 'cups'], [1, 'Eggs', 3, null], [2, 'Milk', null, 'cup'], [3, 'Coffee', null, null],
    ]);
    expect(ids).toEqual(items.slice(0, 3).map((i) => i.id));
  });

  it('merges the same key sent twice into one item, put where its last one goes, quantities summed and rounded', async () => {
    const listId = await newList(ada);
    const ids = await addSet(listId, [line('Tomato', 0.1, 'kg'), line('Basil'), line('tomatoes', 0.2, 'KG'), line('basil', null)]);
    // One after another from the last: basil, then tomatoes, go on; Basil and Tomato raise them (no quantity counts as one).
    expect(await rows(listId)).toEqual([[0, 'tomatoes', 0.3, 'KG'], [1, 'basil', 2, null]]);
    const [tomatoes, basil] = await itemsOf(ada, listId);
    expect(ids).toEqual([tomatoes!.id, basil!.id, tomatoes!.id, basil!.id]);
  });

  it('raises the unpurchased items the list already has, where they are, and leaves bought ones alone', async () => {
    const listId = await newList(ada);
    const bought = await newItem(ada, listId, 'Rice', { quantity: 1, unit: 'kg' });
    await ada.call(api.updateItem, { params: { itemId: bought.id }, body: { isPurchased: true } });
    const onion = await newItem(ada, listId, 'Onion', { quantity: 2 });
    await newItem(ada, listId, 'Salt');
    const ids = await addSet(listId, [line('Onions', 1.5), line('rice', 2, 'kg'), line('Pepper')]);
    expect(await rows(listId)).toEqual([
      [0, 'rice', 2, 'kg'], [1, 'Pepper', 1, null], [2, 'Salt', null, null], [3, 'Onion', 3.5, null], [4, 'Rice', 1, 'kg'],
    ]);
    expect(ids[0]).toBe(onion.id);
  });

  it('is refused whole (409) when one merge would pass the quantity bound: nothing is added or raised', async () => {
    const listId = await newList(ada);
    await newItem(ada, listId, 'Sugar', { quantity: 1 });
    await newItem(ada, listId, 'Salt', { quantity: api.groceryLimits.quantityMax - 1 });
    const before = await groceryState(t, familyId);
    const refused = addSet(listId, [line('Flour'), line('Sugar', 2), line('salt', 2)]);
    await expect(refused).rejects.toThrow(new AppError('CONFLICT', api.groceryMessages.quantityTooLarge));
    // Two of one key that pass the bound only together are refused too.
    await expect(addSet(listId, [line('Oats', api.groceryLimits.quantityMax), line('oats', 1)]))
      .rejects.toThrow(api.groceryMessages.quantityTooLarge);
    expect(await groceryState(t, familyId)).toEqual(before);
  });

  it('writes nothing in its own statement when refused, even outside a transaction', async () => {
    const listId = await newList(ada);
    await newItem(ada, listId, 'Sugar', { quantity: api.groceryLimits.quantityMax });
    const before = await groceryState(t, familyId);
    const item = (name: string): ItemToAdd => ({
      name, quantity: 1, unit: null, category: null, recurrence: 'none', recurringItemId: null, addedFromRecipeId: null,
    });
    expect(await addOrMerge(t.db, { id: listId, familyId }, [item('Flour'), item('Sugar'), item('Eggs')], t.clock.now()))
      .toEqual({ refused: 'tooMuch' });
    expect(await groceryState(t, familyId)).toEqual(before);
  });

  it('is refused whole (409) when its new items would pass the list\'s bound; merges alone still go on a full list', async () => {
    const listId = await newList(ada);
    const filler = Array.from({ length: api.groceryLimits.itemsPerList - 2 }, (_, i) => ({
      familyId, listId, name: `Filler ${i}`, position: i + 1,
    }));
    for (let i = 0; i < filler.length; i += 1000) await t.db.insert(groceryItems).values(filler.slice(i, i + 1000));
    const before = await groceryState(t, familyId);
    await expect(addSet(listId, [line('A'), line('Filler 3'), line('B'), line('C')])).rejects.toThrow(api.groceryMessages.listFull);
    expect(await groceryState(t, familyId)).toEqual(before);

    // Two new ones fill it exactly (a key sent twice is one item); then only merges fit.
    expect(await addSet(listId, [line('A'), line('a'), line('Filler 3'), line('B')])).toHaveLength(4);
    await addSet(listId, [line('Filler 4'), line('b')]);
    expect(await t.db.$count(groceryItems, eq(groceryItems.listId, listId))).toBe(api.groceryLimits.itemsPerList);
    await expect(addSet(listId, [line('Filler 5'), line('D')])).rejects.toThrow(api.groceryMessages.listFull);
    const top = (await itemsOf(ada, listId)).slice(0, 2).map((i) => [i.name, i.quantity]);
    expect(top).toEqual([['a', 2], ['B', 2]]);
  });

  it('files each item in its category, as a hand add would', async () => {
    const listId = await newList(ada);
    await addSet(listId, [line('Milk'), line('Carrots')]);
    const hand = await newItem(ada, listId, 'Yogurt');
    const [milk, carrots] = (await itemsOf(ada, listId)).slice(1);
    expect(milk!.category).toBe(hand.category);
    expect(carrots!.category).not.toBeNull();
    expect(carrots!.category).not.toBe(milk!.category);
  });

  it('adds nothing for an empty set, and answers 404 for a list not the family\'s', async () => {
    const listId = await newList(ada);
    expect(await addSet(listId, [])).toEqual([]);
    const bob = await signUp(t, { name: 'Bob' });
    const bobsList = await newList(bob);
    await expect(addSet(bobsList, [line('Milk')])).rejects.toThrow(api.groceryMessages.listNotFound);
    expect(await itemsOf(bob, bobsList)).toEqual([]);
  });

  it('stays consistent in a parallel burst of set adds and single adds to one list: positions dense, quantities summed', async () => {
    const listId = await newList(ada);
    const names = ['Milk', 'Eggs', 'Bread', 'Butter', 'Cheese'];
    const sets = Array.from({ length: 6 }, (_, i) => addSet(listId, [...names.map((n) => line(n, 1)), line(`Only ${i}`, 1)]));
    const singles = Array.from({ length: 10 }, (_, i) => ada.call(api.addItem, {
      body: { name: names[i % names.length]!.toLowerCase(), quantity: 0.5, unit: null, category: null, listId, familyId },
    }));
    const [setIds, answers] = await Promise.all([Promise.all(sets), Promise.all(singles)]);
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(setIds.every((ids) => ids.length === 6)).toBe(true);
    const items = await itemsOf(ada, listId);
    expect(items.map((i) => i.position)).toEqual(items.map((_, place) => place));
    const quantity = new Map(items.map((i) => [i.name.toLowerCase(), i.quantity]));
    for (const name of names) expect(quantity.get(name.toLowerCase())).toBe(6 + 2 * 0.5);
    expect(items).toHaveLength(names.length + 6);
    for (let i = 0; i < 6; i++) expect(quantity.get(`only ${i}`)).toBe(1);
  });
});
