import {
  aiLimits, type AiMealRequest, type CuisineType, type GeneratedMeal, type PrepTimeChoice, type ProteinChoice,
} from '@hearth/contract/ai-planner';
import { roundQuantity } from '@hearth/contract/quantity';
import { catalogue, type Recipe } from './catalogue/index.ts';
import { conflict, readRestrictions, type Restrictions } from './dietary.ts';

/** The minutes each time choice allows; 'under 20 min' means the meal is on the table in less than 20. */
const timeBands: Record<PrepTimeChoice, { min: number; max: number }> = {
  'under 20 min': { min: 0, max: 19 },
  '20-60 min': { min: 20, max: 60 },
  '60+ min': { min: 61, max: Infinity },
};

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

/** Higher is a better match beyond the filters: a vegetarian request prefers vegetarian dishes to vegan ones. */
function score(r: Recipe, request: AiMealRequest): number {
  let s = 0;
  if (request.proteinChoice === 'veggie' && r.protein === 'veggie') s += 1;
  return s;
}

/** The request's wishes the catalogue can filter by, relaxed in this order (the first is given up first). */
const wishes = ['onePot', 'time', 'cuisine', 'kidFriendly', 'spice'] as const;
type Wish = (typeof wishes)[number];

/** Whether a recipe meets one wish; a wish the family left open is always met. */
const meets: Record<Wish, (r: Recipe, request: AiMealRequest) => boolean> = {
  onePot: (r, request) => !request.onePotMeal || r.onePot,
  time: (r, request) => inBand(r, request.timeToPrepare),
  cuisine: (r, request) => !request.cuisineType || r.cuisine === request.cuisineType,
  kidFriendly: (r, request) => !request.kidFriendly || r.kidFriendly,
  spice: (r, request) => !request.spiceLevel || r.spice === request.spiceLevel,
};

/** How many wishes must be given up, in order, before the recipe fits (0: it meets them all). */
const relaxationsNeeded = (r: Recipe, request: AiMealRequest) => {
  let needed = 0;
  wishes.forEach((wish, i) => {
    if (!meets[wish](r, request)) needed = i + 1;
  });
  return needed;
};

export interface Suggestion {
  recipes: Recipe[];
  /** Which wishes were given up to find three, in the family's words; null when every idea meets them all. */
  notice: string | null;
}

/**
 * Three catalogue recipes for the request. Protein and dietary words are rules never broken. Every other wish
 * (one pot, time, cuisine, kid-friendly, spice) is honoured while three recipes meet them all; otherwise they are
 * given up one at a time in that order (the least important first: a family with kids who asked for mild food
 * keeps that longest) until three fit, and the notice says which ones the ideas shown do not meet. Among equals,
 * recipes offered last time go to the back, so asking again gives new ideas whenever more than three fit.
 */
export function suggest(request: AiMealRequest, lastOffered: readonly string[]): Suggestion {
  const rules = readRestrictions(request.dietaryRestrictions);
  const pool = eligible(request, rules).map((r) => ({ r, needed: relaxationsNeeded(r, request) }));
  let relaxed = 0;
  while (relaxed < wishes.length && pool.filter((c) => c.needed <= relaxed).length < aiLimits.mealsPerAnswer) relaxed++;
  const offered = new Set(lastOffered);
  const recipes = pool.filter((c) => c.needed <= relaxed)
    .sort((a, b) => a.needed - b.needed
      || Number(offered.has(a.r.id)) - Number(offered.has(b.r.id))
      || minutesOutside(a.r, request.timeToPrepare) - minutesOutside(b.r, request.timeToPrepare)
      || score(b.r, request) - score(a.r, request)
      || a.r.id.localeCompare(b.r.id))
    .slice(0, aiLimits.mealsPerAnswer).map((c) => c.r);
  return { recipes, notice: notice(request, recipes, pool.filter((c) => c.needed === 0).length) };
}

const cuisineNames: Record<CuisineType, string> = {
  italian: 'Italian', mexican: 'Mexican', asian: 'Asian', mediterranean: 'Mediterranean', american: 'American', indian: 'Indian',
};
const proteinNames: Record<ProteinChoice, string> = {
  beef: 'beef', pork: 'pork', chicken: 'chicken', fish: 'fish and seafood', veggie: 'vegetarian', vegan: 'vegan', any: '',
};
const timeNames: Record<PrepTimeChoice, string> = {
  'under 20 min': 'under 20 min', '20-60 min': 'in 20–60 min', '60+ min': 'taking over an hour',
};
const givenUp: Record<Wish, string> = {
  onePot: 'dishes that need more than one pot', time: 'other cooking times', cuisine: 'other cuisines',
  kidFriendly: 'dishes not marked kid-friendly', spice: 'other spice levels',
};

/** "Only 1 mild, kid-friendly Mexican chicken dish in 20–60 min — also showing other cuisines", or null. */
function notice(request: AiMealRequest, shown: Recipe[], fitting: number): string | null {
  const missed = wishes.filter((wish) => shown.some((r) => !meets[wish](r, request)));
  if (missed.length === 0) return null;
  const adjectives = [request.spiceLevel, request.kidFriendly ? 'kid-friendly' : null, request.onePotMeal ? 'one-pot' : null]
    .filter(Boolean).join(', ');
  const noun = fitting === 1 ? 'dish' : 'dishes';
  const what = [adjectives, request.cuisineType && cuisineNames[request.cuisineType], proteinNames[request.proteinChoice], noun,
    timeNames[request.timeToPrepare]].filter(Boolean).join(' ');
  const showing = missed.map((wish) => givenUp[wish]);
  const list = showing.length === 1 ? showing[0] : `${showing.slice(0, -1).join(', ')} and ${showing.at(-1)}`;
  return fitting === 0 ? `No ${what} — showing ${list}` : `Only ${fitting} ${what} — also showing ${list}`;
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
    ingredients: r.ingredients.map(([quantity, unit, name]) => ({ name, quantity: quantity === null ? null : roundQuantity(quantity), unit })),
  };
}

export const numberSteps = (steps: readonly string[]) => steps.map((s, i) => `${i + 1}. ${s}`).join('\n');

/** Steps back out of numbered text ("1. ...", "2) ..."), one per non-empty line. */
export const stepsOf = (recipe: string) =>
  recipe.split(/\r?\n/).map((line) => line.replace(/^\s*(?:step\s*)?\d+\s*[.):-]\s*/i, '').trim()).filter(Boolean);
