import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as accounts from '@hearth/contract/accounts';
import { idempotencyHeader, idempotencyKeyReused } from '@hearth/contract/endpoint';
import * as grocery from '@hearth/contract/grocery';
import * as meals from '@hearth/contract/meals';
import type { Tx } from '../platform/db/client.ts';
import { groceryItems } from '../platform/db/schema.ts';
import { createTestApp, signUp, type Answer, type SignedInUser, type TestApp } from './harness.ts';
import { createMeal } from '../features/meals/testing.ts';

/**
 * Writes that lock one list wait for each other in the server, not in the database: there each would hold one of
 * the pool's 10 connections, and a burst on one list would leave none for anyone else: they run one or two at a
 * time in the server (`WriteQueue`). PostgreSQL only: PGlite has one connection,
 * and a transaction on it holds every other statement whatever the server does.
 */

let t: TestApp;
let ada: SignedInUser;
let bob: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  ada = await signUp(t, { name: 'Ada' });
  bob = await signUp(t, { name: 'Bob' });
});
afterAll(async () => { await t.close(); });

/**
 * Takes the list's lock in another transaction (another server process, say) and does `work` under it; answers the
 * function that commits it, giving the lock back.
 */
function holdList(listId: string, work?: (tx: Tx) => Promise<unknown>): Promise<() => Promise<void>> {
  return holdListOn(t, listId, work);
}

async function holdListOn(
  app: TestApp, listId: string, work: (tx: Tx) => Promise<unknown> = async () => {},
): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  let held!: () => void;
  const isHeld = new Promise<void>((resolve) => { held = resolve; });
  const holder = app.db.transaction(async (tx) => {
    await tx.execute(sql`select id from grocery_lists where id = ${listId} for update`);
    await work(tx);
    held();
    await released;
  });
  await isHeld;
  return async () => {
    release();
    await holder;
  };
}

/**
 * Fires `writes` while another transaction holds the list's lock, then checks that another family's call is answered
 * meanwhile; answers the writes once the lock is given back.
 */
async function burstOnLockedList(listId: string, writes: () => Promise<Answer>[]): Promise<Answer[]> {
  const release = await holdList(listId);
  const sent = writes();
  // Time for every write to get past its session lookup to where it waits for the list.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const other = await Promise.race([
    bob.call(accounts.me),
    new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 3000)),
  ]);
  await release();
  expect(other === 'waited' ? other : other.status).toBe(200);
  return Promise.all(sent);
}

const newList = async () =>
  (await ada.call(grocery.createList, { body: { familyId: ada.user.familyId, title: 'Weekly' } })).body.id as string;

it('a burst of adds to a locked list leaves connections for other families, and lays every add on the list', async () => {
  const listId = await newList();
  const answers = await burstOnLockedList(listId, () => Array.from({ length: 15 }, (_, i) => ada.call(grocery.addItem, {
    body: { name: `Item ${i}`, quantity: null, unit: null, category: null, listId, familyId: ada.user.familyId },
  })));
  expect(answers.map((a) => a.status)).toEqual(Array(15).fill(201));
  const items = await ada.call(grocery.getItems, { params: { listId } });
  expect(items.body.map((i: grocery.GroceryItem) => i.position)).toEqual(Array.from({ length: 15 }, (_, i) => i));
  expect(items.body.map((i: grocery.GroceryItem) => i.name).sort()).toEqual(Array.from({ length: 15 }, (_, i) => `Item ${i}`).sort());
});

it('an add waiting for the list\'s lock reads the list as its holder left it, and merges into the item added there', async () => {
  const listId = await newList();
  const familyId = ada.user.familyId!;
  const release = await holdList(listId, (tx) =>
    tx.insert(groceryItems).values({ familyId, listId, name: 'Milk', quantity: 1, position: 0 }));
  const adding = ada.call(grocery.addItem, {
    body: { name: 'milk', quantity: 1, unit: null, category: null, listId, familyId },
  });
  // Time for the add to reach the database and wait for the lock there.
  await new Promise((resolve) => setTimeout(resolve, 300));
  await release();
  const answer = await adding;
  expect(answer.status).toBe(201);
  expect(answer.body).toMatchObject({ name: 'Milk', quantity: 2, position: 0 });
  const items = await ada.call(grocery.getItems, { params: { listId } });
  expect(items.body.map((i: grocery.GroceryItem) => [i.name, i.quantity])).toEqual([['Milk', 2]]);
});

