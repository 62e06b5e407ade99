import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as api from '@hearth/contract/meals';
import { readOnlyMessage } from '../../platform/auth/family-access.ts';
import { groceryItems } from '../../platform/db/schema.ts';
import { changesIn } from '../../platform/realtime.ts';
import { familyOfOne, signUp, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { joinAs } from '../../test/factories.ts';
import { createList, createMeal, itemsOf, pancakes } from './testing.ts';

let t: TestApp;
let admin: SignedInUser;
let familyId: string;
beforeAll(async () => { ({ t, member: admin, familyId } = await familyOfOne('Cook')); });
afterAll(async () => { await t.close(); });

const addToList = (user: SignedInUser, mealId: string, groceryListId: string, extra: Record<string, string> = {}) =>
  user.call(api.addMealToGroceryList, { params: { id: mealId }, query: { groceryListId, ...extra } });

describe('adding a meal\'s ingredients to a grocery list', () => {
  it('puts one unpurchased item per ingredient at the top, in ingredient order, marked as from the recipe', async () => {
    const listId = await createList(t, familyId);
    await t.db.insert(groceryItems).values({ familyId, listId, name: 'Coffee', position: 0 });
    const meal = await createMeal(admin);
    const res = await addToList(admin, meal.id, listId, { familyId });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ added: 3 });
    // Stored positions only order a list (grocery answers number them from 0): compare places, top first.
    const items = await itemsOf(t, listId);
    expect(items.map((i, place) => [place, i.name, i.quantity, i.unit, i.isPurchased, i.addedFromRecipeId])).toEqual([
      [0, 'Flour', 2, 'cups', false, meal.id],
      [1, 'Eggs', 3, null, false, meal.id],
      [2, 'Milk', null, 'cup', false, meal.id],
      [3, 'Coffee', null, null, false, null],
    ]);
    expect(items.every((i) => i.familyId === familyId)).toBe(true);
  });

  it('a second request raises the quantities of the ingredients still unpurchased instead of adding rows', async () => {
    const listId = await createList(t, familyId);
    const meal = await createMeal(admin);
    await addToList(admin, meal.id, listId);
    const [, eggs] = await itemsOf(t, listId);
    await t.db.update(groceryItems).set({ isPurchased: true }).where(eq(groceryItems.id, eggs!.id));
    expect((await addToList(admin, meal.id, listId)).body).toEqual({ added: 3 });
    const rows = await itemsOf(t, listId);
    const summary = rows.map((r) => [r.name, r.quantity, r.unit, r.isPurchased]);
    expect(summary).toHaveLength(4);
    // Flour 2 + 2 cups; milk without a quantity counts as one each time; the bought eggs stay bought and new ones go on.
    expect(summary).toEqual(expect.arrayContaining([
      ['Flour', 4, 'cups', false], ['Milk', 2, 'cup', false], ['Eggs', 3, null, true], ['Eggs', 3, null, false],
    ]));
  });

  it('adds only the ingredients chosen, by name in any case', async () => {
    const listId = await createList(t, familyId);
    const meal = await createMeal(admin);
    const res = await admin.call(api.addMealToGroceryList, {
      params: { id: meal.id }, query: { groceryListId: listId }, body: { ingredients: ['flour', 'MILK'] },
    });
    expect(res.body).toEqual({ added: 2 });
    expect((await itemsOf(t, listId)).map((r) => r.name).sort()).toEqual(['Flour', 'Milk']);
  });

  it('scales each quantity by servings / the meal\'s servings, merging with what is on the list; as it is without servings', async () => {
    const listId = await createList(t, familyId);
    const meal = await createMeal(admin, pancakes({
      servings: 4, ingredients: [{ name: 'Flour', quantity: 1.5, unit: 'cups' }, { name: 'Eggs', quantity: 3 }, { name: 'Salt' }],
    }));
    expect((await addToList(admin, meal.id, listId, { servings: '6' })).body).toEqual({ added: 3 });
    expect((await itemsOf(t, listId)).map((i) => [i.name, i.quantity, i.unit])).toEqual([
      ['Flour', 2.25, 'cups'], ['Eggs', 4.5, null], ['Salt', null, null],
    ]);
    await addToList(admin, meal.id, listId, { servings: '2' });
    expect((await itemsOf(t, listId)).map((i) => [i.name, i.quantity])).toEqual([['Flour', 3], ['Eggs', 6], ['Salt', 2]]);
    const unsized = await createMeal(admin, pancakes({ ingredients: [{ name: 'Sugar', quantity: 2, unit: 'tbsp' }] }));
    await addToList(admin, unsized.id, listId, { servings: '8' });
    expect((await itemsOf(t, listId)).find((i) => i.name === 'Sugar')?.quantity).toBe(2);
    for (const servings of ['0', '1.5', 'many', '1001']) {
      const res = await addToList(admin, meal.id, listId, { servings });
      expect(res.status, servings).toBe(400);
      expect(res.body.message).toBe(api.mealMessages.invalidServings);
    }
  });

  it('answers added 0 for a meal without ingredients', async () => {
    const listId = await createList(t, familyId);
    const meal = await createMeal(admin, pancakes({ ingredients: [] }));
    expect((await addToList(admin, meal.id, listId)).body).toEqual({ added: 0 });
    expect(await itemsOf(t, listId)).toHaveLength(0);
  });

  it('publishes one live change for the list', async () => {
    const listId = await createList(t, familyId);
    const meal = await createMeal(admin);
    const changes: Array<{ listId?: string; topic: string }> = [];
    const stop = await t.database.listen('hearth_changes', (payload) => changes.push(...changesIn(payload)));
    await addToList(admin, meal.id, listId);
    // One change a topic: the list's, and the notifications' (the bells of those told refresh).
    await expect.poll(() => changes.filter((c) => c.listId === listId).map((c) => c.topic)).toEqual(['grocery', 'notifications']);
    expect(changes.find((c) => c.listId === listId)).toMatchObject({ familyId, topic: 'grocery', byUserId: admin.user.id });
    await stop();
  });

  it('keeps the added items on the list when the meal is deleted, no longer pointing at it', async () => {
    const listId = await createList(t, familyId);
    const meal = await createMeal(admin);
    await addToList(admin, meal.id, listId);
    expect((await admin.call(api.deleteMeal, { params: { id: meal.id } })).status).toBe(204);
    const items = await itemsOf(t, listId);
    expect(items.map((i) => [i.name, i.addedFromRecipeId])).toEqual([['Flour', null], ['Eggs', null], ['Milk', null]]);
  });

  it('adds nothing and answers 404 for a list that does not exist', async () => {
    const meal = await createMeal(admin);
    const missing = '00000000-0000-4000-8000-000000000000';
    const res = await addToList(admin, meal.id, missing);
    expect(res.status).toBe(404);
    expect(await t.db.select().from(groceryItems).where(eq(groceryItems.addedFromRecipeId, meal.id))).toHaveLength(0);
  });

  it('answers 404 for an unknown meal and adds nothing', async () => {
    const listId = await createList(t, familyId);
    const res = await addToList(admin, '00000000-0000-4000-8000-000000000000', listId);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(api.mealMessages.notFound);
    expect(await itemsOf(t, listId)).toHaveLength(0);
  });

  it('requires a valid list id', async () => {
    const meal = await createMeal(admin);
    const res = await admin.call(api.addMealToGroceryList, { params: { id: meal.id }, query: { groceryListId: 'nope' } });
    expect(res.status).toBe(400);
    expect((await admin.call(api.addMealToGroceryList, { params: { id: meal.id } })).status).toBe(400);
  });
});

