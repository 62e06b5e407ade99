import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@hearth/contract/ai-planner';
import * as plan from '@hearth/contract/meal-plan';
import * as meals from '@hearth/contract/meals';
import { aiLimits, aiMessages } from '@hearth/contract/ai-planner';
import { readOnlyMessage } from '../../platform/auth/family-access.ts';
import { aiDailyUsage } from '../../platform/db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { createTestApp, signUp, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { joinAs } from '../../test/factories.ts';
import { createList, createMeal, itemsOf, pancakes } from '../meals/testing.ts';
import { forgetPastDays } from './repository.ts';
import { dinnerRequest, eventsOf, generate, setTimezone } from './test-helpers.ts';

let t: TestApp;
const clock = new ManualClock('2026-03-10T15:00:00Z');

beforeAll(async () => { t = await createTestApp({ clock }); });
afterAll(async () => { await t.close(); });

const family = async (name: string) => signUp(t, { name });
const remaining = async (user: SignedInUser) => (await user.call(api.aiUsage)).body.remainingRequests as number;

describe('generating without an AI service', () => {
  let ada: SignedInUser;
  beforeAll(async () => { ada = await family('Ada'); });

  it('answers three catalogue meals with status fallback and the requests left', async () => {
    const res = await generate(ada, dinnerRequest({ proteinChoice: 'fish', timeToPrepare: 'under 20 min', cuisineType: 'asian' }));
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('fallback');
    expect(res.body.remainingRequests).toBe(aiLimits.requestsPerDay - 1);
    expect(res.body.meals).toHaveLength(3);
    const [first] = res.body.meals;
    expect(first.name).toBe('Miso-Glazed Salmon with Bok Choy');
    expect(first.totalTime).toBeLessThan(20);
    expect(first.fullRecipe).toMatch(/^1\. .+\n2\. /);
    expect(first.ingredients).toContainEqual({ name: 'white miso', quantity: 3, unit: 'tbsp' });
    expect(await remaining(ada)).toBe(aiLimits.requestsPerDay - 1);
  });

  it('does not offer the same three on the next request', async () => {
    const a = (await generate(ada, dinnerRequest({ proteinChoice: 'veggie' }))).body.meals.map((m: api.GeneratedMeal) => m.name);
    const b = (await generate(ada, dinnerRequest({ proteinChoice: 'veggie' }))).body.meals.map((m: api.GeneratedMeal) => m.name);
    expect(b.sort()).not.toEqual(a.sort());
  });

  it('honours the dietary words', async () => {
    const res = await generate(ada, dinnerRequest({ proteinChoice: 'any', timeToPrepare: '60+ min', dietaryRestrictions: 'vegan, gluten-free' }));
    for (const m of res.body.meals as api.GeneratedMeal[]) {
      expect(m.ingredients.map((i) => i.name).join(' ')).not.toMatch(/butter\b|cheese|chicken|beef|pork|egg\b|flour|couscous|naan/i);
    }
  });

  it('alters a meal by rule and says so', async () => {
    const [meal] = (await generate(ada, dinnerRequest({ proteinChoice: 'chicken', timeToPrepare: '20-60 min', cuisineType: 'italian' }))).body.meals;
    const res = await ada.call(api.alterMeal, {
      body: {
        originalName: meal.name, originalDescription: meal.description, originalRecipe: meal.fullRecipe,
        originalIngredients: meal.ingredients, originalPrepTime: meal.prepTime, originalTotalTime: meal.totalTime,
        originalDifficulty: meal.difficulty, alterationRequest: 'make it vegetarian',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('fallback');
    expect(res.body.meals).toHaveLength(1);
    expect(res.body.meals[0].description).toMatch(/Made it vegetarian/);
    expect(res.body.meals[0].ingredients.map((i: api.GeneratedIngredient) => i.name).join(' ')).not.toMatch(/chicken/i);
  });

  it('accepts ingredients as plain text too', async () => {
    const res = await ada.call(api.alterMeal, {
      body: {
        originalName: 'Toast', originalRecipe: '1. Toast the bread.\n2. Butter it.', originalIngredients: ['bread', 'butter'],
        alterationRequest: 'without butter',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.meals[0].ingredients).toEqual([{ name: 'bread', quantity: null, unit: null }]);
    expect(res.body.meals[0].fullRecipe).toBe('1. Toast the bread.\n2. Butter it.');
  });

  it('records each request as ai_meal_request', async () => {
    const events = await eventsOf(t, ada.user.familyId!, 'ai_meal_request');
    expect(events.length).toBe(aiLimits.requestsPerDay - await remaining(ada));
    expect(events[0]!.data).toMatchObject({ kind: 'generate', status: 'fallback', protein: 'fish', cuisine: 'asian', meal_count: 3 });
    expect(events.at(-1)!.data).toMatchObject({ kind: 'alter', status: 'fallback' });
  });
});

describe('a planner that listens', () => {
  let ada: SignedInUser;
  beforeAll(async () => { ada = await family('Listener'); });

  it('honours cuisine, spice, kid-friendly, protein and time, and says what it gave up', async () => {
    const res = await generate(ada, dinnerRequest({ cuisineType: 'mexican', spiceLevel: 'mild', kidFriendly: true }));
    expect(res.status).toBe(200);
    const names = res.body.meals.map((m: api.GeneratedMeal) => m.name);
    expect(names).toHaveLength(3);
    for (const name of ['Chicken Noodle Soup', 'Chicken Piccata', 'Chicken Tikka Skewers with Mint Raita']) expect(names).not.toContain(name);
    for (const m of res.body.meals as api.GeneratedMeal[]) {
      expect(m.ingredients.map((i) => i.name).join(' ')).toMatch(/chicken/i);
      expect(m.ingredients.map((i) => i.name).join(' ')).not.toMatch(/cayenne|chipotle|jalape/i);
    }
    expect(res.body.notice).toBe('Only 2 mild, kid-friendly Mexican chicken dishes in 20–60 min — also showing other cooking times');
  });

  it('answers "Beef, Italian" with Italian beef, not Cheeseburgers or Bulgogi', async () => {
    const res = await generate(ada, dinnerRequest({ proteinChoice: 'beef', cuisineType: 'italian' }));
    const names = res.body.meals.map((m: api.GeneratedMeal) => m.name);
    expect(names).toHaveLength(3);
    expect(names).not.toContain('Backyard Cheeseburgers');
    expect(names).not.toContain('Korean Beef Bulgogi Bowls');
    expect(names).toContain('Italian Meatballs in Tomato Sauce');
    expect(res.body.notice).toMatch(/^Only 1 Italian beef dish in 20–60 min — also showing other cooking times$/);
  });

  it('has no notice when every idea fits', async () => {
    expect((await generate(ada, dinnerRequest({ proteinChoice: 'any' }))).body.notice).toBeNull();
  });

  it('prints a third as ⅓: every quantity is a fraction a cook writes', async () => {
    const res = await generate(ada, dinnerRequest({ proteinChoice: 'chicken', timeToPrepare: '60+ min', cuisineType: 'italian' }));
    for (const m of res.body.meals as api.GeneratedMeal[]) {
      for (const i of m.ingredients) if (i.quantity !== null) expect(Math.round(i.quantity * 1000)).toBe(i.quantity * 1000);
    }
  });

  it('refuses an alteration it cannot apply (422) without using up a request', async () => {
    const before = await remaining(ada);
    const res = await ada.call(api.alterMeal, {
      body: { originalName: 'Soup', originalIngredients: ['water', 'leeks'], alterationRequest: 'turn it into a dessert' },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(aiMessages.alterationNotApplied);
    expect(await remaining(ada)).toBe(before);
    const applied = await ada.call(api.alterMeal, {
      body: { originalName: 'Soup', originalIngredients: ['water', 'leeks'], alterationRequest: 'without leeks' },
    });
    expect(applied.status).toBe(200);
    expect(applied.body.remainingRequests).toBe(before - 1);
    expect(await remaining(ada)).toBe(before - 1);
  });
});

describe('validation', () => {
  let ada: SignedInUser;
  beforeAll(async () => { ada = await family('Val'); });

  it.each([
    [{ timeToPrepare: '20-60 min' }, aiMessages.proteinRequired],
    [{ proteinChoice: 'chicken' }, aiMessages.timeRequired],
    [{ proteinChoice: 'lamb', timeToPrepare: '20-60 min' }, aiMessages.choiceInvalid],
    [{ proteinChoice: 'beef', timeToPrepare: 'a week' }, aiMessages.choiceInvalid],
    [{ ...dinnerRequest(), cuisineType: 'french' }, aiMessages.choiceInvalid],
    [{ ...dinnerRequest(), dietaryRestrictions: 'x'.repeat(501) }, aiMessages.dietaryTooLong],
  ])('refuses %o with "%s" and counts nothing', async (body, message) => {
    const res = await ada.call(api.generateMeals, { body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await remaining(ada)).toBe(aiLimits.requestsPerDay);
  });

  it.each([
    ['', aiMessages.alterationRequired],
    ['   ', aiMessages.alterationRequired],
    ['x'.repeat(251), aiMessages.alterationTooLong],
  ])('refuses the alteration %j', async (alterationRequest, message) => {
    const res = await ada.call(api.alterMeal, {
      body: { originalName: 'Soup', originalIngredients: [], alterationRequest },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('takes an alteration of exactly 250 characters', async () => {
    const alterationRequest = `without water${', no salt'.repeat(30)}`.slice(0, 250);
    const res = await ada.call(api.alterMeal, {
      body: { originalName: 'Soup', originalIngredients: ['water', 'leeks'], alterationRequest },
    });
    expect(res.status).toBe(200);
  });
});

describe('the daily quota', () => {
  it(`lets exactly ${aiLimits.requestsPerDay} of 12 parallel requests through`, async () => {
    const ada = await family('Burst');
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 3 === 0
      ? ada.call(api.alterMeal, { body: { originalName: 'Soup', originalIngredients: ['water'], alterationRequest: 'spicier' } })
      : generate(ada))));
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 429);
    expect(ok).toHaveLength(aiLimits.requestsPerDay);
    expect(refused).toHaveLength(2);
    expect(ok.map((a) => a.body.remainingRequests).sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const r of refused) {
      expect(r.body).toEqual({ code: 'RATE_LIMITED', message: aiMessages.quotaReached, remainingRequests: 0 });
    }
    expect(await remaining(ada)).toBe(0);
    const [row] = await t.db.select().from(aiDailyUsage);
    expect(row).toBeDefined();
  });

  it('starts again at midnight in the family\'s timezone, not the server\'s', async () => {
    const ada = await family('Tokyo');
    await setTimezone(t, ada.user.familyId!, 'Asia/Tokyo');
    // 14:30 UTC is 23:30 in Tokyo.
    clock.set('2026-03-11T14:30:00Z');
    for (let i = 0; i < aiLimits.requestsPerDay; i++) expect((await generate(ada)).status).toBe(200);
    expect((await generate(ada)).status).toBe(429);
    clock.set('2026-03-11T14:59:59Z');
    expect((await generate(ada)).status).toBe(429);
    expect(await remaining(ada)).toBe(0);
    // 15:00 UTC is midnight in Tokyo; still 11 March in UTC.
    clock.set('2026-03-11T15:00:00Z');
    expect(await remaining(ada)).toBe(aiLimits.requestsPerDay);
    const res = await generate(ada);
    expect(res.status).toBe(200);
    expect(res.body.remainingRequests).toBe(aiLimits.requestsPerDay - 1);
  });

  it('is per family', async () => {
    const ada = await family('Full');
    const bob = await family('Empty');
    for (let i = 0; i < aiLimits.requestsPerDay; i++) await generate(ada);
    expect((await generate(ada)).status).toBe(429);
    expect(await remaining(bob)).toBe(aiLimits.requestsPerDay);
    expect((await generate(bob)).status).toBe(200);
  });

  it('forgets only days that are over in every timezone', async () => {
    const ada = await family('Prune');
    await setTimezone(t, ada.user.familyId!, 'Pacific/Kiritimati');
    const kid = await family('PruneWest');
    await setTimezone(t, kid.user.familyId!, 'Pacific/Pago_Pago');
    clock.set('2026-03-20T11:00:00Z');
    await generate(ada);
    await generate(kid);
    const days = async () => (await t.db.select().from(aiDailyUsage)).map((r) => r.day).sort();
    expect(await days()).toContain('2026-03-21');
    expect(await days()).toContain('2026-03-20');
    clock.set('2026-03-22T10:59:00Z');
    await forgetPastDays(t.db, clock);
    expect(await days()).toEqual(['2026-03-20', '2026-03-21']);
    clock.set('2026-03-22T23:59:00Z');
    // Still 22 March in UTC: 20 March is the last day kept.
    await forgetPastDays(t.db, clock);
    expect(await days()).toEqual(['2026-03-20', '2026-03-21']);
    clock.set('2026-03-23T00:00:00Z');
    await forgetPastDays(t.db, clock);
    expect(await days()).toEqual(['2026-03-21']);
  });

  it('is shared by the members of a family', async () => {
    const ada = await family('Shared');
    const kid = await joinAs(t, ada, 'READ_ONLY', 'Kid');
    await generate(ada);
    expect((await generate(kid)).body.remainingRequests).toBe(aiLimits.requestsPerDay - 2);
    expect(await remaining(ada)).toBe(aiLimits.requestsPerDay - 2);
  });
});

describe('suggestion history', () => {
  it('is per family: another family\'s request does not change what a family is offered next', async () => {
    const ada = await family('HistA');
    const bob = await family('HistB');
    const request = dinnerRequest({ proteinChoice: 'pork', timeToPrepare: '60+ min' });
    const first = (await generate(ada, request)).body.meals.map((m: api.GeneratedMeal) => m.name);
    const bobFirst = (await generate(bob, request)).body.meals.map((m: api.GeneratedMeal) => m.name);
    expect(bobFirst).toEqual(first);
    const second = (await generate(ada, request)).body.meals.map((m: api.GeneratedMeal) => m.name);
    expect(second.sort()).not.toEqual(first.sort());
  });
});

describe('saving a suggestion', () => {
  let ada: SignedInUser;
  let listId: string;
  let meal: api.GeneratedMeal;
  beforeAll(async () => {
    ada = await family('Saver');
    listId = await createList(t, ada.user.familyId!);
    meal = (await generate(ada, dinnerRequest({ proteinChoice: 'veggie', timeToPrepare: 'under 20 min', cuisineType: 'italian' }))).body.meals[0];
  });

  const asMeal = (m: api.GeneratedMeal) => ({
    name: m.name, directions: m.fullRecipe, prepTime: m.prepTime, totalTime: m.totalTime,
    ingredients: m.ingredients, source: 'ai-meal-planner',
  });

  it('keeps fractional quantities on the recipe and on the list, and records both usage events', async () => {
    expect(meal.ingredients.some((i) => i.quantity !== null && !Number.isInteger(i.quantity))).toBe(true);
    const saved = await ada.call(meals.createMeal, { body: asMeal(meal) });
    expect(saved.status).toBe(201);
    expect(saved.body.ingredients.map((i: meals.Ingredient) => ({ name: i.name, quantity: i.quantity, unit: i.unit })))
      .toEqual(meal.ingredients);
    const added = await ada.call(meals.addMealToGroceryList, {
      params: { id: saved.body.id }, query: { groceryListId: listId, source: 'ai-meal-planner' },
    });
    expect(added.body).toEqual({ added: meal.ingredients.length });
    const items = await itemsOf(t, listId);
    for (const i of meal.ingredients) {
      expect(items.find((x) => x.name === i.name)).toMatchObject({ quantity: i.quantity, unit: i.unit });
    }
    const [savedEvent] = await eventsOf(t, ada.user.familyId!, 'ai_meal_saved');
    expect(savedEvent).toMatchObject({ subjectId: saved.body.id, data: { ingredient_count: meal.ingredients.length } });
    const [groceryEvent] = await eventsOf(t, ada.user.familyId!, 'ai_meal_grocery_added');
    expect(groceryEvent).toMatchObject({ subjectId: saved.body.id, data: { listId, ingredient_count: meal.ingredients.length } });
  });

  it('records no planner event for a recipe saved elsewhere', async () => {
    const bob = await family('Plain');
    const saved = await bob.call(meals.createMeal, { body: { ...asMeal(meal), source: undefined } });
    expect(saved.status).toBe(201);
    expect(await eventsOf(t, bob.user.familyId!, 'ai_meal_saved')).toEqual([]);
  });

  it('lets a READ_ONLY member generate ideas but not save them (403)', async () => {
    const kid = await joinAs(t, ada, 'READ_ONLY', 'Reader');
    expect((await generate(kid)).status).toBe(200);
    const res = await kid.call(meals.createMeal, { body: asMeal(meal) });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(readOnlyMessage);
  });
});

describe('Plan my week and a slot\'s ideas (issue 51)', () => {
  // Tuesday 10 March: of the week from Monday 9 March, Monday's evening is past.
  const week = '2026-03-09';
  let ada: SignedInUser;
  let library: Map<string, string>;
  const propose = (user: SignedInUser, weekStart = week) => user.call(api.proposeWeek, { body: { weekStart } });
  const ideas = (user: SignedInUser, body: Record<string, unknown>) => user.call(api.proposeForSlot, { body });
  const weekPlan = async (user: SignedInUser) => (await user.call(plan.getWeekPlan, { query: { weekStart: week } })).body as plan.WeekPlan;

  beforeAll(async () => {
    clock.set('2026-03-10T15:00:00Z');
    ada = await family('Planner');
    library = new Map();
    for (const name of ['Tacos', 'Chili', 'Porridge']) library.set((await createMeal(ada, pancakes({ name }))).id, name);
    const [tacos] = [...library.keys()];
    // Wednesday's evening is planned; Thursday's lunch does not make an evening planned.
    await ada.call(plan.planMeal, { body: { recipeId: tacos, date: '2026-03-11', mealType: 'DINNER' } });
    await ada.call(plan.planMeal, { body: { recipeId: tacos, date: '2026-03-12', mealType: 'LUNCH' } });
  });

  it('proposes a dinner for each empty evening from today, library first, for exactly one request, saving nothing', async () => {
    const before = await remaining(ada);
    const res = await propose(ada);
    expect(res.status).toBe(200);
    const proposals = res.body.proposals as api.PlanProposal[];
    expect(proposals.map((p) => p.date)).toEqual(['2026-03-10', '2026-03-12', '2026-03-13', '2026-03-14', '2026-03-15']);
    expect(proposals.every((p) => p.mealType === 'DINNER')).toBe(true);
    expect(res.body.remainingRequests).toBe(before - 1);
    expect(await remaining(ada)).toBe(before - 1);
    // The three library recipes first (Tacos, already this week, last of them), then the catalogue's dinners.
    expect(proposals.slice(0, 3).map((p) => library.get(p.recipeId!))).toEqual(['Chili', 'Porridge', 'Tacos']);
    for (const p of proposals.slice(3)) {
      expect(p.recipeId).toBeNull();
      expect(p.meal?.name).toBe(p.name);
      expect(p.meal?.ingredients.length).toBeGreaterThan(0);
    }
    expect(new Set(proposals.map((p) => p.name)).size).toBe(proposals.length);
    expect((await weekPlan(ada)).meals).toHaveLength(2);
  });

  it('prefers what the family plans most for that meal', async () => {
    const [, chili, porridge] = [...library.keys()];
    for (const date of ['2026-02-16', '2026-02-17']) {
      await ada.call(plan.planMeal, { body: { recipeId: porridge, date, mealType: 'BREAKFAST' } });
    }
    await ada.call(plan.planMeal, { body: { recipeId: chili, date: '2026-02-18', mealType: 'BREAKFAST' } });
    const res = await ideas(ada, { date: '2026-03-13', mealType: 'BREAKFAST' });
    expect(res.status).toBe(200);
    // No catalogue dinners for a breakfast; Tacos, planned this week, last.
    expect((res.body.proposals as api.PlanProposal[]).map((p) => p.name)).toEqual(['Porridge', 'Chili', 'Tacos']);
  });

  it('swaps one evening: ideas for the slot leave out the named ones, one request per ask', async () => {
    const before = await remaining(ada);
    const res = await ideas(ada, { date: '2026-03-12', mealType: 'DINNER', exclude: ['Chili', 'porridge'] });
    expect(res.status).toBe(200);
    const names = (res.body.proposals as api.PlanProposal[]).map((p) => p.name);
    expect(names).toHaveLength(aiLimits.mealsPerAnswer);
    expect(names[0]).toBe('Tacos');
    expect(names).not.toContain('Chili');
    expect(names).not.toContain('Porridge');
    expect(await remaining(ada)).toBe(before - 1);
  });

  it('refuses a week whose evenings are all planned (422) without counting a request', async () => {
    const before = await remaining(ada);
    const res = await propose(ada, '2026-03-02');
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(api.weekPlanMessages.weekFull);
    expect(await remaining(ada)).toBe(before);
  });

  it('refuses READ_ONLY members (403) without counting a request', async () => {
    const kid = await joinAs(t, ada, 'READ_ONLY', 'Looker');
    const before = await remaining(ada);
    for (const res of [await propose(kid), await ideas(kid, { date: '2026-03-12', mealType: 'LUNCH' })]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(readOnlyMessage);
    }
    expect(await remaining(ada)).toBe(before);
  });

  it('proposes only the family\'s own recipes, and another family\'s recipe cannot be planned (404)', async () => {
    const otto = await family('Otto');
    await createMeal(otto, pancakes({ name: 'Goulash' }));
    const proposals = (await propose(otto)).body.proposals as api.PlanProposal[];
    expect(proposals[0]!.name).toBe('Goulash');
    expect(proposals.some((p) => p.recipeId !== null && library.has(p.recipeId))).toBe(false);
    const [tacos] = [...library.keys()];
    const res = await otto.call(plan.planMeal, { body: { recipeId: tacos, date: '2026-03-12', mealType: 'DINNER' } });
    expect(res.status).toBe(404);
  });

  it('answers the quota message once the day\'s requests are used', async () => {
    const used = await family('Used');
    await t.db.insert(aiDailyUsage).values({ familyId: used.user.familyId!, day: '2026-03-10', count: aiLimits.requestsPerDay });
    for (const res of [await propose(used), await ideas(used, { date: '2026-03-12', mealType: 'DINNER' })]) {
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ code: 'RATE_LIMITED', message: aiMessages.quotaReached, remainingRequests: 0 });
    }
  });
});
