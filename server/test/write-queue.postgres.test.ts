import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as accounts from '@hearth/contract/accounts';
import * as grocery from '@hearth/contract/grocery';
import { createTestApp, signUp, type TestApp } from './harness.ts';

/**
 * Writes that lock one list wait for each other in the server, not in the database: there each would hold one of
 * the pool's 10 connections, and a burst on one list would leave none for anyone else. PostgreSQL only: PGlite has
 * one connection, and a transaction on it holds every other statement whatever the server does.
 */

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

it('a burst of adds to a locked list leaves connections for other families', async () => {
  const ada = await signUp(t, { name: 'Ada' });
  const bob = await signUp(t, { name: 'Bob' });
  const familyId = ada.user.familyId!;
  const listId = (await ada.call(grocery.createList, { body: { familyId, title: 'Weekly' } })).body.id as string;

  let release!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => { locked = resolve; });
  // Another server process, say, holding the list's lock.
  const holder = t.db.transaction(async (tx) => {
    await tx.execute(sql`select id from grocery_lists where id = ${listId} for update`);
    locked();
    await released;
  });
  await isLocked;

  const adds = Array.from({ length: 15 }, (_, i) => ada.call(grocery.addItem, {
    body: { name: `Item ${i}`, quantity: null, unit: null, category: null, listId, familyId },
  }));
  // Time for every add to get past its session lookup to where it waits for the list.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const other = await Promise.race([
    bob.call(accounts.me),
    new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 3000)),
  ]);
  release();
  await holder;
  expect(other === 'waited' ? other : other.status).toBe(200);
  const answers = await Promise.all(adds);
  expect(answers.map((a) => a.status)).toEqual(Array(15).fill(201));
  const items = await ada.call(grocery.getItems, { params: { listId } });
  expect(items.body.map((i: grocery.GroceryItem) => i.position)).toEqual(Array.from({ length: 15 }, (_, i) => i));
  expect(items.body.map((i: grocery.GroceryItem) => i.name).sort()).toEqual(Array.from({ length: 15 }, (_, i) => `Item ${i}`).sort());
});
