import { describe, expect, it } from 'vitest';
import {
  AiAlterationRequest, AiMealRequest, cuisineTypes, prepTimeChoices, type AiAlterationRequestInput, type AiMealRequestInput,
} from '@hearth/contract/ai-planner';
import { alterFromRules } from './alterations.ts';
import { catalogue, type Recipe } from './catalogue/index.ts';
import { animalKinds, kindsOf, meatKinds, readRestrictions, seafoodKinds, type Kind } from './dietary.ts';
import { suggest, toGeneratedMeal } from './fallback.ts';
import { formatQuantity } from '@hearth/contract/quantity';

const names = (r: Recipe) => r.ingredients.map(([, , name]) => name);
const hasKind = (r: Recipe, kinds: Kind[]) => names(r).some((n) => [...kindsOf(n)].some((k) => kinds.includes(k)));
const request = (input: AiMealRequestInput) => AiMealRequest.parse(input);
const byId = new Map(catalogue.map((r) => [r.id, r]));
const ids = (input: AiMealRequestInput, last: string[] = []) => suggest(request(input), last).recipes.map((r) => r.id);
const recipesFor = (input: AiMealRequestInput, last: string[] = []) => ids(input, last).map((id) => byId.get(id)!);
const proteins = ['beef', 'pork', 'chicken', 'fish', 'veggie', 'vegan'] as const;

describe('the catalogue', () => {
  it('has at least 80 recipes with unique ids and names', () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(80);
    expect(new Set(catalogue.map((r) => r.id)).size).toBe(catalogue.length);
    expect(new Set(catalogue.map((r) => r.name)).size).toBe(catalogue.length);
  });

  it('covers every protein with every cuisine the form offers', () => {
    for (const protein of proteins) {
      for (const cuisine of cuisineTypes) {
        expect(catalogue.some((r) => r.protein === protein && r.cuisine === cuisine), `${protein} × ${cuisine}`).toBe(true);
      }
    }
  });

  it('has at least three recipes of each protein in each time choice', () => {
    for (const protein of proteins) {
      for (const time of prepTimeChoices) {
        const found = suggest(request({ proteinChoice: protein, timeToPrepare: time }), []).recipes;
        expect(found, `${protein}, ${time}`).toHaveLength(3);
        for (const r of found) {
          if (time === 'under 20 min') expect(r.total).toBeLessThan(20);
          if (time === '20-60 min') expect(r.total).toBeGreaterThanOrEqual(20);
          if (time === '20-60 min') expect(r.total).toBeLessThanOrEqual(60);
          if (time === '60+ min') expect(r.total).toBeGreaterThan(60);
        }
      }
    }
  });

  it.each(catalogue.map((r) => [r.id, r] as const))('%s is complete and honest', (_, r) => {
    expect(r.prep).toBeGreaterThan(0);
    expect(r.total).toBeGreaterThanOrEqual(r.prep);
    expect(r.ingredients.length).toBeGreaterThanOrEqual(4);
    expect(r.steps.length).toBeGreaterThanOrEqual(3);
    expect(r.ingredients.filter(([q]) => q !== null).length).toBeGreaterThanOrEqual(r.ingredients.length - 2);
    for (const [q, unit, name] of r.ingredients) {
      expect(name.trim()).toBe(name);
      if (q !== null) expect(q).toBeGreaterThan(0);
      if (unit !== null) expect(q).not.toBeNull();
    }
    // Its protein is what its ingredients say.
    if (r.protein === 'beef') expect(hasKind(r, ['beef'])).toBe(true);
    if (r.protein === 'pork') expect(hasKind(r, ['pork'])).toBe(true);
    if (r.protein === 'chicken') expect(hasKind(r, ['poultry'])).toBe(true);
    if (r.protein === 'fish') expect(hasKind(r, seafoodKinds)).toBe(true);
    if (r.protein === 'veggie') expect(hasKind(r, [...meatKinds, ...seafoodKinds])).toBe(false);
    if (r.protein === 'vegan') expect(hasKind(r, animalKinds)).toBe(false);
    if (r.spice === 'spicy') expect(hasKind(r, ['chili'])).toBe(true);
    expect(toGeneratedMeal(r).fullRecipe.split('\n')[0]).toMatch(/^1\. /);
  });
});

