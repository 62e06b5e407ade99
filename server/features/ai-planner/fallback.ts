import { aiLimits, type AiMealRequest, type GeneratedMeal, type PrepTimeChoice, type SpiceLevel } from '@hearth/contract/ai-planner';
import { catalogue, type Recipe } from './catalogue/index.ts';
import { conflict, readRestrictions, type Restrictions } from './dietary.ts';

/** The minutes each time choice allows; 'under 20 min' means the meal is on the table in less than 20. */
const timeBands: Record<PrepTimeChoice, { min: number; max: number }> = {
  'under 20 min': { min: 0, max: 19 },
  '20-60 min': { min: 20, max: 60 },
  '60+ min': { min: 61, max: Infinity },
};

const spiceRank: Record<SpiceLevel, number> = { mild: 0, medium: 1, spicy: 2 };

/** Recipes that may answer the request: its protein, and nothing its dietary words rule out. */
function eligible(request: AiMealRequest, rules: Restrictions): Recipe[] {
  return catalogue.filter((r) => proteinFits(request.proteinChoice, r.protein)
    && conflict(r.ingredients.map(([, , name]) => name), rules) === undefined);
}

function proteinFits(choice: AiMealRequest['proteinChoice'], protein: Recipe['protein']): boolean {
  if (choice === 'any') return true;
  // A vegan dish is a vegetarian dish too.
  if (choice === 'veggie') return protein === 'veggie' || protein === 'vegan';
  return choice === protein;
}

const inBand = (r: Recipe, choice: PrepTimeChoice) => r.total >= timeBands[choice].min && r.total <= timeBands[choice].max;

/** How far outside the time choice a recipe is, in minutes (0 inside). */
const minutesOutside = (r: Recipe, choice: PrepTimeChoice) =>
  Math.max(0, timeBands[choice].min - r.total, r.total - timeBands[choice].max);

/** Higher is a better match for the request's soft wishes: cuisine, kid-friendly, one pot, spice. */
function score(r: Recipe, request: AiMealRequest): number {
  let s = 0;
  if (request.cuisineType) s += r.cuisine === request.cuisineType ? 10 : 0;
  if (request.kidFriendly) s += r.kidFriendly ? 4 : -4;
  if (request.onePotMeal) s += r.onePot ? 4 : -2;
  if (request.spiceLevel) {
    const gap = Math.abs(spiceRank[r.spice] - spiceRank[request.spiceLevel]);
    s += gap === 0 ? 3 : gap === 1 ? 0 : -6;
  }
  if (request.proteinChoice === 'veggie' && r.protein === 'veggie') s += 1;
  return s;
}

/**
 * Three catalogue recipes for the request. Protein and dietary words are hard rules; the time choice is too while
 * at least three recipes meet it (otherwise the nearest times fill in, each showing its real time); cuisine,
 * kid-friendly, one pot and spice rank what is left. Recipes offered last time go to the back, so asking again
 * gives new ideas whenever more than three recipes qualify.
 */
export function suggest(request: AiMealRequest, lastOffered: readonly string[]): Recipe[] {
  const rules = readRestrictions(request.dietaryRestrictions);
  const pool = eligible(request, rules);
  const timed = pool.filter((r) => inBand(r, request.timeToPrepare));
  const candidates = timed.length >= aiLimits.mealsPerAnswer ? timed : pool;
  const offered = new Set(lastOffered);
  const outside = (r: Recipe) => Number(!inBand(r, request.timeToPrepare));
  const ranked = [...candidates].sort((a, b) =>
    outside(a) - outside(b)
    || Number(offered.has(a.id)) - Number(offered.has(b.id))
    || minutesOutside(a, request.timeToPrepare) - minutesOutside(b, request.timeToPrepare)
    || score(b, request) - score(a, request)
    || a.id.localeCompare(b.id));
  return ranked.slice(0, aiLimits.mealsPerAnswer);
}

/** A catalogue recipe as the planner answers it. */
export function toGeneratedMeal(r: Recipe): GeneratedMeal {
  return {
    name: r.name,
    description: r.description,
    prepTime: r.prep,
    totalTime: r.total,
    difficulty: r.difficulty,
    fullRecipe: numberSteps(r.steps),
    ingredients: r.ingredients.map(([quantity, unit, name]) => ({ name, quantity, unit })),
  };
}

export const numberSteps = (steps: readonly string[]) => steps.map((s, i) => `${i + 1}. ${s}`).join('\n');

/** Steps back out of numbered text ("1. ...", "2) ..."), one per non-empty line. */
export const stepsOf = (recipe: string) =>
  recipe.split(/\r?\n/).map((line) => line.replace(/^\s*(?:step\s*)?\d+\s*[.):-]\s*/i, '').trim()).filter(Boolean);
