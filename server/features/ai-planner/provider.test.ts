import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as api from '@hearth/contract/ai-planner';
import { aiLimits } from '@hearth/contract/ai-planner';
import { createTestApp, signUp, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { createMeal, pancakes } from '../meals/testing.ts';
import { dinnerRequest, eventsOf, FakeProvider, generate, modelAnswer, modelMeal } from './test-helpers.ts';

/** The real provider path (the openai client over HTTP) against a loopback server answering canned completions. */
let t: TestApp;
let provider: FakeProvider;
let ada: SignedInUser;
const timeoutMs = 400;
const logLines: string[] = [];

beforeAll(async () => {
  provider = new FakeProvider();
  const baseUrl = await provider.start();
  t = await createTestApp({
    env: { AI_BASE_URL: baseUrl, AI_MODEL: 'test-model', AI_API_KEY: 'sk-test-secret', AI_TIMEOUT_MS: String(timeoutMs) },
    logTo: { write: (line) => { logLines.push(line); } },
  });
  ada = await signUp(t, { name: 'Ada' });
});
afterAll(async () => {
  await t.close();
  await provider.stop();
});
beforeEach(async () => {
  provider.reset();
  // Every test here makes a few requests; a fresh day's quota keeps them independent.
  t.clock.advance(86_400_000);
});

const names = (body: api.AiAnswer) => body.meals.map((m) => m.name);

describe('a configured AI service', () => {
  it('answers its meals with status success, steps numbered and quantities kept', async () => {
    provider.queue({
      content: JSON.stringify({
        meals: [
          modelMeal('Lemon Chicken', { steps: ['1. Season the chicken.', 'Step 2: Roast 25 minutes.', 'Rest and serve.'] }),
          modelMeal('Chicken Tacos'), modelMeal('Chicken Soup'),
        ],
      }),
    });
    const res = await generate(ada, dinnerRequest({
      proteinChoice: 'chicken', timeToPrepare: 'under 20 min', cuisineType: 'mexican', spiceLevel: 'mild',
      kidFriendly: true, onePotMeal: true, dietaryRestrictions: 'gluten-free, no mushrooms',
    }));
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    expect(res.body.remainingRequests).toBe(aiLimits.requestsPerDay - 1);
    expect(names(res.body)).toEqual(['Lemon Chicken', 'Chicken Tacos', 'Chicken Soup']);
    expect(res.body.meals[0]).toEqual({
      name: 'Lemon Chicken', description: 'Lemon Chicken, a family dinner.', prepTime: 10, totalTime: 25, difficulty: 'Easy',
      fullRecipe: '1. Season the chicken.\n2. Roast 25 minutes.\n3. Rest and serve.',
      ingredients: [{ name: 'chicken thighs', quantity: 1.5, unit: 'lb' }, { name: 'olive oil', quantity: 0.5, unit: 'tbsp' },
        { name: 'salt', quantity: null, unit: null }],
    });
    expect((await eventsOf(t, ada.user.familyId!, 'ai_meal_request')).at(-1)!.data).toMatchObject({ status: 'success' });
  });

  it('asks for JSON Schema structured output with a prompt carrying the choices and the dietary words', async () => {
    provider.queue({ content: modelAnswer('A', 'B', 'C') });
    await generate(ada, dinnerRequest({
      proteinChoice: 'veggie', timeToPrepare: '60+ min', cuisineType: 'indian', spiceLevel: 'spicy', kidFriendly: true,
      onePotMeal: true, dietaryRestrictions: 'nut allergy; no cilantro',
    }));
    const [sent] = provider.requests;
    expect(sent!.model).toBe('test-model');
    expect(sent!.response_format.type).toBe('json_schema');
    expect(sent!.response_format.json_schema.strict).toBe(true);
    expect(JSON.stringify(sent!.response_format.json_schema.schema)).toContain('"ingredients"');
    const prompt = sent!.messages.at(-1)!.content;
    for (const part of ['Protein: vegetarian', 'Time: 60+ min', 'Cuisine: indian', 'Spice level: spicy', 'Kid-friendly: yes',
      'One-pot meal: yes', '"nut allergy; no cilantro"', 'nut-free', 'no cilantro']) {
      expect(prompt).toContain(part);
    }
  });

  it('asks once more after malformed JSON, and uses the second answer', async () => {
    provider.queue({ content: '{"meals": [ {"name": "Half a meal"' }, { content: modelAnswer('X', 'Y', 'Z') });
    const res = await generate(ada);
    expect(res.body.status).toBe('success');
    expect(names(res.body)).toEqual(['X', 'Y', 'Z']);
    expect(provider.requests).toHaveLength(2);
  });

  it.each([
    ['not JSON twice', ['Here are three meals: ...', 'Sorry!']],
    ['the wrong number of meals twice', [modelAnswer('Only one'), modelAnswer('One', 'Two')]],
    ['total time shorter than prep twice', Array(2).fill(JSON.stringify({ meals: [1, 2, 3].map((n) => modelMeal(`M${n}`, { prepTime: 30, totalTime: 10 })) }))],
    ['a made-up difficulty and no ingredients', [
      JSON.stringify({ meals: [1, 2, 3].map((n) => modelMeal(`M${n}`, { difficulty: 'Trivial' })) }),
      JSON.stringify({ meals: [1, 2, 3].map((n) => modelMeal(`M${n}`, { ingredients: [] })) }),
    ]],
    ['control characters', Array(2).fill(JSON.stringify({ meals: [1, 2, 3].map((n) => modelMeal(`M${n}\u0000`)) }))],
  ])('falls back to the catalogue after %s', async (_, contents) => {
    provider.queue(...(contents as string[]).map((content) => ({ content })));
    const res = await generate(ada, dinnerRequest({ proteinChoice: 'beef', timeToPrepare: '60+ min' }));
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('fallback');
    expect(res.body.meals).toHaveLength(3);
    expect(provider.requests).toHaveLength(2);
  });

  it('falls back without retrying when the call takes longer than the timeout', async () => {
    provider.queue({ delayMs: timeoutMs * 3, content: modelAnswer('Late', 'Later', 'Latest') });
    const started = Date.now();
    const res = await generate(ada);
    expect(Date.now() - started).toBeLessThan(timeoutMs * 3);
    expect(res.body.status).toBe('fallback');
    expect(res.body.meals).toHaveLength(3);
    expect(provider.requests).toHaveLength(1);
  });

  it('falls back on a 500 without retrying, and still counts the request', async () => {
    provider.queue({ status: 500 });
    const before = (await ada.call(api.aiUsage)).body.remainingRequests;
    const res = await generate(ada);
    expect(res.body.status).toBe('fallback');
    expect(res.body.remainingRequests).toBe(before - 1);
    expect(provider.requests).toHaveLength(1);
  });

  it('never writes the API key to the log', async () => {
    provider.queue({ status: 500 });
    await generate(ada);
    expect(logLines.join('\n')).toContain('answering from the catalogue');
    expect(logLines.join('\n')).not.toContain('sk-test-secret');
  });

  it('alters through the provider, answering one meal', async () => {
    provider.queue({ content: JSON.stringify({ meals: [modelMeal('Milder Chili', { description: 'Halved the chili.' })] }) });
    const res = await ada.call(api.alterMeal, {
      body: {
        originalName: 'Chili', originalDescription: 'Hot', originalRecipe: '1. Cook.', originalIngredients: [{ name: 'chili', quantity: 2, unit: null }],
        originalPrepTime: 10, originalTotalTime: 60, originalDifficulty: 'Easy', alterationRequest: 'Make it milder',
      },
    });
    expect(res.body.status).toBe('success');
    expect(names(res.body)).toEqual(['Milder Chili']);
    const prompt = provider.requests[0]!.messages.at(-1)!.content;
    expect(prompt).toContain('"Make it milder"');
    expect(prompt).toContain('"name":"Chili"');
  });

  it('alters by rule when the provider fails', async () => {
    provider.queue({ status: 500 });
    const res = await ada.call(api.alterMeal, {
      body: {
        originalName: 'Chili', originalRecipe: '1. Cook.', originalIngredients: [{ name: 'dried red chilies', quantity: 2, unit: null }],
        alterationRequest: 'Make it milder',
      },
    });
    expect(res.body.status).toBe('fallback');
    expect(res.body.meals[0].ingredients).toEqual([{ name: 'dried red chilies', quantity: 1, unit: null }]);
  });

  it('gives the request back when the provider fails and the rules cannot make the change', async () => {
    provider.queue({ status: 500 });
    const before = (await ada.call(api.aiUsage)).body.remainingRequests;
    const res = await ada.call(api.alterMeal, {
      body: { originalName: 'Chili', originalRecipe: '1. Cook.', originalIngredients: ['beans'], alterationRequest: 'Make it French' },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(api.aiMessages.alterationNotApplied);
    expect(provider.requests).toHaveLength(1);
    expect((await ada.call(api.aiUsage)).body.remainingRequests).toBe(before);
  });
});

describe('a slot\'s ideas with a configured AI service (issue 51)', () => {
  it('takes the model\'s picks among the numbered library, fills bad ones from the ranking, for one request', async () => {
    const cook = await signUp(t, { name: 'Picker' });
    for (const name of ['Alpha Stew', 'Beta Curry', 'Gamma Pie']) await createMeal(cook, pancakes({ name }));
    // Gamma for the first idea; then Gamma again and a recipe the list does not have: both left to the ranking.
    provider.queue({ content: JSON.stringify({ picks: [{ slot: 1, recipe: 3 }, { slot: 2, recipe: 3 }, { slot: 3, recipe: 9 }] }) });
    const res = await cook.call(api.proposeForSlot, { body: { date: '2030-01-08', mealType: 'LUNCH' } });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    expect(res.body.remainingRequests).toBe(aiLimits.requestsPerDay - 1);
    expect((res.body.proposals as api.PlanProposal[]).map((p) => p.name)).toEqual(['Gamma Pie', 'Alpha Stew', 'Beta Curry']);
    const [sent] = provider.requests;
    expect(sent!.response_format.json_schema.name).toBe('picks');
    expect(sent!.messages[1]!.content).toContain('1. Alpha Stew\n2. Beta Curry\n3. Gamma Pie');
  });

  it('chooses by the ranking when the service fails, still for one request', async () => {
    const cook = await signUp(t, { name: 'Fallen' });
    await createMeal(cook, pancakes({ name: 'Delta Bake' }));
    provider.queue({ status: 500 });
    const res = await cook.call(api.proposeForSlot, { body: { date: '2030-01-08', mealType: 'DINNER' } });
    expect(res.body.status).toBe('fallback');
    expect(res.body.remainingRequests).toBe(aiLimits.requestsPerDay - 1);
    expect((res.body.proposals as api.PlanProposal[])[0]!.name).toBe('Delta Bake');
  });
});