describe('reading ingredients', () => {
  it.each([
    ['butternut squash', []], ['eggplant', []], ['coconut milk', []], ['peanut butter', ['nuts']], ['nutmeg', []],
    ['corn tortillas', []], ['flour tortillas', ['gluten']], ['soy sauce', ['gluten']], ['tamari (gluten-free soy sauce)', []],
    ['rice noodles', []], ['egg noodles', ['egg', 'gluten']], ['Greek yogurt', ['dairy']], ['chicken stock', ['poultry']],
    ['fish sauce', ['fish']], ['Bibb lettuce', []], ['1 bunch cilantro', []], ['basil pesto', ['nuts']],
  ] as [string, Kind[]][])('%s is %j', (name, kinds) => {
    expect([...kindsOf(name)].sort()).toEqual([...kinds].sort());
  });
});

describe('fallback suggestions', () => {
  it.each([
    ['vegetarian', [...meatKinds, ...seafoodKinds] as Kind[]],
    ['We are vegan', animalKinds],
    ['gluten-free please', ['gluten'] as Kind[]],
    ['coeliac', ['gluten'] as Kind[]],
    ['dairy free', ['dairy'] as Kind[]],
    ['lactose intolerant', ['dairy'] as Kind[]],
    ['nut-free (school rules)', ['nuts'] as Kind[]],
    ['peanut allergy', ['nuts'] as Kind[]],
    ['egg-free', ['egg'] as Kind[]],
    ['no shellfish', ['shellfish'] as Kind[]],
    ['no red meat', ['beef', 'pork', 'lamb'] as Kind[]],
    ['halal', ['pork'] as Kind[]],
    ['kosher', ['pork', 'shellfish'] as Kind[]],
    ['nothing spicy, no spicy food', ['chili'] as Kind[]],
  ])('"%s" leaves out every recipe with such ingredients', (words, kinds) => {
    for (const proteinChoice of ['any', 'veggie', 'chicken', 'fish'] as const) {
      for (const timeToPrepare of prepTimeChoices) {
        for (const r of recipesFor({ proteinChoice, timeToPrepare, dietaryRestrictions: words })) {
          expect(hasKind(r, kinds), `${r.id} for "${words}"`).toBe(false);
        }
      }
    }
  });

  it('finds three meals for each dietary word with any protein and each time', () => {
    for (const words of ['vegetarian', 'vegan', 'gluten-free', 'dairy-free', 'nut-free']) {
      for (const timeToPrepare of prepTimeChoices) {
        expect(ids({ proteinChoice: 'any', timeToPrepare, dietaryRestrictions: words }), `${words}, ${timeToPrepare}`).toHaveLength(3);
      }
    }
  });

  it('leaves out a named ingredient in singular or plural', () => {
    const all = catalogue.filter((r) => names(r).some((n) => /mushroom/i.test(n)));
    expect(all.length).toBeGreaterThan(0);
    for (const time of prepTimeChoices) {
      for (const r of recipesFor({ proteinChoice: 'any', timeToPrepare: time, dietaryRestrictions: 'no mushrooms' })) {
        expect(names(r).some((n) => /mushroom/i.test(n))).toBe(false);
      }
    }
  });

  it('answers only the chosen protein; veggie includes vegan dishes, vegan only vegan ones', () => {
    for (const time of prepTimeChoices) {
      expect(recipesFor({ proteinChoice: 'fish', timeToPrepare: time }).every((r) => r.protein === 'fish')).toBe(true);
      expect(recipesFor({ proteinChoice: 'vegan', timeToPrepare: time }).every((r) => r.protein === 'vegan')).toBe(true);
      expect(recipesFor({ proteinChoice: 'veggie', timeToPrepare: time }).every((r) => ['veggie', 'vegan'].includes(r.protein))).toBe(true);
    }
  });

  it('puts the chosen cuisine, kid-friendly, one-pot and spice level first', () => {
    expect(recipesFor({ proteinChoice: 'chicken', timeToPrepare: '60+ min', cuisineType: 'indian' })[0]!.cuisine).toBe('indian');
    for (const r of recipesFor({ proteinChoice: 'any', timeToPrepare: '20-60 min', kidFriendly: true, onePotMeal: true })) {
      expect(r.kidFriendly && r.onePot).toBe(true);
    }
    for (const r of recipesFor({ proteinChoice: 'any', timeToPrepare: '60+ min', spiceLevel: 'spicy' })) expect(r.spice).toBe('spicy');
    for (const r of recipesFor({ proteinChoice: 'any', timeToPrepare: '60+ min', spiceLevel: 'mild' })) expect(r.spice).toBe('mild');
  });

  it('never offers the same three twice in a row when more recipes fit', () => {
    const input: AiMealRequestInput = { proteinChoice: 'beef', timeToPrepare: 'under 20 min' };
    let last: string[] = [];
    for (let i = 0; i < 6; i++) {
      const next = ids(input, last);
      expect(next).toHaveLength(3);
      expect([...next].sort()).not.toEqual([...last].sort());
      last = next;
    }
  });

  it('fills up with the nearest times when fewer than three meet the time choice, and says nothing false', () => {
    const found = recipesFor({ proteinChoice: 'fish', timeToPrepare: '60+ min', dietaryRestrictions: 'no shellfish' });
    expect(found).toHaveLength(3);
    expect(found.every((r) => !hasKind(r, ['shellfish']))).toBe(true);
    expect(found[0]!.total).toBeGreaterThan(60);
  });

  it('answers nothing rather than break a dietary rule', () => {
    expect(ids({ proteinChoice: 'fish', timeToPrepare: '20-60 min', dietaryRestrictions: 'vegetarian' })).toEqual([]);
  });

  it('reads the family\'s dietary words', () => {
    expect(readRestrictions('Vegetarian, no mushrooms and nut allergy').understood)
      .toEqual(['vegetarian', 'nut-free', 'no mushrooms']);
    expect(readRestrictions(null).kinds.size).toBe(0);
  });
});

