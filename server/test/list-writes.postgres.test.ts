import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as accounts from '@hearth/contract/accounts';
import * as grocery from '@hearth/contract/grocery';
import { rawRows } from '../platform/db/client.ts';
import { createTestApp, signUp, type Answer, type SignedInUser, type TestApp } from './harness.ts';

/**
 * Writes that lock one list wait for each other in the server, not in the database: there each would hold one of
 * the pool's 10 connections, and a burst on one list would leave none for anyone else. Item adds go in batches
 * (`ItemAdds`), other list writes one or two at a time (`WriteQueue`). PostgreSQL only: PGlite has one connection,
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
 * Fires `writes` while another transaction (another server process, say) holds the list's lock, then checks that
 * another family's call is answered meanwhile; answers the writes once the lock is given back.
 */
async function burstOnLockedList(listId: string, writes: () => Promise<Answer>[]): Promise<Answer[]> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => { locked = resolve; });
  const holder = t.db.transaction(async (tx) => {
    await tx.execute(sql`select id from grocery_lists where id = ${listId} for update`);
    locked();
    await released;
  });
  await isLocked;
  const sent = writes();
  // Time for every write to get past its session lookup to where it waits for the list.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const other = await Promise.race([
    bob.call(accounts.me),
    new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 3000)),
  ]);
  release();
  await holder;
  expect(other === 'waited' ? other : other.status).toBe(200);
  return Promise.all(sent);
}

const newList = async () =>
  (await ada.call(grocery.createList, { body: { familyId: ada.user.familyId, title: 'Weekly' } })).body.id as string;

it('a burst of adds to a locked list leaves connections for other families, and is written in one transaction', async () => {
  const listId = await newList();
  const answers = await burstOnLockedList(listId, () => Array.from({ length: 15 }, (_, i) => ada.call(grocery.addItem, {
    body: { name: `Item ${i}`, quantity: null, unit: null, category: null, listId, familyId: ada.user.familyId },
  })));
  expect(answers.map((a) => a.status)).toEqual(Array(15).fill(201));
  const items = await ada.call(grocery.getItems, { params: { listId } });
  expect(items.body.map((i: grocery.GroceryItem) => i.position)).toEqual(Array.from({ length: 15 }, (_, i) => i));
  expect(items.body.map((i: grocery.GroceryItem) => i.name).sort()).toEqual(Array.from({ length: 15 }, (_, i) => `Item ${i}`).sort());
  // The first add's batch waited for the lock, and took its adds once it had it: the 14 that came meanwhile too.
  const [row] = await rawRows<{ n: number }>(t.db,
    sql`select count(distinct xmin::text)::int as n from grocery_items where list_id = ${listId}`);
  expect(row!.n).toBe(1);
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
