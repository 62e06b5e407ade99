import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as api from '@hearth/contract/grocery';
import type { Endpoint } from '@hearth/contract/endpoint';
import { noFamilyMessage, readOnlyMessage } from '../../platform/auth/family-access.ts';
import { familyMembers, users } from '../../platform/db/schema.ts';
import { createTestApp, signUp, type CallInput, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { groceryState, joinAs, newItem, newList, newMeal, newRecurring } from './test-helpers.ts';

let t: TestApp;
let ada: SignedInUser;
let ed: SignedInUser;
let ro: SignedInUser;
let oz: SignedInUser;
let a: { familyId: string; listId: string; itemId: string; commentId: string; recurringId: string; mealId: string };
let b: { familyId: string; listId: string; itemId: string; recurringId: string };

async function comment(user: SignedInUser, listId: string): Promise<string> {
  const res = await user.call(api.addComment, { body: { listId, text: 'hello' } });
  return res.body.id;
}

beforeAll(async () => {
  t = await createTestApp();
  ada = await signUp(t, { name: 'Ada' });
  ed = await joinAs(t, ada, 'EDIT', 'Ed');
  ro = await joinAs(t, ada, 'READ_ONLY', 'Ro');
  oz = await signUp(t, { name: 'Oz' });
  const listA = await newList(ada, 'A list');
  a = {
    familyId: ada.user.familyId!, listId: listA, itemId: (await newItem(ada, listA, 'A item')).id,
    commentId: await comment(ada, listA), recurringId: (await newRecurring(ada, listA, 'A weekly')).id,
    mealId: await newMeal(t, ada.user.familyId!),
  };
  const listB = await newList(oz, 'B list');
  b = {
    familyId: oz.user.familyId!, listId: listB, itemId: (await newItem(oz, listB, 'B item')).id,
    recurringId: (await newRecurring(oz, listB, 'B weekly')).id,
  };
});
afterAll(async () => { await t.close(); });

type Call = [name: string, endpoint: Endpoint, input: () => CallInput];
const recurringBody = (listId: string, familyId?: string) => ({
  name: 'x', quantity: 1, unit: null, listId, frequency: 'WEEKLY', ...(familyId ? { familyId } : {}),
});

describe('another family\'s member', () => {
  // Every call, by an admin of family B, naming something of family A in the path or inside the payload.
  const foreign: Call[] = [
    ['list lists of A', api.getLists, () => ({ params: { familyId: a.familyId } })],
    ['create a list in A', api.createList, () => ({ body: { familyId: a.familyId, title: 'x' } })],
    ['delete A\'s list', api.deleteList, () => ({ params: { listId: a.listId } })],
    ['read A\'s items', api.getItems, () => ({ params: { listId: a.listId } })],
    ['add to A\'s list', api.addItem, () => ({ body: { name: 'x', listId: a.listId } })],
    ['add with A\'s familyId', api.addItem, () => ({ body: { name: 'x', listId: b.listId, familyId: a.familyId } })],
    ['add with A\'s recurring item', api.addItem, () => ({ body: { name: 'x', listId: b.listId, recurringItemId: a.recurringId } })],
    ['add with A\'s recipe', api.addItem, () => ({ body: { name: 'x', listId: b.listId, addedFromRecipeId: a.mealId } })],
    ['update A\'s item', api.updateItem, () => ({ params: { itemId: a.itemId }, body: { isPurchased: true, name: 'x' } })],
    ['delete A\'s item', api.deleteItem, () => ({ params: { itemId: a.itemId } })],
    ['reorder A\'s list', api.reorderItems, () => ({ body: [{ id: a.itemId, position: 0 }] })],
    ['reorder with an item of A', api.reorderItems, () => ({ body: [{ id: b.itemId, position: 0 }, { id: a.itemId, position: 1 }] })],
    ['read A\'s comments', api.getComments, () => ({ params: { listId: a.listId } })],
    ['comment on A\'s list', api.addComment, () => ({ body: { listId: a.listId, text: 'x' } })],
    ['reply to A\'s comment', api.addComment, () => ({ body: { listId: b.listId, text: 'x', parentId: a.commentId } })],
    ['comment with A\'s familyId', api.addComment, () => ({ body: { listId: b.listId, familyId: a.familyId, text: 'x' } })],
    ['archive A\'s comment', api.archiveComment, () => ({ params: { id: a.commentId } })],
    ['clear A\'s conversation', api.archiveListComments, () => ({ params: { listId: a.listId } })],
    ['list A\'s recurring items', api.getRecurringItems, () => ({ params: { familyId: a.familyId } })],
    ['recurring item on A\'s list', api.createRecurringItem, () => ({ body: recurringBody(a.listId) })],
    ['recurring item with A\'s familyId', api.createRecurringItem, () => ({ body: recurringBody(b.listId, a.familyId) })],
    ['update A\'s recurring item', api.updateRecurringItem, () => ({ params: { id: a.recurringId }, body: recurringBody(b.listId) })],
    ['move own recurring item to A\'s list', api.updateRecurringItem, () => ({ params: { id: b.recurringId }, body: recurringBody(a.listId) })],
    ['delete A\'s recurring item', api.deleteRecurringItem, () => ({ params: { id: a.recurringId } })],
  ];

  it.each(foreign)('gets 404 and changes nothing: %s', async (_, endpoint, input) => {
    const before = [await groceryState(t, a.familyId), await groceryState(t, b.familyId)];
    const res = await oz.call(endpoint, input());
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
    expect([await groceryState(t, a.familyId), await groceryState(t, b.familyId)]).toEqual(before);
  });
});

describe('permission levels', () => {
  const writes: Call[] = [
    ['create a list', api.createList, () => ({ body: { title: 'x' } })],
    ['delete a list', api.deleteList, () => ({ params: { listId: a.listId } })],
    ['add an item', api.addItem, () => ({ body: { name: 'x', listId: a.listId } })],
    ['update an item', api.updateItem, () => ({ params: { itemId: a.itemId }, body: { isPurchased: true } })],
    ['delete an item', api.deleteItem, () => ({ params: { itemId: a.itemId } })],
    ['reorder', api.reorderItems, () => ({ body: [{ id: a.itemId, position: 0 }] })],
    ['comment', api.addComment, () => ({ body: { listId: a.listId, text: 'x' } })],
    ['archive a comment', api.archiveComment, () => ({ params: { id: a.commentId } })],
    ['clear the conversation', api.archiveListComments, () => ({ params: { listId: a.listId } })],
    ['create a recurring item', api.createRecurringItem, () => ({ body: recurringBody(a.listId) })],
    ['update a recurring item', api.updateRecurringItem, () => ({ params: { id: a.recurringId }, body: recurringBody(a.listId) })],
    ['delete a recurring item', api.deleteRecurringItem, () => ({ params: { id: a.recurringId } })],
  ];

  it.each(writes)('READ_ONLY gets 403 with a message and changes nothing: %s', async (_, endpoint, input) => {
    const before = await groceryState(t, a.familyId);
    const res = await ro.call(endpoint, input());
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(readOnlyMessage);
    expect(await groceryState(t, a.familyId)).toEqual(before);
  });

  it('READ_ONLY reads lists, items, comments and recurring items', async () => {
    expect((await ro.call(api.getLists, { params: { familyId: a.familyId } })).body.map((l: api.GroceryList) => l.id))
      .toContain(a.listId);
    expect((await ro.call(api.getItems, { params: { listId: a.listId } })).status).toBe(200);
    expect((await ro.call(api.getComments, { params: { listId: a.listId } })).status).toBe(200);
    expect((await ro.call(api.getRecurringItems, { params: { familyId: a.familyId } })).status).toBe(200);
  });

  it('EDIT may make every change', async () => {
    const listId = await newList(ed, 'Ed list');
    const item = await newItem(ed, listId, 'Milk');
    const other = await newItem(ed, listId, 'Eggs');
    const ok = async (endpoint: Endpoint, input: CallInput) => {
      const res = await ed.call(endpoint, input);
      expect(res.status, `${endpoint.method} ${endpoint.path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      return res.body;
    };
    await ok(api.updateItem, { params: { itemId: item.id }, body: { isPurchased: true } });
    await ok(api.reorderItems, { body: [{ id: item.id, position: 0 }, { id: other.id, position: 1 }] });
    await ok(api.deleteItem, { params: { itemId: other.id } });
    const posted = await ok(api.addComment, { body: { listId, text: 'hi' } });
    await ok(api.archiveComment, { params: { id: posted.id } });
    await ok(api.archiveListComments, { params: { listId } });
    const recurring = await ok(api.createRecurringItem, { body: recurringBody(listId) });
    await ok(api.updateRecurringItem, { params: { id: recurring.id }, body: { ...recurringBody(listId), name: 'y' } });
    await ok(api.deleteRecurringItem, { params: { id: recurring.id } });
    await ok(api.deleteList, { params: { listId } });
  });

  it('a user without a family gets 403 on reads and writes', async () => {
    const loner = await signUp(t, { name: 'Loner' });
    await t.db.delete(familyMembers).where(eq(familyMembers.userId, loner.user.id));
    await t.db.update(users).set({ familyId: null }).where(eq(users.id, loner.user.id));
    const read = await loner.call(api.getLists, { params: { familyId: a.familyId } });
    expect([read.status, read.body.message]).toEqual([403, noFamilyMessage]);
    const write = await loner.call(api.createList, { body: { title: 'x' } });
    expect([write.status, write.body.message]).toEqual([403, noFamilyMessage]);
  });
});