describe('listening to every wish', () => {
  const answer = (input: AiMealRequestInput, last: string[] = []) => suggest(request(input), last);
  const mexicanMildKidChicken: AiMealRequestInput = {
    proteinChoice: 'chicken', timeToPrepare: '20-60 min', cuisineType: 'mexican', spiceLevel: 'mild', kidFriendly: true,
  };

  it('answers "Mexican, mild, kid-friendly, chicken, 20–60 min" with mild Mexican chicken for children', () => {
    const { recipes, notice } = answer(mexicanMildKidChicken);
    expect(recipes.map((r) => r.name)).not.toEqual(expect.arrayContaining(['Chicken Noodle Soup']));
    for (const r of recipes) {
      expect(r.name).not.toMatch(/Noodle Soup|Piccata|Tikka/);
      expect(r, r.id).toMatchObject({ protein: 'chicken', cuisine: 'mexican', spice: 'mild', kidFriendly: true });
      expect(names(r).join(' ')).not.toMatch(/cayenne|chipotle|jalape/i);
    }
    expect(recipes).toHaveLength(3);
    // Two take 20–60 minutes; the third is quicker, and the answer says so.
    expect(recipes.filter((r) => r.total >= 20 && r.total <= 60)).toHaveLength(2);
    expect(notice).toBe('Only 2 mild, kid-friendly Mexican chicken dishes in 20–60 min — also showing other cooking times');
  });

  it.each(prepTimeChoices)('answers "Beef, Italian, %s" with Italian beef only', (timeToPrepare) => {
    const { recipes } = answer({ proteinChoice: 'beef', cuisineType: 'italian', timeToPrepare });
    expect(recipes).toHaveLength(3);
    for (const r of recipes) {
      expect(r.name).not.toMatch(/Cheeseburger|Bulgogi/);
      expect(r).toMatchObject({ protein: 'beef', cuisine: 'italian' });
    }
  });

  it('gives up the cuisine only after the time, and says so', () => {
    const { recipes, notice } = answer({ proteinChoice: 'fish', timeToPrepare: 'under 20 min', cuisineType: 'italian', spiceLevel: 'mild' });
    expect(recipes).toHaveLength(3);
    expect(recipes[0]).toMatchObject({ cuisine: 'italian', protein: 'fish' });
    expect(recipes.every((r) => r.spice === 'mild' && r.protein === 'fish')).toBe(true);
    expect(notice).toMatch(/^(No|Only \d) mild Italian fish and seafood dish(es)? under 20 min — (also )?showing /);
    expect(notice).toMatch(/other cooking times|other cuisines/);
  });

  it('keeps spice and kid-friendly longer than time and cuisine, and never breaks the protein', () => {
    const { recipes, notice } = answer({
      proteinChoice: 'pork', timeToPrepare: 'under 20 min', cuisineType: 'indian', spiceLevel: 'mild', kidFriendly: true,
    });
    expect(recipes).toHaveLength(3);
    for (const r of recipes) expect(r).toMatchObject({ protein: 'pork', spice: 'mild', kidFriendly: true });
    expect(notice).toBe('No mild, kid-friendly Indian pork dishes under 20 min — showing other cooking times and other cuisines');
  });

  it('says nothing when every idea meets every wish', () => {
    expect(answer({ proteinChoice: 'any', timeToPrepare: '20-60 min', kidFriendly: true }).notice).toBeNull();
  });

  it('keeps the perfect fits first when asked again', () => {
    const first = answer(mexicanMildKidChicken);
    const second = answer(mexicanMildKidChicken, first.recipes.map((r) => r.id));
    expect(second.recipes.slice(0, 2).map((r) => r.id).sort()).toEqual(['mx-chicken-burrito-bowls', 'mx-creamy-chicken-enchiladas']);
  });

  it('prints every quantity as a cook writes it (⅓ cup, not 0.33 cup)', () => {
    for (const r of catalogue) {
      for (const i of toGeneratedMeal(r).ingredients) {
        if (i.quantity !== null) expect(formatQuantity(i.quantity), `${r.id}: ${i.name}`).toMatch(/^(\d+)?[½⅓⅔¼¾⅛⅜⅝⅞]?$/);
      }
    }
    expect(formatQuantity(0.33)).toBe('⅓');
    expect(formatQuantity(0.67)).toBe('⅔');
    expect(formatQuantity(1.33)).toBe('1⅓');
  });
});

