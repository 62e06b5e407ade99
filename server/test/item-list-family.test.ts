import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { groceryItems, groceryLists } from '../platform/db/schema.ts';
import { createTestApp, signUp, type SignedInUser, type TestApp } from './harness.ts';
import { newItem, newList } from '../features/grocery/test-helpers.ts';

/** An item refers to its list and that list's family as one pair (migration 0017). */

let t: TestApp;
let ada: SignedInUser;
let bob: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  ada = await signUp(t, { name: 'Ada' });
  bob = await signUp(t, { name: 'Bob' });
});
afterAll(async () => { await t.close(); });

const itemsIn = async (listId: string) =>
  (await t.db.select({ n: count() }).from(groceryItems).where(eq(groceryItems.listId, listId)))[0]!.n;

describe('an item and its list', () => {
  it('the database refuses an item in a list of another family', async () => {
    const listId = await newList(ada, 'Market');
    const insert = t.db.insert(groceryItems).values({ listId, familyId: bob.user.familyId!, name: 'Stray', position: 0 });
    await expect(insert).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23503' }) });
    expect(await itemsIn(listId)).toBe(0);
  });

  it('a list\'s items go with it', async () => {
    const listId = await newList(ada, 'Hardware');
    await newItem(ada, listId, 'Nails');
    await newItem(ada, listId, 'Glue');
    expect(await itemsIn(listId)).toBe(2);
    await t.db.delete(groceryLists).where(eq(groceryLists.id, listId));
    expect(await itemsIn(listId)).toBe(0);
  });
});