describe('permissions and isolation of adding to a list', () => {
  it('refuses a READ_ONLY member and lets an EDIT member add', async () => {
    const listId = await createList(t, familyId);
    const meal = await createMeal(admin);
    const reader = await joinAs(t, admin, 'READ_ONLY');
    const refused = await addToList(reader, meal.id, listId);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(readOnlyMessage);
    expect(await itemsOf(t, listId)).toHaveLength(0);
    const editor = await joinAs(t, admin, 'EDIT');
    expect((await addToList(editor, meal.id, listId)).body).toEqual({ added: 3 });
  });

  it('answers 404 for another family\'s meal, list or family id, and leaves every list unchanged', async () => {
    const listA = await createList(t, familyId, 'A');
    const mealA = await createMeal(admin);
    const outsider = await signUp(t, { name: 'Neighbour' });
    const familyB = outsider.user.familyId!;
    const listB = await createList(t, familyB, 'B');
    const mealB = await createMeal(outsider);
    const answers = await Promise.all([
      addToList(outsider, mealA.id, listB),
      addToList(outsider, mealA.id, listA),
      addToList(outsider, mealB.id, listA),
      addToList(outsider, mealB.id, listB, { familyId }),
      addToList(admin, mealA.id, listB),
      addToList(admin, mealB.id, listA),
    ]);
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404, 404]);
    expect(await itemsOf(t, listA)).toHaveLength(0);
    expect(await itemsOf(t, listB)).toHaveLength(0);
    expect((await addToList(outsider, mealB.id, listB, { familyId: familyB })).body).toEqual({ added: 3 });
  });
});
