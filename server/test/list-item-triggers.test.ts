import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { groceryLimits, groceryMessages } from '@hearth/contract/grocery';
import * as grocery from '@hearth/contract/grocery';
import * as meals from '@hearth/contract/meals';
import { rawRows } from '../platform/db/client.ts';
import { groceryItems, groceryLists } from '../platform/db/schema.ts';
import { familyOfOne, signUp, type SignedInUser, type TestApp } from './harness.ts';
import { itemsOf, newItem, newList, newRecurring, runRecurringJob } from '../features/grocery/test-helpers.ts';
import { createMeal } from '../features/meals/testing.ts';
import { days } from '../platform/clock.ts';

/**
 * What the triggers on grocery_items keep on each list, so every way items come and go must move it exactly:
 * - the item count (migration 0015), from which adds read the list's bound;
 * - the items version (migration 0018): a list read skips reading the items while the list is at the version whose
 *   answer the server holds, so a change that did not raise it would answer a member an old list.
 */

let t: TestApp;
let ada: SignedInUser;
let familyId: string;
beforeAll(async () => { ({ t, member: ada, familyId } = await familyOfOne()); });
afterAll(async () => { await t.close(); });

const kept = async (listId: string) => (await t.db.select({ n: groceryLists.itemCount }).from(groceryLists)
  .where(eq(groceryLists.id, listId)))[0]?.n;
const rows = async (listId: string) => (await t.db.select({ n: count() }).from(groceryItems)
  .where(and(eq(groceryItems.listId, listId), eq(groceryItems.familyId, familyId))))[0]!.n;

async function expectCounts(lists: string[], expected: number[]): Promise<void> {
  expect(await Promise.all(lists.map(rows))).toEqual(expected);
  expect(await Promise.all(lists.map(kept))).toEqual(expected);
}

describe('a list\'s item count', () => {
  it('follows adds, merges, recipes, returning items, deletes, clearing and a list\'s deletion', async () => {
    const lists = [await newList(ada, 'Market'), await newList(ada, 'Hardware')];
    const [market, hardware] = lists as [string, string];
    // A burst with merges: Milk and Eggs twice each make two rows, Bread one.
    await Promise.all(['Milk', 'Eggs', 'milk', 'Bread', 'eggs'].map((name) => newItem(ada, market, name)));
    await newItem(ada, hardware, 'Nails');
    await expectCounts(lists, [3, 1]);

    const meal = await createMeal(ada);
    const added = await ada.call(meals.addMealToGroceryList, { params: { id: meal.id }, query: { groceryListId: hardware } });
    expect(added.status).toBe(200);
    await expectCounts(lists, [3, 1 + (added.body as { added: number }).added]);

    await newRecurring(ada, market, 'Coffee', 'WEEKLY');
    t.clock.advance(days(8));
    expect(await runRecurringJob(t)).toBe(1);
    await expectCounts(lists, [4, 4]);

    const items = (await ada.call(grocery.getItems, { params: { listId: market } })).body as grocery.GroceryItem[];
    expect((await ada.call(grocery.deleteItem, { params: { itemId: items[0]!.id } })).status).toBeLessThan(300);
    for (const item of items.slice(1, 3)) {
      await ada.call(grocery.updateItem, { params: { itemId: item.id }, body: { isPurchased: true } });
    }
    expect((await ada.call(grocery.clearPurchased, { params: { listId: market } })).body).toEqual({ removed: 2 });
    await expectCounts(lists, [1, 4]);

    // Rows written in one statement across two lists, then the list deleted with its items.
    await t.db.insert(groceryItems).values([market, hardware, market].map((listId, i) => ({
      familyId, listId, name: `Bulk ${i}`, position: 100 + i,
    })));
    await expectCounts(lists, [3, 5]);
    expect((await ada.call(grocery.deleteList, { params: { listId: hardware } })).status).toBeLessThan(300);
    expect([await rows(hardware), await kept(hardware)]).toEqual([0, undefined]);
    await expectCounts([market], [3]);
  });

  it('holds a list to its bound by the kept count under a parallel burst', async () => {
    const listId = await newList(ada, 'Nearly full');
    const room = 3;
    await t.db.insert(groceryItems).values(Array.from({ length: groceryLimits.itemsPerList - room }, (_, i) => ({
      familyId, listId, name: `Item ${i}`, position: i,
    })));
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => ada.call(grocery.addItem, {
      body: { name: `New ${i}`, quantity: null, unit: null, category: null, listId, familyId },
    })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(room);
    expect(answers.filter((a) => a.status !== 201).map((a) => [a.status, a.body.message]))
      .toEqual(Array(10 - room).fill([409, groceryMessages.listFull]));
    await expectCounts([listId], [groceryLimits.itemsPerList]);
  });
});

const versionOf = async (listId: string) => (await t.db.select({ v: groceryLists.itemsVersion }).from(groceryLists)
  .where(eq(groceryLists.id, listId)))[0]!.v;

