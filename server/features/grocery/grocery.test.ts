import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import * as api from '@hearth/contract/grocery';
import { groceryComments, groceryItems, groceryLists, meals, recurringItems, familyEvents } from '../../platform/db/schema.ts';
import { familyOfOne, signUp, statementsOf, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { itemsOf, namesOf, newItem, newList, newMeal, newRecurring } from './test-helpers.ts';

const m = api.groceryMessages;
let t: TestApp;
let ada: SignedInUser;
beforeAll(async () => { ({ t, member: ada } = await familyOfOne()); });
afterAll(async () => { await t.close(); });

const positions = (items: api.GroceryItem[]) => items.map((i) => i.position);

describe('grocery lists', () => {
  it('creates a list of the caller\'s family, answers it and records create_list', async () => {
    const res = await ada.call(api.createList, { body: { familyId: ada.user.familyId, title: '  Costco  ' } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), title: 'Costco', familyId: ada.user.familyId, openItemCount: 0 });
    const events = await t.db.select().from(familyEvents)
      .where(and(eq(familyEvents.type, 'create_list'), eq(familyEvents.actorId, ada.user.id)));
    expect(events.map((e) => e.subjectId)).toContainEqual(res.body.id);
  });

  it('accepts the payload without familyId (the caller\'s family is used)', async () => {
    const res = await ada.call(api.createList, { body: { title: 'No family id' } });
    expect(res.status).toBe(201);
    expect(res.body.familyId).toBe(ada.user.familyId);
  });

  it('lists the family\'s lists, oldest first', async () => {
    const bo = await signUp(t, { name: 'Bo' });
    await newList(bo, 'First');
    t.clock.advance(1000);
    await newList(bo, 'Second');
    const res = await bo.call(api.getLists, { params: { familyId: bo.user.familyId! } });
    expect(res.status).toBe(200);
    expect(res.body.map((l: api.GroceryList) => l.title)).toEqual(['First', 'Second']);
  });

  it('counts each list\'s items still to buy, not the purchased ones, nor another list\'s', async () => {
    const di = await signUp(t, { name: 'Di' });
    const full = await newList(di, 'Full');
    t.clock.advance(1000);
    const empty = await newList(di, 'Empty');
    const other = await newList(ada, 'Ada\'s');
    for (const name of ['Milk', 'Eggs', 'Bread']) await newItem(di, full, name);
    await newItem(ada, other, 'Tea');
    const bought = await newItem(di, full, 'Jam');
    await di.call(api.updateItem, { params: { itemId: bought.id }, body: { isPurchased: true } });
    await newItem(di, full, 'milk');
    const res = await di.call(api.getLists, { params: { familyId: di.user.familyId! } });
    expect(res.body.map((l: api.GroceryList) => [l.id, l.openItemCount])).toEqual([[full, 3], [empty, 0]]);
  });

  it('refuses a blank or too long title', async () => {
    const blank = await ada.call(api.createList, { body: { title: '   ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(m.titleRequired);
    const long = await ada.call(api.createList, { body: { title: 'x'.repeat(api.groceryLimits.titleMax + 1) } });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(m.titleTooLong);
  });

  it('deletes a list with its items, comments and recurring items', async () => {
    const listId = await newList(ada, 'Doomed');
    await newItem(ada, listId, 'Milk');
    await newRecurring(ada, listId, 'Bread');
    await ada.call(api.addComment, { body: { listId, text: 'hi' } });
    const res = await ada.call(api.deleteList, { params: { listId } });
    expect(res.status).toBe(204);
    expect(await t.db.select().from(groceryLists).where(eq(groceryLists.id, listId))).toHaveLength(0);
    expect(await t.db.select().from(groceryItems).where(eq(groceryItems.listId, listId))).toHaveLength(0);
    expect(await t.db.select().from(groceryComments).where(eq(groceryComments.listId, listId))).toHaveLength(0);
    expect(await t.db.select().from(recurringItems).where(eq(recurringItems.listId, listId))).toHaveLength(0);
    expect((await ada.call(api.getItems, { params: { listId } })).status).toBe(404);
    expect((await ada.call(api.deleteList, { params: { listId } })).status).toBe(404);
  });
});

describe('grocery items', () => {
  it('puts a new item unpurchased at position 0 and moves the others down, whatever the payload says', async () => {
    const listId = await newList(ada);
    await newItem(ada, listId, 'Milk');
    await newItem(ada, listId, 'Eggs');
    const created = await newItem(ada, listId, 'Bread', { isPurchased: true, position: 7 });
    expect(created).toMatchObject({ name: 'Bread', position: 0, isPurchased: false, listId, familyId: ada.user.familyId });
    const items = await itemsOf(ada, listId);
    expect(items.map((i) => i.name)).toEqual(['Bread', 'Eggs', 'Milk']);
    expect(positions(items)).toEqual([0, 1, 2]);
  });

  it('answers the created item with every field, and records add_grocery_item', async () => {
    const listId = await newList(ada);
    const res = await ada.call(api.addItem, {
      body: {
        name: '  Apples ', quantity: 3, unit: ' lbs ', category: 'produce', listId, familyId: ada.user.familyId,
        isPurchased: false, position: 0, recurrence: 'weekly',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String), name: 'Apples', quantity: 3, unit: 'lbs', category: 'produce', recurrence: 'weekly',
      position: 0, isPurchased: false, listId, familyId: ada.user.familyId, recurringItemId: null, addedFromRecipeId: null,
    });
    const events = await t.db.select().from(familyEvents).where(eq(familyEvents.type, 'add_grocery_item'));
    expect(events.map((e) => [e.subjectId, e.data])).toContainEqual([res.body.id, { listId }]);
  });

  it('stores a blank unit and an empty quantity as null, and chooses the category of one left blank', async () => {
    const listId = await newList(ada);
    const item = await newItem(ada, listId, 'Salt', { unit: '  ', category: '', quantity: null });
    expect(item).toMatchObject({ unit: null, category: 'Pantry', quantity: null, recurrence: 'none' });
  });

  it('keeps decimal quantities as sent, whole numbers unchanged', async () => {
    const listId = await newList(ada);
    expect((await newItem(ada, listId, 'Cream', { quantity: 0.5, unit: 'cup' })).quantity).toBe(0.5);
    expect((await newItem(ada, listId, 'Beef', { quantity: 1.5, unit: 'lbs' })).quantity).toBe(1.5);
    expect((await newItem(ada, listId, 'Eggs', { quantity: 12 })).quantity).toBe(12);
    expect((await itemsOf(ada, listId)).map((i) => i.quantity)).toEqual([12, 1.5, 0.5]);
  });

  it('reads every item back as its add and its edit answered it, whatever the text and the decimals', async () => {
    const listId = await newList(ada);
    const texts = ['Say "cheese"', 'C:\\pantry\\rice', 'Crème fraîche 🧀', 'Tab\there', '</script>'];
    const added = [];
    for (const [i, name] of texts.entries()) {
      added.push(await newItem(ada, listId, name, { quantity: [0.001, 0.333, 2 / 3, 99_999.999, 7][i]!, unit: name, category: name }));
    }
    // Each add went on top, so the first is now last.
    expect(await itemsOf(ada, listId)).toEqual(added.reverse().map((item, position) => ({ ...item, position })));
    const edited = await ada.call(api.updateItem, {
      params: { itemId: added[0]!.id },
      body: { name: 'Ä "new" \\ name', quantity: 12.5, unit: null, category: 'Ünits', recurrence: 'monthly', isPurchased: true },
    });
    expect(edited.status).toBe(200);
    expect((await itemsOf(ada, listId))[0]).toEqual(edited.body);
  });

  it('refuses a blank name, a too long one, and a quantity that is negative, too large or not a number', async () => {
    const listId = await newList(ada);
    const add = (body: Record<string, unknown>) => ada.call(api.addItem, { body: { name: 'x', listId, ...body } });
    const blank = await add({ name: '   ' });
    expect([blank.status, blank.body.message]).toEqual([400, m.itemNameRequired]);
    const long = await add({ name: 'x'.repeat(api.groceryLimits.itemNameMax + 1) });
    expect([long.status, long.body.message]).toEqual([400, m.itemNameTooLong]);
    for (const quantity of [-1, api.groceryLimits.quantityMax + 1, '2']) {
      const res = await add({ quantity });
      expect([res.status, res.body.message]).toEqual([400, m.quantityInvalid]);
    }
    const unit = await add({ unit: 'u'.repeat(api.groceryLimits.unitMax + 1) });
    expect([unit.status, unit.body.message]).toEqual([400, m.unitTooLong]);
    const category = await add({ category: 'c'.repeat(api.groceryLimits.categoryMax + 1) });
    expect([category.status, category.body.message]).toEqual([400, m.categoryTooLong]);
    expect(await itemsOf(ada, listId)).toEqual([]);
  });

  it('links an item to a recurring item of the same list, and refuses one of another list', async () => {
    const listId = await newList(ada);
    const otherList = await newList(ada, 'Other');
    const recurring = await newRecurring(ada, listId, 'Bread');
    const item = await newItem(ada, listId, 'Bread', { recurringItemId: recurring.id, recurrence: 'weekly' });
    expect(item.recurringItemId).toBe(recurring.id);
    const wrong = await ada.call(api.addItem, { body: { name: 'Bread', listId: otherList, recurringItemId: recurring.id } });
    expect([wrong.status, wrong.body.message]).toEqual([400, m.recurringOtherList]);
  });

  it('marks an item added from a recipe of the family', async () => {
    const listId = await newList(ada);
    const mealId = await newMeal(t, ada.user.familyId!);
    const item = await newItem(ada, listId, 'Carrots', { addedFromRecipeId: mealId });
    expect(item.addedFromRecipeId).toBe(mealId);
  });

  it('answers 404 for an unknown list', async () => {
    const res = await ada.call(api.addItem, { body: { name: 'x', listId: crypto.randomUUID() } });
    expect([res.status, res.body.message]).toEqual([404, m.listNotFound]);
  });

  it('updates the fields sent, keeps the others and leaves the position alone', async () => {
    const listId = await newList(ada);
    const milk = await newItem(ada, listId, 'Milk', { quantity: 2, unit: 'l', category: 'dairy' });
    await newItem(ada, listId, 'Eggs');
    const toggled = await ada.call(api.updateItem, { params: { itemId: milk.id }, body: { isPurchased: true } });
    expect(toggled.status).toBe(200);
    expect(toggled.body).toMatchObject({ name: 'Milk', quantity: 2, unit: 'l', category: 'dairy', isPurchased: true, position: 1 });
    const full = await ada.call(api.updateItem, {
      params: { itemId: milk.id },
      body: { ...toggled.body, name: ' Oat milk ', quantity: null, unit: '', isPurchased: false, position: 0, recurrence: 'monthly' },
    });
    expect(full.status).toBe(200);
    expect(full.body).toMatchObject({
      name: 'Oat milk', quantity: null, unit: null, category: 'dairy', isPurchased: false, position: 1, recurrence: 'monthly',
    });
    expect(await namesOf(ada, listId)).toEqual(['Eggs', 'Oat milk']);
  });

  it('refuses to blank an item\'s name, and answers 404 for an unknown item', async () => {
    const listId = await newList(ada);
    const item = await newItem(ada, listId, 'Milk');
    const blank = await ada.call(api.updateItem, { params: { itemId: item.id }, body: { name: ' ' } });
    expect([blank.status, blank.body.message]).toEqual([400, m.itemNameRequired]);
    const unknown = await ada.call(api.updateItem, { params: { itemId: crypto.randomUUID() }, body: { isPurchased: true } });
    expect([unknown.status, unknown.body.message]).toEqual([404, m.itemNotFound]);
  });

  it('deletes an item and moves the ones below up, keeping positions dense', async () => {
    const listId = await newList(ada);
    for (const name of ['D', 'C', 'B', 'A']) await newItem(ada, listId, name);
    const b = (await itemsOf(ada, listId)).find((i) => i.name === 'B')!;
    expect((await ada.call(api.deleteItem, { params: { itemId: b.id } })).status).toBe(204);
    const items = await itemsOf(ada, listId);
    expect(items.map((i) => i.name)).toEqual(['A', 'C', 'D']);
    expect(positions(items)).toEqual([0, 1, 2]);
    expect((await ada.call(api.deleteItem, { params: { itemId: b.id } })).status).toBe(404);
  });

  it('adds, checks off and deletes without rewriting any other item of the list', async () => {
    const listId = await newList(ada);
    for (let i = 0; i < 20; i++) await newItem(ada, listId, `Item ${i}`);
    // xmin changes whenever PostgreSQL writes a new version of a row.
    const versions = async () => (await t.db.execute(sql`
      select id, xmin::text as v from grocery_items where list_id = ${listId} order by id`) as unknown as {
      rows: { id: string; v: string }[];
    }).rows;
    const before = await versions();
    const added = await newItem(ada, listId, 'New');
    await ada.call(api.updateItem, { params: { itemId: added.id }, body: { isPurchased: true } });
    await ada.call(api.deleteItem, { params: { itemId: added.id } });
    expect(await versions()).toEqual(before);
    expect(positions(await itemsOf(ada, listId))).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('keeps positions dense when several items are added at once', async () => {
    const listId = await newList(ada);
    await Promise.all(Array.from({ length: 8 }, (_, i) => newItem(ada, listId, `Item ${i}`)));
    expect(positions(await itemsOf(ada, listId))).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('hot reads', () => {
  it('answers the family\'s lists and a list\'s items in one statement each, the session lookup included', async () => {
    const cy = await signUp(t, { name: 'Cy' });
    const listId = await newList(cy, 'One trip');
    for (const name of ['Milk', 'Eggs', 'Bread']) await newItem(cy, listId, name);
    let lists: api.GroceryList[] = [];
    expect(await statementsOf(t, async () => {
      lists = (await cy.call(api.getLists, { params: { familyId: cy.user.familyId! } })).body;
    })).toBe(1);
    expect(lists).toEqual([{ id: listId, title: 'One trip', familyId: cy.user.familyId, openItemCount: 3 }]);
    let items: api.GroceryItem[] = [];
    expect(await statementsOf(t, async () => { items = await itemsOf(cy, listId); })).toBe(1);
    expect(items.map((i) => [i.name, i.position, i.listId, i.familyId]))
      .toEqual([['Bread', 0, listId, cy.user.familyId], ['Eggs', 1, listId, cy.user.familyId], ['Milk', 2, listId, cy.user.familyId]]);
  });

  it('answers a list\'s items again while the list reads the same, afresh after any change, and never to another family', async () => {
    const dee = await signUp(t, { name: 'Dee' });
    const listId = await newList(dee, 'Reused');
    const mealId = await newMeal(t, dee.user.familyId!, 'Stew');
    const carrots = await newItem(dee, listId, 'Carrots', { addedFromRecipeId: mealId });
    const milk = await newItem(dee, listId, 'Milk');
    const read = () => dee.call(api.getItems, { params: { listId } });
    const first = await read();
    expect((await read()).raw.body).toBe(first.raw.body);

    await dee.call(api.updateItem, { params: { itemId: milk.id }, body: { isPurchased: true } });
    expect((await read()).body.map((i: api.GroceryItem) => [i.name, i.isPurchased])).toEqual([['Milk', true], ['Carrots', false]]);
    await dee.call(api.reorderItems, { body: [{ id: carrots.id, position: 0 }, { id: milk.id, position: 1 }] });
    expect((await read()).body.map((i: api.GroceryItem) => i.name)).toEqual(['Carrots', 'Milk']);
    // A change no grocery code makes: deleting the meal clears the link by the foreign key's own cascade.
    await t.db.delete(meals).where(eq(meals.id, mealId));
    expect((await read()).body[0]).toMatchObject({ name: 'Carrots', addedFromRecipeId: null });

    const eve = await signUp(t, { name: 'Eve' });
    const foreign = await eve.call(api.getItems, { params: { listId } });
    expect([foreign.status, foreign.body.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('compresses a list answered again as it does the first time', async () => {
    const fay = await signUp(t, { name: 'Fay' });
    const listId = await newList(fay, 'Long');
    for (let i = 0; i < 12; i++) await newItem(fay, listId, `Item ${i}`);
    const plain = await itemsOf(fay, listId);
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        url: `/api/grocery/list/${listId}`, headers: { authorization: `Bearer ${fay.token}`, 'accept-encoding': 'br' },
      });
      expect([res.statusCode, res.headers['content-encoding'], res.headers['content-type']])
        .toEqual([200, 'br', 'application/json; charset=utf-8']);
      expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(plain);
    }
  });
});

describe('reordering', () => {
  async function listOf(names: string[]) {
    const listId = await newList(ada);
    for (const name of [...names].reverse()) await newItem(ada, listId, name);
    return { listId, items: await itemsOf(ada, listId) };
  }

  it('applies the whole new order in one call and answers the list in that order', async () => {
    const { listId, items } = await listOf(['A', 'B', 'C', 'D']);
    const order = ['C', 'A', 'D', 'B'].map((name, position) => ({ id: items.find((i) => i.name === name)!.id, position }));
    const res = await ada.call(api.reorderItems, { body: order });
    expect(res.status).toBe(200);
    expect(res.body.map((i: api.GroceryItem) => i.name)).toEqual(['C', 'A', 'D', 'B']);
    expect(await namesOf(ada, listId)).toEqual(['C', 'A', 'D', 'B']);
  });

  it('accepts the full items and reads only id and position', async () => {
    const { listId, items } = await listOf(['A', 'B']);
    const body = [{ ...items[1]!, name: 'ignored', position: 0 }, { ...items[0]!, isPurchased: true, position: 1 }];
    expect((await ada.call(api.reorderItems, { body })).status).toBe(200);
    const after = await itemsOf(ada, listId);
    expect(after.map((i) => [i.name, i.isPurchased])).toEqual([['B', false], ['A', false]]);
  });

  it('refuses an order that leaves out an item, repeats one or skips a position, and changes nothing', async () => {
    const { listId, items } = await listOf(['A', 'B', 'C']);
    const [a, b, c] = items.map((i) => i.id) as [string, string, string];
    const cases: [unknown, string][] = [
      [[{ id: a, position: 1 }, { id: b, position: 0 }], m.reorderIncomplete],
      [[{ id: a, position: 0 }, { id: a, position: 1 }, { id: c, position: 2 }], m.reorderIncomplete],
      [[{ id: a, position: 0 }, { id: b, position: 1 }, { id: c, position: 3 }], m.reorderPositions],
      [[{ id: a, position: 0 }, { id: b, position: 0 }, { id: c, position: 1 }], m.reorderPositions],
      [[], m.reorderEmpty],
    ];
    for (const [body, message] of cases) {
      const res = await ada.call(api.reorderItems, { body });
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    expect(await namesOf(ada, listId)).toEqual(['A', 'B', 'C']);
  });

  it('refuses items of two lists', async () => {
    const one = await listOf(['A']);
    const two = await listOf(['B']);
    const res = await ada.call(api.reorderItems, {
      body: [{ id: one.items[0]!.id, position: 0 }, { id: two.items[0]!.id, position: 1 }],
    });
    expect([res.status, res.body.message]).toEqual([400, m.reorderMixedLists]);
  });

  it('answers 404 when an id is unknown', async () => {
    const { items } = await listOf(['A']);
    const res = await ada.call(api.reorderItems, {
      body: [{ id: items[0]!.id, position: 0 }, { id: crypto.randomUUID(), position: 1 }],
    });
    expect([res.status, res.body.message]).toEqual([404, m.itemNotFound]);
  });
});
