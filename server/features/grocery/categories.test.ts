import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@hearth/contract/grocery';
import * as meals from '@hearth/contract/meals';
import { readOnlyMessage } from '../../platform/auth/family-access.ts';
import { days } from '../../platform/clock.ts';
import { createTestApp, signUp, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { aisleWords } from './aisle-words.ts';
import { aisleIndex, dictionaryCategory } from './dictionary.ts';
import { groceryState, itemsOf, joinAs, newItem, newList, newRecurring, runRecurringJob } from './test-helpers.ts';

/** Issue 48: every new item gets a category: the one typed, else the family's own filing, else the dictionary's aisle. */

let t: TestApp;
let ada: SignedInUser;
let ed: SignedInUser;
let oz: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  ada = await signUp(t, { name: 'Ada' });
  ed = await joinAs(t, ada, 'EDIT', 'Ed');
  oz = await signUp(t, { name: 'Oz' });
});
afterAll(async () => { await t.close(); });

const categoryOf = async (user: SignedInUser, listId: string, name: string, extra: Record<string, unknown> = {}) =>
  (await newItem(user, listId, name, extra)).category;
const categoriesOf = async (user: SignedInUser) =>
  (await user.call(api.getCategories, { params: { familyId: user.user.familyId! } })).body as string[];

describe('the built-in dictionary', () => {
  it('reads names whatever their case, number, amounts, accents and punctuation', () => {
    const cases: [string, api.AisleCategory][] = [
      ['bananas', 'Produce'], ['Banana', 'Produce'], ['BANANAS', 'Produce'], ['Tomatoes', 'Produce'],
      ['strawberries', 'Produce'], ['Eggs', 'Dairy & eggs'], ['egg', 'Dairy & eggs'], ['2% Milk', 'Dairy & eggs'],
      ['Chicken thighs', 'Meat & fish'], ['bagels', 'Bakery'], ['Loaves', 'Bakery'], ['peanut butter', 'Pantry'],
      ['Butter', 'Dairy & eggs'], ['chocolate milk', 'Dairy & eggs'], ['milk chocolate', 'Pantry'],
      ['Frozen peas', 'Frozen'], ['Peas', 'Produce'], ['Sparkling water', 'Drinks'], ['Paper towels', 'Household'],
      ['toothpaste', 'Personal care'], ['Diapers', 'Baby'], ['Cat litter', 'Pets'], ['organic baby spinach', 'Produce'],
      ['Bananas (organic)', 'Produce'], ['Jalapeños', 'Produce'], ['Crème fraîche', 'Dairy & eggs'],
      ['Bay leaves', 'Produce'], ['Widgets', 'Other'], ['', 'Other'],
    ];
    for (const [name, aisle] of cases) expect([name, dictionaryCategory(name)]).toEqual([name, aisle]);
  });

  it('holds a few hundred items, none in two aisles', () => {
    const index = aisleIndex(aisleWords);
    expect(index.size).toBeGreaterThan(500);
    expect(index.size).toBeLessThan(1500);
    expect(() => aisleIndex({ Produce: 'apple', Pantry: 'Apples' })).toThrow('"Apples" is in both Produce and Pantry');
  });
});

