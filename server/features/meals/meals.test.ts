import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as api from '@hearth/contract/meals';
import { noFamilyMessage, readOnlyMessage } from '../../platform/auth/family-access.ts';
import { minutes } from '../../platform/clock.ts';
import { familyMembers, mealIngredients, meals, familyEvents } from '../../platform/db/schema.ts';
import { changesIn, type Change } from '../../platform/realtime.ts';
import { familyOfOne, signUp, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { joinAs } from '../../test/factories.ts';
import { createList, createMeal, pancakes } from './testing.ts';

let t: TestApp;
let admin: SignedInUser;
let familyId: string;
beforeAll(async () => { ({ t, member: admin, familyId } = await familyOfOne('Meal Admin')); });
afterAll(async () => { await t.close(); });

const messages = api.mealMessages;

describe('creating a meal', () => {
  it('answers the meal with its ingredients in order, the caller as creator and the caller\'s family', async () => {
    const res = await admin.call(api.createMeal, {
      body: pancakes({ name: '  Pancakes  ', directions: '  Whisk.  ', createdBy: 'someone-else', familyId }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Pancakes', directions: 'Whisk.', prepTime: 10, totalTime: 25,
      createdBy: admin.user.id, familyId,
      ingredients: [
        { name: 'Flour', quantity: 2, unit: 'cups', groceryListId: null },
        { name: 'Eggs', quantity: 3, unit: null, groceryListId: null },
        { name: 'Milk', quantity: null, unit: 'cup', groceryListId: null },
      ],
    });
    expect(res.body.createdAt).toBe(t.clock.now().toISOString());
    expect(res.body.updatedAt).toBe(t.clock.now().toISOString());
    const stored = await t.db.select().from(mealIngredients).where(eq(mealIngredients.mealId, res.body.id))
      .orderBy(mealIngredients.position);
    expect(stored.map((i) => [i.position, i.name])).toEqual([[0, 'Flour'], [1, 'Eggs'], [2, 'Milk']]);
  });

  it('trims units and stores an empty unit as none; times and directions may be left out', async () => {
    const meal = await createMeal(admin, {
      name: 'Toast', ingredients: [{ name: ' Bread ', quantity: 2, unit: '  slices ' }, { name: 'Butter', unit: '   ' }],
    });
    expect(meal).toMatchObject({ prepTime: null, totalTime: null, directions: null });
    expect(meal.ingredients).toEqual([
      { name: 'Bread', quantity: 2, unit: 'slices', groceryListId: null },
      { name: 'Butter', quantity: null, unit: null, groceryListId: null },
    ]);
  });

  it('keeps an ingredient\'s grocery list when it is one of the family\'s lists', async () => {
    const listId = await createList(t, familyId);
    const meal = await createMeal(admin, pancakes({ ingredients: [{ name: 'Flour', quantity: 1, unit: null, groceryListId: listId }] }));
    expect(meal.ingredients[0]!.groceryListId).toBe(listId);
  });

  it('records the meal_created usage event', async () => {
    const meal = await createMeal(admin);
    const events = await t.db.select().from(familyEvents).where(eq(familyEvents.type, 'meal_created'));
    const event = events.find((e) => e.subjectId === meal.id);
    expect(event).toMatchObject({ familyId, actorId: admin.user.id, data: { ingredientCount: 3 } });
    expect(event!.at.toISOString()).toBe(t.clock.now().toISOString());
  });

  it('publishes a live change to the family', async () => {
    const changes: Change[] = [];
    const stop = await t.database.listen('hearth_changes', (payload) => changes.push(...changesIn(payload)));
    const meal = await createMeal(admin);
    await expect.poll(() => changes)
      .toContainEqual({ familyId, topic: 'meals', kind: 'meal_created', id: meal.id, byUserId: admin.user.id });
    await stop();
  });
});

describe('meal validation', () => {
  const refuse = async (body: Record<string, unknown>, message: string) => {
    const res = await admin.call(api.createMeal, { body });
    expect(res.status, JSON.stringify(body)).toBe(400);
    expect(res.body.message, JSON.stringify(body)).toBe(message);
  };

  it('requires a name', async () => {
    await refuse(pancakes({ name: '   ' }), messages.requiredFields);
    await refuse({ ...pancakes(), name: undefined }, messages.requiredFields);
    await refuse(pancakes({ name: 42 }), messages.requiredFields);
  });

  it('limits the name to 255 characters', async () => {
    await refuse(pancakes({ name: 'x'.repeat(256) }), messages.nameTooLong);
    expect((await createMeal(admin, pancakes({ name: 'x'.repeat(255) }))).name).toHaveLength(255);
  });

  it('takes prep and total time only as whole minutes, 0 or more', async () => {
    for (const bad of [-1, 1.5, '10', true]) {
      await refuse(pancakes({ prepTime: bad }), messages.requiredFields);
      await refuse(pancakes({ totalTime: bad }), messages.requiredFields);
    }
    await refuse(pancakes({ totalTime: api.mealLimits.minutesMax + 1 }), messages.timeTooLong);
    expect(await createMeal(admin, pancakes({ prepTime: 0, totalTime: null }))).toMatchObject({ prepTime: 0, totalTime: null });
  });

  it('takes servings as a whole number from 1 and a source as an http(s) address, both optional', async () => {
    for (const bad of [0, 1.5, '4', api.mealLimits.servingsMax + 1]) await refuse(pancakes({ servings: bad }), messages.invalidServings);
    for (const bad of ['javascript:alert(1)', 'file:///etc/passwd', 'example.org', `https://e.org/${'x'.repeat(2048)}`]) {
      await refuse(pancakes({ sourceUrl: bad }), messages.invalidSourceUrl);
    }
    expect(await createMeal(admin, pancakes({ servings: 6, sourceUrl: ' https://example.org/soup ' })))
      .toMatchObject({ servings: 6, sourceUrl: 'https://example.org/soup' });
    expect(await createMeal(admin, pancakes({ sourceUrl: '' }))).toMatchObject({ servings: null, sourceUrl: null });
  });

  it('requires every ingredient to have a name', async () => {
    await refuse(pancakes({ ingredients: [{ name: 'Flour' }, { name: '  ', quantity: 1 }] }), messages.ingredientNameRequired);
    await refuse(pancakes({ ingredients: [{ quantity: 1 }] }), messages.ingredientNameRequired);
  });

  it('takes an ingredient quantity as a number from 0 to the maximum, decimals kept, or none', async () => {
    for (const bad of [-1, api.mealLimits.quantityMax + 1, '2', 'two']) {
      await refuse(pancakes({ ingredients: [{ name: 'Flour', quantity: bad }] }), messages.invalidIngredients);
    }
    const meal = await createMeal(admin, pancakes({
      ingredients: [{ name: 'Salt', quantity: 0 }, { name: 'Heavy cream', quantity: 0.5, unit: 'cup' }],
    }));
    expect(meal.ingredients.map((i) => i.quantity)).toEqual([0, 0.5]);
  });

  it('refuses ingredients that are not a list of ingredient objects', async () => {
    await refuse(pancakes({ ingredients: 'flour, eggs' }), messages.invalidIngredients);
    await refuse({ ...pancakes(), ingredients: undefined }, messages.invalidIngredients);
    await refuse(pancakes({ ingredients: ['flour'] }), messages.invalidIngredients);
    await refuse(pancakes({ ingredients: Array.from({ length: 101 }, (_, i) => ({ name: `i${i}` })) }), messages.tooManyIngredients);
  });

  it('limits directions, ingredient names and units', async () => {
    await refuse(pancakes({ directions: 'x'.repeat(api.mealLimits.directionsMax + 1) }), messages.directionsTooLong);
    await refuse(pancakes({ ingredients: [{ name: 'x'.repeat(256) }] }), messages.ingredientNameTooLong);
    await refuse(pancakes({ ingredients: [{ name: 'Flour', unit: 'x'.repeat(51) }] }), messages.unitTooLong);
  });

  it('applies the same rules to an update, and a refused update changes nothing', async () => {
    const meal = await createMeal(admin);
    const res = await admin.call(api.updateMeal, { params: { id: meal.id }, body: pancakes({ ingredients: [{ name: '' }] }) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(messages.ingredientNameRequired);
    expect((await admin.call(api.getMeal, { params: { id: meal.id } })).body).toEqual(meal);
  });
});

describe('reading meals', () => {
  it('lists the family\'s meals by name, whatever their case, with their ingredients', async () => {
    const reader = await signUp(t, { name: 'Lister' });
    await createMeal(reader, pancakes({ name: 'soup', ingredients: [] }));
    await createMeal(reader, pancakes({ name: 'Bread' }));
    await createMeal(reader, pancakes({ name: 'apple pie', ingredients: [{ name: 'Apples', quantity: 6 }] }));
    const res = await reader.call(api.listMeals, { params: { familyId: reader.user.familyId! } });
    expect(res.status).toBe(200);
    expect(res.body.map((m: api.Meal) => m.name)).toEqual(['apple pie', 'Bread', 'soup']);
    expect(res.body[0].ingredients).toEqual([{ name: 'Apples', quantity: 6, unit: null, groceryListId: null }]);
    expect(res.body[1].ingredients.map((i: api.Ingredient) => i.name)).toEqual(['Flour', 'Eggs', 'Milk']);
    expect(res.body[2].ingredients).toEqual([]);
  });

  it('answers one meal by id, and 404 for an unknown id', async () => {
    const meal = await createMeal(admin);
    const res = await admin.call(api.getMeal, { params: { id: meal.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(meal);
    const missing = await admin.call(api.getMeal, { params: { id: '00000000-0000-4000-8000-000000000000' } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(messages.notFound);
  });

  it('refuses a caller who is not signed in', async () => {
    expect((await t.call(api.listMeals, { params: { familyId } })).status).toBe(401);
    expect((await t.call(api.createMeal, { body: pancakes() })).status).toBe(401);
  });

  it('refuses a user without a family', async () => {
    const loner = await signUp(t, { name: 'Loner' });
    await t.db.delete(familyMembers).where(eq(familyMembers.userId, loner.user.id));
    const res = await loner.call(api.listMeals, { params: { familyId: loner.user.familyId! } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(noFamilyMessage);
  });
});

describe('updating a meal', () => {
  it('replaces the fields and the whole ingredient list, keeping creator and creation time', async () => {
    const meal = await createMeal(admin);
    const editor = await joinAs(t, admin, 'EDIT');
    t.clock.advance(minutes(5));
    const listId = await createList(t, familyId, 'Bakery');
    const res = await editor.call(api.updateMeal, {
      params: { id: meal.id },
      body: {
        name: 'Crepes', directions: null, prepTime: 5, totalTime: 15, createdBy: editor.user.id,
        ingredients: [{ name: 'Milk', quantity: 1, unit: ' l ' }, { name: 'Flour', quantity: 1, unit: 'cup', groceryListId: listId }],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: meal.id, name: 'Crepes', directions: null, prepTime: 5, totalTime: 15,
      createdBy: admin.user.id, createdAt: meal.createdAt, updatedAt: t.clock.now().toISOString(),
      ingredients: [
        { name: 'Milk', quantity: 1, unit: 'l', groceryListId: null },
        { name: 'Flour', quantity: 1, unit: 'cup', groceryListId: listId },
      ],
    });
    const stored = await t.db.select().from(mealIngredients).where(eq(mealIngredients.mealId, meal.id));
    expect(stored).toHaveLength(2);
    expect((await admin.call(api.getMeal, { params: { id: meal.id } })).body).toEqual(res.body);
  });

  it('can empty the ingredient list', async () => {
    const meal = await createMeal(admin);
    const res = await admin.call(api.updateMeal, { params: { id: meal.id }, body: pancakes({ ingredients: [] }) });
    expect(res.body.ingredients).toEqual([]);
  });

  it('answers 404 for an unknown meal', async () => {
    const res = await admin.call(api.updateMeal, { params: { id: '00000000-0000-4000-8000-000000000000' }, body: pancakes() });
    expect(res.status).toBe(404);
  });

  it('rolls back the whole update when an ingredient names a list that is not the family\'s', async () => {
    const meal = await createMeal(admin);
    const res = await admin.call(api.updateMeal, {
      params: { id: meal.id },
      body: pancakes({ name: 'Changed', ingredients: [{ name: 'Flour', groceryListId: '00000000-0000-4000-8000-000000000000' }] }),
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(messages.groceryListNotFound);
    expect((await admin.call(api.getMeal, { params: { id: meal.id } })).body).toEqual(meal);
  });

  it('lets concurrent updates replace the ingredients one after the other, never mixing them', async () => {
    const meal = await createMeal(admin);
    const sets = Array.from({ length: 4 }, (_, n) => Array.from({ length: 3 }, (_, i) => ({ name: `set${n}-${i}` })));
    await Promise.all(sets.map((ingredients) =>
      admin.call(api.updateMeal, { params: { id: meal.id }, body: pancakes({ ingredients }) })));
    const names = (await admin.call(api.getMeal, { params: { id: meal.id } })).body.ingredients.map((i: api.Ingredient) => i.name);
    expect(sets.map((s) => s.map((i) => i.name))).toContainEqual(names);
  });
});

describe('deleting a meal', () => {
  it('removes the meal and its ingredients', async () => {
    const meal = await createMeal(admin);
    const res = await admin.call(api.deleteMeal, { params: { id: meal.id } });
    expect(res.status).toBe(204);
    expect((await admin.call(api.getMeal, { params: { id: meal.id } })).status).toBe(404);
    expect(await t.db.select().from(mealIngredients).where(eq(mealIngredients.mealId, meal.id))).toHaveLength(0);
    expect((await admin.call(api.deleteMeal, { params: { id: meal.id } })).status).toBe(404);
  });
});

describe('permissions', () => {
  it('lets a READ_ONLY member read but not create, update or delete', async () => {
    const reader = await joinAs(t, admin, 'READ_ONLY');
    const meal = await createMeal(admin);
    expect((await reader.call(api.listMeals, { params: { familyId } })).status).toBe(200);
    expect((await reader.call(api.getMeal, { params: { id: meal.id } })).body).toEqual(meal);
    const before = await t.db.select().from(meals).where(eq(meals.familyId, familyId));
    const writes = [
      reader.call(api.createMeal, { body: pancakes() }),
      reader.call(api.updateMeal, { params: { id: meal.id }, body: pancakes({ name: 'Nope' }) }),
      reader.call(api.deleteMeal, { params: { id: meal.id } }),
    ];
    for (const res of await Promise.all(writes)) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(readOnlyMessage);
    }
    expect(await t.db.select().from(meals).where(eq(meals.familyId, familyId))).toEqual(before);
  });

  it('lets an EDIT member create, update and delete', async () => {
    const editor = await joinAs(t, admin, 'EDIT');
    const meal = await createMeal(editor);
    expect(meal.createdBy).toBe(editor.user.id);
    expect((await editor.call(api.updateMeal, { params: { id: meal.id }, body: pancakes({ name: 'Waffles' }) })).status).toBe(200);
    expect((await editor.call(api.deleteMeal, { params: { id: meal.id } })).status).toBe(204);
  });
});

describe('isolation between families', () => {
  it('answers 404 to another family for every call on a meal, and leaves the meal unchanged', async () => {
    const listA = await createList(t, familyId, 'A list');
    const meal = await createMeal(admin, pancakes({ ingredients: [{ name: 'Flour', groceryListId: listA }] }));
    const outsider = await signUp(t, { name: 'Other Family' });
    const answers = await Promise.all([
      outsider.call(api.listMeals, { params: { familyId } }),
      outsider.call(api.getMeal, { params: { id: meal.id } }),
      outsider.call(api.updateMeal, { params: { id: meal.id }, body: pancakes() }),
      outsider.call(api.deleteMeal, { params: { id: meal.id } }),
      outsider.call(api.createMeal, { body: pancakes({ familyId }) }),
      outsider.call(api.createMeal, { body: pancakes({ ingredients: [{ name: 'Flour', groceryListId: listA }] }) }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404, 404]);
    expect((await admin.call(api.getMeal, { params: { id: meal.id } })).body).toEqual(meal);
    const outsiderMeals = await outsider.call(api.listMeals, { params: { familyId: outsider.user.familyId! } });
    expect(outsiderMeals.body).toEqual([]);
  });

  it('answers 404 when another family\'s list is named in an update of one\'s own meal', async () => {
    const listA = await createList(t, familyId);
    const outsider = await signUp(t, { name: 'Other Family' });
    const own = await createMeal(outsider);
    const res = await outsider.call(api.updateMeal, {
      params: { id: own.id }, body: pancakes({ ingredients: [{ name: 'Flour', groceryListId: listA }] }),
    });
    expect(res.status).toBe(404);
    expect((await outsider.call(api.getMeal, { params: { id: own.id } })).body).toEqual(own);
  });

  it('answers 404 for a family id other than the caller\'s in the payload of an update', async () => {
    const outsider = await signUp(t, { name: 'Other Family' });
    const own = await createMeal(outsider);
    const res = await outsider.call(api.updateMeal, { params: { id: own.id }, body: pancakes({ name: 'Moved', familyId }) });
    expect(res.status).toBe(404);
    const mine = await t.db.select().from(meals).where(and(eq(meals.id, own.id), eq(meals.familyId, outsider.user.familyId!)));
    expect(mine[0]!.name).toBe('Pancakes');
  });
});