it('a burst of comments on a locked list leaves connections for other families', async () => {
  const listId = await newList();
  const answers = await burstOnLockedList(listId, () => Array.from({ length: 15 }, (_, i) => ada.call(grocery.addComment, {
    body: { listId, familyId: ada.user.familyId, text: `Note ${i}`, parentId: null },
  })));
  expect(answers.map((a) => a.status)).toEqual(Array(15).fill(201));
  const comments = await ada.call(grocery.getComments, { params: { listId } });
  expect(comments.body).toHaveLength(15);
});

it('check-offs, reorders and a meal\'s deletion clearing items\' links, all on one list at once, never deadlock', async () => {
  // Each raises the list's items version after writing its items (migration 0018): each must lock the list first.
  const listId = await newList();
  const familyId = ada.user.familyId!;
  const meal = await createMeal(ada);
  expect((await ada.call(meals.addMealToGroceryList, { params: { id: meal.id }, query: { groceryListId: listId } })).status).toBe(200);
  await t.db.insert(groceryItems).values(Array.from({ length: 10 }, (_, i) => ({ familyId, listId, name: `Item ${i}`, position: 10 + i })));
  const items = (await ada.call(grocery.getItems, { params: { listId } })).body as grocery.GroceryItem[];
  const reversed = (shift: number) => items.map((item, i) => ({ id: item.id, position: (items.length - 1 - i + shift) % items.length }));
  const answers = await Promise.all([
    ...items.map((item, i) => ada.call(grocery.updateItem, { params: { itemId: item.id }, body: { isPurchased: i % 2 === 0 } })),
    ...[0, 1, 2, 3].map((shift) => ada.call(grocery.reorderItems, { body: reversed(shift) })),
    ada.call(meals.deleteMeal, { params: { id: meal.id } }),
    ...items.map((item) => ada.call(grocery.updateItem, { params: { itemId: item.id }, body: { quantity: 3 } })),
  ]);
  expect(answers.map((a) => a.status).filter((status) => status >= 300)).toEqual([]);
  const after = (await ada.call(grocery.getItems, { params: { listId } })).body as grocery.GroceryItem[];
  expect(after.map((i) => i.quantity)).toEqual(Array(items.length).fill(3));
  expect(after.map((i) => i.addedFromRecipeId)).toEqual(Array(items.length).fill(null));
});

it('one key sent with adds to two lists at once adds once, and each add takes one write', async () => {
  // The second add waits on the key the first claimed, then finds it taken by the other list's add (another request:
  // 422). Writes a minute: 4, two of them the lists': an add that took its caller's write twice would answer 429.
  const strict = await createTestApp({ env: { WRITES_PER_MINUTE: '4' } });
  try {
    const cleo = await signUp(strict, { name: 'Cleo' });
    const lists = await Promise.all(['One', 'Two'].map(async (title) =>
      (await cleo.call(grocery.createList, { body: { familyId: cleo.user.familyId, title } })).body.id as string));
    const holders = await Promise.all(lists.map((listId) => holdListOn(strict, listId)));
    const adding = lists.map((listId) => cleo.call(grocery.addItem, {
      body: { name: 'Milk', quantity: 1, unit: null, category: null, listId, familyId: cleo.user.familyId },
      headers: { [idempotencyHeader]: 'same-key' },
    }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await Promise.all(holders.map((release) => release()));
    const answers = await Promise.all(adding);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
    expect(answers.find((a) => a.status === 422)!.body.message).toBe(idempotencyKeyReused);
    const onLists = await Promise.all(lists.map(async (listId) =>
      ((await cleo.call(grocery.getItems, { params: { listId } })).body as grocery.GroceryItem[]).length));
    expect(onLists.sort()).toEqual([0, 1]);
  } finally {
    await strict.close();
  }
});

it('a key sent twice while the list is locked adds once: the repeat, claimed behind the first, gets its answer', async () => {
  const listId = await newList();
  const release = await holdList(listId);
  const adding = [0, 1].map(() => ada.call(grocery.addItem, {
    body: { name: 'Bread', quantity: 1, unit: null, category: null, listId, familyId: ada.user.familyId },
    headers: { [idempotencyHeader]: 'locked-list-key' },
  }));
  await new Promise((resolve) => setTimeout(resolve, 300));
  await release();
  const [first, repeat] = await Promise.all(adding);
  expect([first!.status, repeat!.status]).toEqual([201, 201]);
  expect(repeat!.body).toEqual(first!.body);
  const items = (await ada.call(grocery.getItems, { params: { listId } })).body as grocery.GroceryItem[];
  expect(items.map((i) => [i.name, i.quantity])).toEqual([['Bread', 1]]);
});