/** The list as its rows are now, read past every server memo, in the fields an answer shows. */
async function stored(listId: string) {
  return (await rawRows<Record<string, unknown>>(t.db, sql`select id, name, quantity, is_purchased, recurrence,
    recurring_item_id, added_from_recipe_id from ${groceryItems} where list_id = ${listId} order by position, created_at`))
    .map((r) => [r.id, r.name, r.quantity, r.is_purchased, r.recurrence, r.recurring_item_id, r.added_from_recipe_id]);
}

const answered = async (listId: string) => (await itemsOf(ada, listId))
  .map((i) => [i.id, i.name, i.quantity, i.isPurchased, i.recurrence, i.recurringItemId, i.addedFromRecipeId]);

describe('a list\'s items version', () => {
  it('rises with every kind of change to the list\'s items, and the list\'s answer follows each at once', async () => {
    const market = await newList(ada, 'Market');
    const hardware = await newList(ada, 'Hardware');
    await newItem(ada, hardware, 'Nails');
    const meal = await createMeal(ada);
    let recurringId = '';

    const changes: [string, () => Promise<unknown>][] = [
      ['adds, in a burst', () => Promise.all(['Milk', 'Eggs', 'Bread'].map((name) => newItem(ada, market, name)))],
      ['an add merged into an item', () => newItem(ada, market, 'milk', { quantity: 2 })],
      ['a meal\'s ingredients', () => ada.call(meals.addMealToGroceryList, { params: { id: meal.id }, query: { groceryListId: market } })],
      ['a check-off', async () => {
        const [first] = await itemsOf(ada, market);
        return ada.call(grocery.updateItem, { params: { itemId: first!.id }, body: { isPurchased: true } });
      }],
      ['a reorder', async () => {
        const items = await itemsOf(ada, market);
        return ada.call(grocery.reorderItems, { body: items.map((item, i) => ({ id: item.id, position: items.length - 1 - i })) });
      }],
      ['a recurring item\'s return', async () => {
        recurringId = (await newRecurring(ada, market, 'Coffee', 'WEEKLY')).id;
        t.clock.advance(days(8));
        return runRecurringJob(t);
      }],
      ['a recurring item\'s deletion', () => ada.call(grocery.deleteRecurringItem, { params: { id: recurringId } })],
      ['the meal\'s deletion', () => ada.call(meals.deleteMeal, { params: { id: meal.id } })],
      ['an item\'s deletion', async () => {
        const [first] = await itemsOf(ada, market);
        return ada.call(grocery.deleteItem, { params: { itemId: first!.id } });
      }],
      ['clearing purchased items', async () => {
        const [first] = await itemsOf(ada, market);
        await ada.call(grocery.updateItem, { params: { itemId: first!.id }, body: { isPurchased: true } });
        return ada.call(grocery.clearPurchased, { params: { listId: market } });
      }],
      ['rows written in one statement across lists', () => t.db.insert(groceryItems).values([market, hardware].map((listId, i) => ({
        familyId, listId, name: `Bulk ${i}`, position: 100 + i,
      })))],
    ];
    for (const [change, make] of changes) {
      const before = await answered(market);
      expect(before, `before ${change}`).toEqual(await stored(market));
      const version = await versionOf(market);
      const other = await versionOf(hardware);
      const otherAnswer = await answered(hardware);
      const result = await make();
      if (result && typeof result === 'object' && 'status' in result) expect(result.status, change).toBeLessThan(300);
      expect(await versionOf(market), change).toBeGreaterThan(version);
      const after = await answered(market);
      expect(after, change).not.toEqual(before);
      expect(after, change).toEqual(await stored(market));
      if (change !== 'rows written in one statement across lists') {
        expect(await versionOf(hardware), `${change}, another list`).toBe(other);
        expect(await answered(hardware)).toEqual(otherAnswer);
      }
    }
    expect(await answered(hardware)).toEqual(await stored(hardware));
  });

  it('is left alone by reads, and the version a server holds never answers another family', async () => {
    const listId = await newList(ada, 'Unchanged');
    await newItem(ada, listId, 'Tea');
    const first = await itemsOf(ada, listId);
    const version = await versionOf(listId);
    expect(await itemsOf(ada, listId)).toEqual(first);
    expect(await versionOf(listId)).toBe(version);
    const zed = await signUp(t, { name: 'Zed' });
    expect((await zed.call(grocery.getItems, { params: { listId } })).status).toBe(404);
  });

  it('lets a list holding items linked to a meal and to a recurring item be deleted, cascades and triggers together', async () => {
    const listId = await newList(ada, 'Deleted whole');
    await newItem(ada, listId, 'Tea');
    const meal = await createMeal(ada);
    expect((await ada.call(meals.addMealToGroceryList, { params: { id: meal.id }, query: { groceryListId: listId } })).status).toBe(200);
    await newRecurring(ada, listId, 'Coffee', 'WEEKLY');
    t.clock.advance(days(8));
    expect(await runRecurringJob(t)).toBe(1);
    expect((await ada.call(grocery.deleteList, { params: { listId } })).status).toBeLessThan(300);
    expect(await stored(listId)).toEqual([]);
    expect((await ada.call(grocery.getItems, { params: { listId } })).status).toBe(404);
    expect((await ada.call(meals.deleteMeal, { params: { id: meal.id } })).status).toBeLessThan(300);
  });
});
