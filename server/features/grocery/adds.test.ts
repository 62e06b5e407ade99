import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import * as accounts from '@hearth/contract/accounts';
import { idempotencyHeader } from '@hearth/contract/endpoint';
import { eventTopics } from '@hearth/contract/events';
import type { LiveChange } from '@hearth/contract/live';
import * as api from '@hearth/contract/grocery';
import { accessMessages } from '@hearth/contract/permissions';
import { hashToken } from '../../platform/auth/secrets.ts';
import { days } from '../../platform/clock.ts';
import { familyEvents, groceryItems, notifications, sessions } from '../../platform/db/schema.ts';
import { familyOfOne, signUp, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { until } from '../../test/until.ts';
import { parseItems, shownFields } from './repository/items.ts';
import { itemsOf, joinAs, newItem, newList, newMeal, newRecurring } from './test-helpers.ts';

/**
 * Item adds: each runs under its list's lock, so adds that arrive together are answered, refused and kept exactly
 * as calls one after another would be; merged quantities are rounded as typed ones are and kept within their bound.
 */

let t: TestApp;
let ada: SignedInUser;
let familyId: string;
beforeAll(async () => { ({ t, member: ada, familyId } = await familyOfOne()); });
afterAll(async () => { await t.close(); });

const add = (listId: string, name: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  ada.call(api.addItem, { body: { name, quantity: 1, unit: null, category: null, listId, familyId, ...extra }, headers });

describe('adds arriving together', () => {
  it('answer a burst of the same item as calls one after another would: one row, each answer one more', async () => {
    const listId = await newList(ada);
    const answers = await Promise.all(Array.from({ length: 10 }, () => add(listId, 'Milk')));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers.map((a) => a.body.quantity as number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect((await itemsOf(ada, listId)).map((i) => [i.name, i.quantity, i.position])).toEqual([['Milk', 10, 0]]);
  });

  it('put a burst of new items on top, each answered at place 0, and answer raises of an item there at its place then', async () => {
    const listId = await newList(ada);
    const eggs = await newItem(ada, listId, 'Eggs', { quantity: 1 });
    const names = Array.from({ length: 12 }, (_, i) => (i % 4 === 0 ? 'eggs' : `Item ${i}`));
    const answers = await Promise.all(names.map((name) => add(listId, name)));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(201));
    const fresh = answers.filter((a) => a.body.id !== eggs.id);
    expect(fresh.map((a) => a.body.position)).toEqual(Array(9).fill(0));
    // Each raise of Eggs is answered with its quantity and place just after it: new items only ever go above.
    const raises = answers.filter((a) => a.body.id === eggs.id).map((a) => a.body as api.GroceryItem)
      .sort((a, b) => (a.quantity ?? 0) - (b.quantity ?? 0));
    expect(raises.map((r) => r.quantity)).toEqual([2, 3, 4]);
    const places = raises.map((r) => r.position);
    expect([...places].sort((a, b) => a - b)).toEqual(places);
    const items = await itemsOf(ada, listId);
    expect(items.map((i) => i.position)).toEqual(Array.from({ length: 10 }, (_, i) => i));
    expect(items.at(-1)).toMatchObject({ id: eggs.id, quantity: 4, position: 9 });
    expect(places.every((p) => p <= 9)).toBe(true);
  });

  it('refuse only the add whose recipe or recurring item is not right, and keep the others', async () => {
    const listId = await newList(ada);
    const otherList = await newList(ada, 'Market');
    const mealId = await newMeal(t, familyId);
    const recurring = await newRecurring(ada, listId, 'Bread');
    const elsewhere = await newRecurring(ada, otherList, 'Apples');
    const [good, unknownRecipe, ownRecipe, wrongList, own, plain] = await Promise.all([
      add(listId, 'Flour'),
      add(listId, 'Sugar', { addedFromRecipeId: crypto.randomUUID() }),
      add(listId, 'Butter', { addedFromRecipeId: mealId }),
      add(listId, 'Apples', { recurringItemId: elsewhere.id }),
      add(listId, 'Bread', { recurringItemId: recurring.id }),
      add(listId, 'Salt'),
    ]);
    expect([good, ownRecipe, own, plain].map((a) => a!.status)).toEqual([201, 201, 201, 201]);
    expect([unknownRecipe!.status, unknownRecipe!.body.message]).toEqual([404, api.groceryMessages.recipeNotFound]);
    expect([wrongList!.status, wrongList!.body.message]).toEqual([400, api.groceryMessages.recurringOtherList]);
    expect(ownRecipe!.body.addedFromRecipeId).toBe(mealId);
    expect(own!.body.recurringItemId).toBe(recurring.id);
    expect((await itemsOf(ada, listId)).map((i) => i.name).sort()).toEqual(['Bread', 'Butter', 'Flour', 'Salt']);
  });

  it('keep no key of an add refused for a full list, so its repeat runs once there is room', async () => {
    const listId = await newList(ada);
    const filler = Array.from({ length: api.groceryLimits.itemsPerList - 1 }, (_, i) => ({
      familyId, listId, name: `Filler ${i}`, position: i + 1,
    }));
    for (let i = 0; i < filler.length; i += 1000) await t.db.insert(groceryItems).values(filler.slice(i, i + 1000));
    const keys = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const answers = await Promise.all(keys.map((key, i) => add(listId, `New ${i}`, {}, { [idempotencyHeader]: key })));
    const added = answers.findIndex((a) => a.status === 201);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    const refused = answers.findIndex((a) => a.status === 409);
    expect(answers[refused]!.body.message).toBe(api.groceryMessages.listFull);

    await t.db.delete(groceryItems).where(eq(groceryItems.name, 'Filler 0'));
    const retried = await add(listId, `New ${refused}`, {}, { [idempotencyHeader]: keys[refused]! });
    const repeated = await add(listId, `New ${added}`, {}, { [idempotencyHeader]: keys[added]! });
    expect(retried.status).toBe(201);
    expect([repeated.status, repeated.body]).toEqual([201, answers[added]!.body]);
    const [row] = await t.db.select({ n: count() }).from(groceryItems).where(eq(groceryItems.listId, listId));
    expect(row!.n).toBe(api.groceryLimits.itemsPerList);
  });

  it('answer 404 to every add of a list that is not the family\'s, and of one deleted meanwhile', async () => {
    const bob = await signUp(t, { name: 'Bob' });
    const bobsList = await newList(bob);
    const answers = await Promise.all(Array.from({ length: 4 }, (_, i) => add(bobsList, `Item ${i}`)));
    expect(answers.map((a) => [a.status, a.body.message])).toEqual(Array(4).fill([404, api.groceryMessages.listNotFound]));
    expect(await itemsOf(bob, bobsList)).toEqual([]);

    const listId = await newList(ada);
    const adds = Array.from({ length: 4 }, (_, i) => add(listId, `Item ${i}`));
    await ada.call(api.deleteList, { params: { listId } });
    for (const answer of await Promise.all(adds)) {
      expect([201, 404]).toContain(answer.status);
      if (answer.status === 404) expect(answer.body.message).toBe(api.groceryMessages.listNotFound);
    }
    expect(await t.db.$count(groceryItems, eq(groceryItems.listId, listId))).toBe(0);
  });
});

describe('merged quantities', () => {
  it('are rounded as typed ones are: 0.1 and 0.2 make 0.3', async () => {
    const listId = await newList(ada);
    await add(listId, 'Cream', { quantity: 0.1, unit: 'l' });
    const merged = await add(listId, 'cream', { quantity: 0.2, unit: 'L' });
    expect([merged.status, merged.body.quantity]).toEqual([201, 0.3]);
    expect((await itemsOf(ada, listId)).map((i) => [i.name, i.quantity])).toEqual([['Cream', 0.3]]);
  });

  it('stay within the bound: a merge past it is refused (409) and changes nothing', async () => {
    const listId = await newList(ada);
    const first = await add(listId, 'Rice', { quantity: 60_000 });
    const second = await add(listId, 'Rice', { quantity: 60_000 });
    expect([second.status, second.body.message]).toEqual([409, api.groceryMessages.quantityTooLarge]);
    const max = await add(listId, 'Rice', { quantity: 40_000 });
    expect([max.status, max.body.quantity]).toEqual([201, api.groceryLimits.quantityMax]);
    expect((await add(listId, 'Rice', { quantity: null })).status).toBe(409);
    expect((await itemsOf(ada, listId)).map((i) => [i.id, i.quantity])).toEqual([[first.body.id, 100_000]]);
    // The item stays one a member can tick off.
    const ticked = await ada.call(api.updateItem, { params: { itemId: first.body.id }, body: { isPurchased: true } });
    expect(ticked.status).toBe(200);
  });

  it('add up exactly in a parallel burst into one item', async () => {
    const listId = await newList(ada);
    const answers = await Promise.all(Array.from({ length: 30 }, () => add(listId, 'Flour', { quantity: 0.1, unit: 'kg' })));
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(201));
    expect(answers.map((a) => a.body.quantity as number).sort((a, b) => a - b))
      .toEqual(Array.from({ length: 30 }, (_, i) => Math.round((i + 1) * 100) / 1000));
    expect((await itemsOf(ada, listId)).map((i) => [i.name, i.quantity])).toEqual([['Flour', 3]]);
  });
});

describe('an item\'s shape', () => {
  it('every field survives the round trip: the add\'s answer, a change\'s, and the list read from shown_json', async () => {
    const listId = await newList(ada);
    const recurring = await newRecurring(ada, listId, 'Coffee');
    const mealId = await newMeal(t, familyId);
    const added = await add(listId, 'Coffee', {
      quantity: 1.25, unit: 'kg', category: 'Drinks', recurrence: 'weekly', recurringItemId: recurring.id,
      addedFromRecipeId: mealId,
    });
    expect(added.status).toBe(201);
    const expected = {
      id: added.body.id, name: 'Coffee', quantity: 1.25, unit: 'kg', category: 'Drinks', recurrence: 'weekly',
      position: 0, isPurchased: false, listId, familyId, recurringItemId: recurring.id, addedFromRecipeId: mealId,
    };
    expect(added.body).toEqual(expected);
    const merged = await add(listId, 'coffee', { quantity: 0.5, unit: 'KG' });
    expect(merged.body).toEqual({ ...expected, quantity: 1.75 });
    const ticked = await ada.call(api.updateItem, { params: { itemId: added.body.id }, body: { isPurchased: true } });
    expect(ticked.body).toEqual({ ...expected, quantity: 1.75, isPurchased: true });
    expect(await itemsOf(ada, listId)).toEqual([{ ...expected, quantity: 1.75, isPurchased: true }]);
    // The stored array holds exactly the fields `shownFields` names, in its order.
    const [row] = await t.db.select({ shown: groceryItems.shownJson }).from(groceryItems).where(eq(groceryItems.id, added.body.id));
    const { position: _, ...shown } = { ...expected, quantity: 1.75, isPurchased: true };
    expect(parseItems(`[${row!.shown}]`, listId, familyId)).toEqual([shown]);
    expect((JSON.parse(row!.shown) as unknown[]).length).toBe(shownFields.length);
  });
});

describe('what an add writes besides its item, in its own statement', () => {
  it('records its event, tells the list\'s followers and publishes its live change, with the item; a refused add none', async () => {
    const listId = await newList(ada);
    const ben = await joinAs(t, ada, 'EDIT', 'Ben');
    const heard: LiveChange[] = [];
    const stop = await t.database.listen('hearth_changes', (payload) => heard.push(...JSON.parse(payload) as LiveChange[]));
    const byBen = (quantity: number) => ben.call(api.addItem, {
      body: { name: 'Rice', quantity, unit: null, category: null, listId, familyId },
    });
    const added = await byBen(60_000);
    const merged = await byBen(1);
    const refused = await byBen(60_000);
    expect([added.status, merged.status, refused.status]).toEqual([201, 201, 409]);
    const topics = eventTopics.add_grocery_item.length;
    await until(() => heard.filter((c) => c.listId === listId).length >= 2 * topics, 'the live changes of both answered adds');
    // Time for a change of the refused add to arrive, were there one.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await stop();
    const changes = heard.filter((c) => c.listId === listId);
    expect(changes).toHaveLength(2 * topics);
    expect(changes.every((c) => c.id === added.body.id && c.kind === 'add_grocery_item' && c.byUserId === ben.user.id)).toBe(true);
    const events = await t.db.select({ subjectId: familyEvents.subjectId, data: familyEvents.data }).from(familyEvents)
      .where(and(eq(familyEvents.type, 'add_grocery_item'), eq(familyEvents.actorId, ben.user.id)))
      .orderBy(familyEvents.at, familyEvents.id);
    expect(events.map((e) => e.data).sort((a, b) => JSON.stringify(a).length - JSON.stringify(b).length))
      .toEqual([{ listId }, { listId, merged: true }]);
    expect(events.map((e) => e.subjectId)).toEqual([added.body.id, added.body.id]);
    // Ada made the list, so follows it: told of Ben's two adds in one row; Ben (the actor) of none.
    const told = await t.db.select({ recipientId: notifications.recipientId, count: notifications.count }).from(notifications)
      .where(eq(notifications.subjectId, listId));
    expect(told).toEqual([{ recipientId: ada.user.id, count: 2 }]);
  });
});

describe('each add\'s caller', () => {
  it('answers a burst mixing callers each as its own call, and tells the signed-out nothing of the list', async () => {
    const listId = await newList(ada);
    const signedOut = await signUp(t, { name: 'Cleo' });
    expect((await signedOut.call(accounts.logout)).status).toBeLessThan(300);
    const expired = await signUp(t, { name: 'Dan' });
    await t.db.update(sessions).set({ expiresAt: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(expired.token)));
    const reader = await joinAs(t, ada, 'READ_ONLY', 'Ben');
    const editor = await joinAs(t, ada, 'EDIT', 'Eve');
    const stranger = await signUp(t, { name: 'Finn' });
    const callers = [ada, signedOut, expired, reader, stranger, editor];
    // Each caller twice, the others in between.
    const answers = await Promise.all([...callers, ...callers].map((user, i) => user.call(api.addItem, {
      body: { name: `Item ${i}`, quantity: 1, unit: null, category: null, listId, familyId },
    })));
    const each = [
      [201, undefined],
      [401, accounts.messages.sessionExpired],
      [401, accounts.messages.sessionExpired],
      [403, accessMessages.readOnly],
      [404, accessMessages.familyNotFound],
      [201, undefined],
    ];
    expect(answers.map((a) => [a.status, a.body.message])).toEqual([...each, ...each]);
    expect((await itemsOf(ada, listId)).map((i) => i.name).sort()).toEqual(['Item 0', 'Item 11', 'Item 5', 'Item 6']);
    // Without a session that counts, a list of a family and one that is none answer alike: nothing is told.
    const probes = await Promise.all([await newList(stranger), crypto.randomUUID()].map((id) => signedOut.call(api.addItem, {
      body: { name: 'x', listId: id, familyId: stranger.user.familyId },
    })));
    expect(probes.map((p) => [p.status, p.body.message])).toEqual(Array(2).fill([401, accounts.messages.sessionExpired]));
  });

  it('slides the session\'s expiry as every route does', async () => {
    const user = await signUp(t, { name: 'Gus' });
    const listId = await newList(user);
    const expiry = async () => (await t.db.select({ at: sessions.expiresAt }).from(sessions)
      .where(eq(sessions.tokenHash, hashToken(user.token))))[0]!.at.getTime();
    const before = await expiry();
    t.clock.advance(days(1));
    const answer = await user.call(api.addItem, { body: { name: 'Milk', listId, familyId: user.user.familyId } });
    expect(answer.status).toBe(201);
    expect(await expiry()).toBe(before + days(1));
  });
});
