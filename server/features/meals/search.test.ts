import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@hearth/contract/meals';
import { mealLimits, mealMessages } from '@hearth/contract/meals';
import { familyOfOne, signUp, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { createMeal, pancakes } from './testing.ts';

let t: TestApp;
let ada: SignedInUser;
let familyId: string;
beforeAll(async () => {
  ({ t, member: ada, familyId } = await familyOfOne());
  await createMeal(ada, pancakes({ name: 'Crème Brûlée', ingredients: [{ name: 'Heavy cream', quantity: 2, unit: 'cups' }], tags: ['Dessert', 'French'] }));
  await createMeal(ada, pancakes({ name: 'Jalapeño Poppers', ingredients: [{ name: 'Jalapeños', quantity: 12 }], tags: ['dessert', 'Party'] }));
  await createMeal(ada, pancakes({ name: 'Chicken Tacos', ingredients: [{ name: 'Chicken thighs', quantity: 2, unit: 'lbs' }, { name: 'Crème fraîche' }] }));
});
afterAll(async () => { await t.close(); });

const search = (user: SignedInUser, query: Record<string, string>, id = familyId) =>
  user.call(api.searchMeals, { params: { familyId: id }, query });
const names = (meals: api.Meal[]) => meals.map((m) => m.name);

describe('searching the recipes', () => {
  it.each([
    ['creme', ['Chicken Tacos', 'Crème Brûlée']],
    ['BRÛLÉE', ['Crème Brûlée']],
    ['jalapeno', ['Jalapeño Poppers']],
    ['thighs chicken', ['Chicken Tacos']],
    ['cream', ['Crème Brûlée']],
    ['100%', []],
    ['', ['Chicken Tacos', 'Crème Brûlée', 'Jalapeño Poppers']],
  ])('finds %j in names and ingredients, ignoring case and accents', async (q, expected) => {
    const res = await search(ada, { q });
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(expected);
  });

  it('filters by tag, and answers each meal with its tags', async () => {
    const tags = (await ada.call(api.listMealTags, { params: { familyId } })).body as api.MealTag[];
    // "dessert" was the same tag as "Dessert", kept as first written.
    expect(tags.map((tag) => [tag.name, tag.meals])).toEqual([['Dessert', 2], ['French', 1], ['Party', 1]]);
    const dessert = tags[0]!.id;
    const res = await search(ada, { tag: dessert });
    expect(names(res.body)).toEqual(['Crème Brûlée', 'Jalapeño Poppers']);
    expect(res.body[1].tags).toEqual(['Dessert', 'Party']);
    expect(names((await search(ada, { tag: dessert, q: 'jalap' })).body)).toEqual(['Jalapeño Poppers']);
  });

  it('keeps tags when an update leaves them out, and replaces them when it sends them', async () => {
    const meal = await createMeal(ada, pancakes({ name: 'Waffles', tags: ['Breakfast'] }));
    const kept = await ada.call(api.updateMeal, { params: { id: meal.id }, body: pancakes({ name: 'Waffles' }) });
    expect(kept.body.tags).toEqual(['Breakfast']);
    const replaced = await ada.call(api.updateMeal, { params: { id: meal.id }, body: pancakes({ name: 'Waffles', tags: ['Brunch', 'brunch'] }) });
    expect(replaced.body.tags).toEqual(['Brunch']);
    await ada.call(api.deleteMeal, { params: { id: meal.id } });
  });

  it('answers at most the bound, by name', async () => {
    const bob = await signUp(t, { name: 'Bob' });
    for (let i = 0; i < mealLimits.searchResultsMax + 3; i++) await createMeal(bob, pancakes({ name: `Soup ${String(i).padStart(2, '0')}` }));
    const res = await search(bob, { q: 'soup' }, bob.user.familyId!);
    expect(res.body).toHaveLength(mealLimits.searchResultsMax);
    expect(res.body[0].name).toBe('Soup 00');
  });

  it('refuses another family (404 like a missing one), and finds nothing through another family\'s tag', async () => {
    const eve = await signUp(t, { name: 'Eve' });
    expect((await search(eve, { q: 'creme' })).status).toBe(404);
    const evesTag = (await createMeal(eve, pancakes({ name: 'Creme soup', tags: ['Secret'] })));
    const [secret] = (await eve.call(api.listMealTags, { params: { familyId: eve.user.familyId! } })).body as api.MealTag[];
    expect(evesTag.tags).toEqual(['Secret']);
    expect((await search(ada, { tag: secret!.id })).body).toEqual([]);
    expect((await ada.call(api.listMealTags, { params: { familyId: eve.user.familyId! } })).status).toBe(404);
  });

  it('refuses a long search and a long tag with the contract\'s messages', async () => {
    const res = await search(ada, { q: 'x'.repeat(mealLimits.searchMax + 1) });
    expect([res.status, res.body.message]).toEqual([400, mealMessages.searchTooLong]);
    const tag = await ada.call(api.createMeal, { body: pancakes({ tags: ['x'.repeat(mealLimits.tagMax + 1)] }) });
    expect([tag.status, tag.body.message]).toEqual([400, mealMessages.tagTooLong]);
  });

  it('holds the family\'s tag bound under a burst of saves', async () => {
    const zoe = await signUp(t, { name: 'Zoe' });
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => zoe.call(api.createMeal, {
      body: pancakes({ tags: Array.from({ length: mealLimits.tagsPerMeal }, (_, j) => `tag ${i}-${j}`) }),
    })));
    expect(burst.filter((r) => r.status === 201)).toHaveLength(mealLimits.tagsPerFamily / mealLimits.tagsPerMeal);
    expect(burst.filter((r) => r.status === 409).every((r) => r.body.message === mealMessages.tooManyFamilyTags)).toBe(true);
    const tags = (await zoe.call(api.listMealTags, { params: { familyId: zoe.user.familyId! } })).body as api.MealTag[];
    expect(tags).toHaveLength(mealLimits.tagsPerFamily);
  });
});
