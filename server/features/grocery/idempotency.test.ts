import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { idempotencyHeader, idempotencyKeyInvalid, idempotencyKeyReused } from '@hearth/contract/endpoint';
import * as api from '@hearth/contract/grocery';
import { idempotencyKeys } from '../../platform/db/schema.ts';
import { days } from '../../platform/clock.ts';
import { Idempotency } from '../../platform/idempotency.ts';
import { idempotencyKeyDays } from '../../app.ts';
import { createTestApp, signUp, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { itemsOf, joinAs, newItem, newList, newMeal, newRecurring } from './test-helpers.ts';

let t: TestApp;
let ada: SignedInUser;
let ben: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  ada = await signUp(t, { name: 'Ada' });
  ben = await joinAs(t, ada, 'EDIT', 'Ben');
});
afterAll(async () => { await t.close(); });

const keyed = (key: string) => ({ [idempotencyHeader]: key });
const milk = (user: SignedInUser, listId: string) => ({
  name: 'Milk', quantity: 1, unit: null, category: null, listId, familyId: user.user.familyId,
});
const addMilk = (user: SignedInUser, listId: string, key: string) =>
  user.call(api.addItem, { body: milk(user, listId), headers: keyed(key) });

describe('creates with an Idempotency-Key', () => {
  it('adds an item once for the same key twice and answers the first answer again', async () => {
    const listId = await newList(ada);
    const key = crypto.randomUUID();
    const first = await addMilk(ada, listId, key);
    const again = await addMilk(ada, listId, key);
    expect(first.status).toBe(201);
    expect([again.status, again.body]).toEqual([201, first.body]);
    // Without the key the same name would have been merged into quantity 2.
    expect((await itemsOf(ada, listId)).map((i) => [i.name, i.quantity])).toEqual([['Milk', 1]]);
  });

  it('answers a repeat with the answer its add stored in its own statement: every field, of a new item and of a merge', async () => {
    const listId = await newList(ada);
    const recurring = await newRecurring(ada, listId, 'Coffee');
    const mealId = await newMeal(t, ada.user.familyId!);
    const coffee = {
      name: 'Coffee', quantity: 1.25, unit: 'kg', category: 'Drinks', recurrence: 'weekly', recurringItemId: recurring.id,
      addedFromRecipeId: mealId, listId, familyId: ada.user.familyId,
    };
    await newItem(ada, listId, 'Tea');
    const keys = [crypto.randomUUID(), crypto.randomUUID()];
    const sent = [coffee, { ...coffee, name: 'coffee', quantity: 0.5, unit: 'KG', recurringItemId: null, addedFromRecipeId: null }];
    const first = [];
    for (const [i, body] of sent.entries()) first.push(await ada.call(api.addItem, { body, headers: keyed(keys[i]!) }));
    expect(first.map((a) => [a.status, a.body.quantity, a.body.position])).toEqual([[201, 1.25, 0], [201, 1.75, 0]]);
    await newItem(ada, listId, 'Sugar');
    for (const [i, body] of sent.entries()) {
      const again = await ada.call(api.addItem, { body, headers: keyed(keys[i]!) });
      expect([again.status, again.body]).toEqual([201, first[i]!.body]);
    }
    expect((await itemsOf(ada, listId)).map((i) => [i.name, i.quantity])).toEqual([['Sugar', null], ['Coffee', 1.75], ['Tea', null]]);
  });

  it('adds once for a parallel burst of the same key', async () => {
    const listId = await newList(ada);
    const key = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 8 }, () => addMilk(ada, listId, key)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect((await itemsOf(ada, listId)).map((i) => [i.name, i.quantity])).toEqual([['Milk', 1]]);
  });

  it('adds once for one key sent at once to two lists: the add that happened is answered, the other list\'s refused', async () => {
    const lists = [await newList(ada), await newList(ada)];
    const key = crypto.randomUUID();
    const answers = await Promise.all([...lists, ...lists].map((listId) => addMilk(ada, listId, key)));
    const added = answers.filter((a) => a.status === 201);
    expect(added).toHaveLength(2);
    expect(new Set(added.map((a) => a.body.listId)).size).toBe(1);
    expect(new Set(added.map((a) => a.body.id)).size).toBe(1);
    expect(answers.filter((a) => a.status === 422).map((a) => a.body.message)).toEqual([idempotencyKeyReused, idempotencyKeyReused]);
    const items = await Promise.all(lists.map((listId) => itemsOf(ada, listId)));
    expect(items.flat().map((i) => [i.name, i.quantity])).toEqual([['Milk', 1]]);
  });

  it('refuses (422) a key sent again with another request, on item adds and on other creates', async () => {
    const listId = await newList(ada);
    const key = crypto.randomUUID();
    const refused = { code: 'UNPROCESSABLE', message: idempotencyKeyReused };
    expect((await addMilk(ada, listId, key)).status).toBe(201);
    const eggs = await ada.call(api.addItem, { body: { ...milk(ada, listId), name: 'Eggs' }, headers: keyed(key) });
    expect([eggs.status, eggs.body]).toEqual([422, refused]);
    const moreMilk = await ada.call(api.addItem, { body: { ...milk(ada, listId), quantity: 2 }, headers: keyed(key) });
    expect([moreMilk.status, moreMilk.body]).toEqual([422, refused]);
    // The request it was first sent with is still answered.
    expect((await addMilk(ada, listId, key)).status).toBe(201);
    expect((await itemsOf(ada, listId)).map((i) => [i.name, i.quantity])).toEqual([['Milk', 1]]);

    const familyId = ada.user.familyId!;
    const listKey = crypto.randomUUID();
    expect((await ada.call(api.createList, { body: { familyId, title: 'Fair' }, headers: keyed(listKey) })).status).toBe(201);
    const other = await ada.call(api.createList, { body: { familyId, title: 'Bakery' }, headers: keyed(listKey) });
    expect([other.status, other.body]).toEqual([422, refused]);
    const titles = ((await ada.call(api.getLists, { params: { familyId } })).body as api.GroceryList[]).map((l) => l.title);
    expect(titles.filter((title) => title === 'Fair' || title === 'Bakery')).toEqual(['Fair']);

    const commentKey = crypto.randomUUID();
    const comment = (text: string) => ada.call(api.addComment, {
      body: { listId, familyId, text, parentId: null }, headers: keyed(commentKey),
    });
    expect((await comment('Bring bags')).status).toBe(201);
    expect([(await comment('No bags')).status, (await comment('No bags')).body]).toEqual([422, refused]);
    expect((await ada.call(api.getComments, { params: { listId } })).body.map((c: api.GroceryComment) => c.text)).toEqual(['Bring bags']);
  });

  it('runs one request of a parallel burst sending one key with different bodies, and refuses the others', async () => {
    const listId = await newList(ada);
    const familyId = ada.user.familyId!;
    const names = ['Apples', 'Bread', 'Cheese', 'Dates', 'Eggs', 'Figs'];
    const itemKey = crypto.randomUUID();
    const adds = await Promise.all([...names, ...names].map((name) => ada.call(api.addItem, {
      body: { ...milk(ada, listId), name }, headers: keyed(itemKey),
    })));
    const added = adds.filter((a) => a.status === 201);
    expect(added).toHaveLength(2);
    expect(new Set(added.map((a) => a.body.id)).size).toBe(1);
    expect(adds.filter((a) => a.status === 422)).toHaveLength(10);
    expect((await itemsOf(ada, listId)).map((i) => i.name)).toEqual([added[0]!.body.name]);

    const listKey = crypto.randomUUID();
    const creates = await Promise.all(names.map((title) => ada.call(api.createList, {
      body: { familyId, title: `Burst ${title}` }, headers: keyed(listKey),
    })));
    expect(creates.map((c) => c.status).sort()).toEqual([201, 422, 422, 422, 422, 422]);
    const titles = ((await ada.call(api.getLists, { params: { familyId } })).body as api.GroceryList[]).map((l) => l.title);
    expect(titles.filter((title) => title.startsWith('Burst '))).toEqual([creates.find((c) => c.status === 201)!.body.title]);
  });

  it('keeps two users\' same key apart, and one user\'s key apart on two routes', async () => {
    const listId = await newList(ada);
    const key = crypto.randomUUID();
    await addMilk(ada, listId, key);
    await addMilk(ben, listId, key);
    const comment = await ada.call(api.addComment, {
      body: { listId, familyId: ada.user.familyId, text: 'Oat milk?', parentId: null }, headers: keyed(key),
    });
    expect(comment.status).toBe(201);
    expect((await itemsOf(ada, listId)).map((i) => [i.name, i.quantity])).toEqual([['Milk', 2]]);
  });

  it('creates a list and a comment once for a repeated key', async () => {
    const key = crypto.randomUUID();
    const familyId = ada.user.familyId!;
    const body = { familyId, title: 'Market' };
    const lists = await Promise.all([1, 2].map(() => ada.call(api.createList, { body, headers: keyed(key) })));
    expect(lists[1]!.body).toEqual(lists[0]!.body);
    const all = (await ada.call(api.getLists, { params: { familyId } })).body as api.GroceryList[];
    expect(all.filter((l) => l.title === 'Market')).toHaveLength(1);

    const listId = lists[0]!.body.id as string;
    const post = () => ada.call(api.addComment, {
      body: { listId, familyId: ada.user.familyId, text: 'Bring bags', parentId: null }, headers: keyed(key),
    });
    const [c1, c2] = [await post(), await post()];
    expect(c2.body).toEqual(c1.body);
    expect((await ada.call(api.getComments, { params: { listId } })).body).toHaveLength(1);
  });

  it('runs anew after a refused first attempt, since the refusal kept nothing', async () => {
    const listId = await newList(ada);
    const key = crypto.randomUUID();
    const refused = await ada.call(api.addItem, { body: { ...milk(ada, listId), name: '' }, headers: keyed(key) });
    expect(refused.status).toBe(400);
    const missing = await ada.call(api.addItem, {
      body: { ...milk(ada, listId), listId: crypto.randomUUID() }, headers: keyed(key),
    });
    expect(missing.status).toBe(404);
    expect((await addMilk(ada, listId, key)).status).toBe(201);
  });

  it('refuses an empty or overlong key', async () => {
    const listId = await newList(ada);
    for (const key of ['', 'k'.repeat(201)]) {
      const res = await addMilk(ada, listId, key);
      expect([res.status, res.body.message]).toEqual([400, idempotencyKeyInvalid]);
    }
    expect(await itemsOf(ada, listId)).toEqual([]);
  });

  it(`forgets keys after ${idempotencyKeyDays} days`, async () => {
    const listId = await newList(ada);
    const old = crypto.randomUUID();
    await addMilk(ada, listId, old);
    t.clock.advance(days(idempotencyKeyDays) - 1000);
    const recent = crypto.randomUUID();
    await addMilk(ada, listId, recent);
    t.clock.advance(2000);
    await new Idempotency(t.db, t.clock).prune(days(idempotencyKeyDays));
    const left = async (key: string) => (await t.db.select({ n: count() }).from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, key)))[0]!.n;
    expect([await left(old), await left(recent)]).toEqual([0, 1]);
  });
});

describe('rebased reorder', () => {
  it('lays an order made earlier over the list as it is now', async () => {
    const listId = await newList(ada);
    const add = async (name: string) => (await ada.call(api.addItem, {
      body: { ...milk(ada, listId), name, quantity: null },
    })).body as api.GroceryItem;
    const [c, b, a] = [await add('C'), await add('B'), await add('A')];
    // Made offline on A B C: C first. Meanwhile B was deleted and D added at the top.
    const order = [c, a, b].map((i, position) => ({ id: i.id, position }));
    await ada.call(api.deleteItem, { params: { itemId: b.id } });
    await add('D');
    const res = await ada.call(api.reorderItems, { body: order, query: { rebase: true } });
    expect(res.status).toBe(200);
    expect(res.body.map((i: api.GroceryItem) => [i.name, i.position])).toEqual([['D', 0], ['C', 1], ['A', 2]]);
  });

  it('answers 404 when none of the ids is left', async () => {
    const res = await ada.call(api.reorderItems, { body: [{ id: crypto.randomUUID(), position: 0 }], query: { rebase: true } });
    expect(res.status).toBe(404);
  });
});
