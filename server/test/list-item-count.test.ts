import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { groceryLimits, groceryMessages } from '@hearth/contract/grocery';
import * as grocery from '@hearth/contract/grocery';
import * as meals from '@hearth/contract/meals';
import { groceryItems, groceryLists } from '../platform/db/schema.ts';
import { createTestApp, signUp, type SignedInUser, type TestApp } from './harness.ts';
import { newItem, newList, newRecurring, runRecurringJob } from '../features/grocery/test-helpers.ts';
import { createMeal } from '../features/meals/testing.ts';
import { days } from '../platform/clock.ts';

/**
 * A list's item count is kept by triggers on grocery_items (migration 0015), and adds read the list's bound from it:
 * every way items come and go must move it exactly.
 */

let t: TestApp;
let ada: SignedInUser;
let familyId: string;
beforeAll(async () => {
  t = await createTestApp();
  ada = await signUp(t, { name: 'Ada' });
  familyId = ada.user.familyId!;
});
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