describe('a new item\'s category', () => {
  it('comes from the dictionary, Other when it knows the name not', async () => {
    const listId = await newList(ada, 'Dictionary');
    expect(await categoryOf(ada, listId, 'bananas')).toBe('Produce');
    expect(await categoryOf(ada, listId, 'Whole Milk', { quantity: 2, unit: 'l' })).toBe('Dairy & eggs');
    expect(await categoryOf(ada, listId, 'Sprocket')).toBe('Other');
  });

  it('is the typed one when typed, and the family\'s filing then wins over the dictionary, plural or any case', async () => {
    const listId = await newList(ada, 'History');
    expect(await categoryOf(ada, listId, 'Salami', { category: 'Deli' })).toBe('Deli');
    await ada.call(api.clearPurchased, { params: { listId } });
    const salami = (await itemsOf(ada, listId))[0]!;
    await ada.call(api.deleteItem, { params: { itemId: salami.id } });
    // Filed under Deli stays there, whoever adds it next and however it is written.
    expect(await categoryOf(ed, listId, 'salamis')).toBe('Deli');
    // A typed category still wins over the family's filing, and is filed in its place.
    expect(await categoryOf(ada, listId, 'SALAMI', { category: 'Snacks' })).toBe('Deli');
    expect(await categoryOf(ada, listId, 'Salami', { quantity: 1, unit: 'pack', category: 'Snacks' })).toBe('Snacks');
    expect(await categoryOf(ada, listId, 'salami', { unit: 'slice' })).toBe('Snacks');
  });

  it('is one category whatever its case, shown as the family first wrote it', async () => {
    const listId = await newList(ada, 'Spelling');
    expect(await categoryOf(ada, listId, 'Steak', { category: 'meat' })).toBe('meat');
    expect(await categoryOf(ed, listId, 'Chops', { category: '  MEAT ' })).toBe('meat');
    expect(await categoryOf(ed, listId, 'Ribs', { category: 'Meat' })).toBe('meat');
    // The dictionary's aisles are spelt as the family spelt them, too.
    expect(await categoryOf(ada, listId, 'Cake', { category: 'bakery' })).toBe('bakery');
    expect(await categoryOf(ada, listId, 'Bagels')).toBe('bakery');
    const categories = await categoriesOf(ada);
    expect(categories.filter((c) => c.toLowerCase() === 'meat')).toEqual(['meat']);
    expect(categories.filter((c) => c.toLowerCase() === 'bakery')).toEqual(['bakery']);
    // An edit that types the category again in another case keeps the family's spelling.
    const steak = (await itemsOf(ada, listId)).find((i) => i.name === 'Steak')!;
    const edited = await ada.call(api.updateItem, { params: { itemId: steak.id }, body: { category: 'MEAT', quantity: 2 } });
    expect(edited.body).toMatchObject({ category: 'meat', quantity: 2 });
  });

  it('typed in an edit is spelt as first written and files the name for next time', async () => {
    const listId = await newList(ada, 'Edits');
    const tofu = await newItem(ada, listId, 'Tofu');
    expect(tofu.category).toBe('Meat & fish');
    await newItem(ada, listId, 'Miso', { category: 'Asian aisle' });
    const edited = await ada.call(api.updateItem, { params: { itemId: tofu.id }, body: { category: 'asian AISLE' } });
    expect(edited.body.category).toBe('Asian aisle');
    await ada.call(api.deleteItem, { params: { itemId: tofu.id } });
    const again = await newItem(ada, listId, 'tofu');
    expect(again.category).toBe('Asian aisle');
    // Cleared by hand, it stays cleared.
    const cleared = await ada.call(api.updateItem, { params: { itemId: again.id }, body: { category: null } });
    expect([cleared.status, cleared.body.category]).toEqual([200, null]);
  });

  it('is chosen for a recipe\'s ingredients and a recurring item put back on its list', async () => {
    const listId = await newList(ada, 'Recipes');
    await newItem(ada, listId, 'Flour', { category: 'Baking' });
    await ada.call(api.deleteItem, { params: { itemId: (await itemsOf(ada, listId))[0]!.id } });
    const meal = await ada.call(meals.createMeal, { body: {
      name: 'Pancakes', servings: 4,
      ingredients: [{ name: 'flour', quantity: 2, unit: 'cups' }, { name: 'Eggs', quantity: 2 }, { name: 'Zest' }],
    } });
    const added = await ada.call(meals.addMealToGroceryList, { params: { id: meal.body.id }, query: { groceryListId: listId } });
    expect(added.status).toBeLessThan(300);
    expect((await itemsOf(ada, listId)).map((i) => [i.name, i.category])).toEqual([
      ['flour', 'Baking'], ['Eggs', 'Dairy & eggs'], ['Zest', 'Other'],
    ]);

    const weekly = await newList(ada, 'Weekly');
    await newRecurring(ada, weekly, 'Oat milk');
    t.clock.advance(days(8));
    expect(await runRecurringJob(t)).toBeGreaterThanOrEqual(1);
    expect((await itemsOf(ada, weekly)).map((i) => [i.name, i.category])).toEqual([['Oat milk', 'Dairy & eggs']]);
  });

  it('is the family\'s own: another family\'s filing and spelling count for nothing, and read-only members file nothing', async () => {
    const ozList = await newList(oz, 'Oz');
    expect(await categoryOf(oz, ozList, 'Salami')).toBe('Meat & fish');
    expect(await categoryOf(oz, ozList, 'Brisket', { category: 'MEAT' })).toBe('MEAT');
    expect(await categoriesOf(oz)).toEqual(['MEAT', 'Meat & fish']);
    const others = await oz.call(api.getCategories, { params: { familyId: ada.user.familyId! } });
    expect(others.status).toBe(404);

    const ro = await joinAs(t, ada, 'READ_ONLY', 'Ro');
    const before = await groceryState(t, ada.user.familyId!);
    const categoriesBefore = await categoriesOf(ada);
    const listId = (await ada.call(api.getLists, { params: { familyId: ada.user.familyId! } })).body[0]!.id;
    const refused = await ro.call(api.addItem, { body: { name: 'Caviar', category: 'Luxuries', listId } });
    expect([refused.status, refused.body.message]).toEqual([403, readOnlyMessage]);
    expect(await groceryState(t, ada.user.familyId!)).toEqual(before);
    expect(await categoriesOf(ro)).toEqual(categoriesBefore);
  });
});