describe('fallback alterations', () => {
  const recipe = (id: string) => toGeneratedMeal(byId.get(id)!);
  const alter = (id: string, alterationRequest: string) => {
    const m = recipe(id);
    const input: AiAlterationRequestInput = {
      originalName: m.name, originalDescription: m.description, originalRecipe: m.fullRecipe,
      originalIngredients: m.ingredients, originalPrepTime: m.prepTime, originalTotalTime: m.totalTime,
      originalDifficulty: m.difficulty, alterationRequest,
    };
    return alterFromRules(AiAlterationRequest.parse(input));
  };

  it('swaps the protein and says so', () => {
    const m = alter('it-chicken-piccata', 'make it with tofu instead')!;
    expect(m.ingredients.some((i) => /tofu/.test(i.name))).toBe(true);
    expect(m.ingredients.some((i) => /chicken breasts/.test(i.name))).toBe(false);
    expect(m.name).toBe('Tofu Piccata');
    expect(m.description).toMatch(/Swapped chicken breasts.*for extra-firm tofu/);
    expect(m.fullRecipe).not.toMatch(/cutlets.*chicken|\bchicken\b(?! stock)/i);
  });

  it('replaces one ingredient with another', () => {
    const m = alter('md-shakshuka', 'replace the feta with goat cheese')!;
    expect(m.ingredients.map((i) => i.name)).toContain('goat cheese');
    expect(m.description).toMatch(/Used goat cheese instead of feta/);
  });

  it('drops an ingredient', () => {
    const m = alter('it-chicken-cacciatore', 'no olives please')!;
    expect(m.ingredients.some((i) => /olive/.test(i.name) && !/olive oil/.test(i.name))).toBe(false);
    expect(m.description).toMatch(/Left out the black olives/);
  });

  it('makes it milder by halving the chili, or spicier by doubling it', () => {
    const original = recipe('mx-pozole-rojo');
    const milder = alter('mx-pozole-rojo', 'make it milder')!;
    const guajillo = (m: typeof original) => m.ingredients.find((i) => /guajillo/.test(i.name))!.quantity;
    expect(guajillo(milder)).toBe(guajillo(original)! / 2);
    expect(milder.description).toMatch(/Made it milder/);
    expect(guajillo(alter('mx-pozole-rojo', 'spicier')!)).toBe(guajillo(original)! * 2);
    const noChili = alter('it-chicken-piccata', 'make it spicier')!;
    expect(noChili.ingredients.at(-1)).toEqual({ name: 'red pepper flakes', quantity: 0.5, unit: 'tsp' });
  });

  it('makes it vegetarian, stock and sauces included', () => {
    const m = alter('it-chicken-piccata', 'make it vegetarian')!;
    for (const i of m.ingredients) expect([...kindsOf(i.name)].some((k) => [...meatKinds, ...seafoodKinds].includes(k)), i.name).toBe(false);
    expect(m.ingredients.map((i) => i.name)).toContain('vegetable stock');
    expect(m.description).toMatch(/Made it vegetarian/);
  });

  it('gives nothing when it cannot apply the request at all', () => {
    expect(alter('it-chicken-piccata', 'turn it into a dessert')).toBeUndefined();
  });

  it('applies what it can of a request and names the rest', () => {
    const m = alter('mx-pozole-rojo', 'milder and add more love')!;
    expect(m.description).toMatch(/Made it milder/);
    expect(m.description).toContain('could not apply: "add more love"');
  });

  it('refuses to call a dish with eggs vegan', () => {
    expect(alter('md-shakshuka', 'make it vegan')).toBeUndefined();
    const m = alter('md-shakshuka', 'make it vegan and milder')!;
    expect(m.ingredients.some((i) => /eggs/.test(i.name))).toBe(true);
    expect(m.description).toContain('could not apply: "vegan"');
  });
});
