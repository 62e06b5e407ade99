import { aiLimits, type AiAlterationRequest, type GeneratedIngredient, type GeneratedMeal } from '@hearth/contract/ai-planner';
import { kindsOf, meatKinds, seafoodKinds, type Kind } from './dietary.ts';
import { numberSteps, stepsOf } from './fallback.ts';

/**
 * Recipe changes the app can make honestly without an AI service: swap the protein, drop or replace an
 * ingredient, make it milder or spicier, make it vegetarian, vegan, dairy-free or gluten-free. Each change it makes
 * is said in the description; a part of the request it cannot apply is said too. A request it cannot apply at all
 * gives nothing (the planner says so, and counts no request).
 */

interface Draft {
  name: string;
  ingredients: GeneratedIngredient[];
  steps: string[];
  changes: string[];
}

type Rule = (draft: Draft, clause: string) => boolean;

/** Proteins a request can swap to, as the ingredient to buy and the word the steps use. */
const proteins: Record<string, { ingredient: string; word: string; note: string }> = {
  chicken: { ingredient: 'boneless chicken thighs', word: 'chicken', note: 'cook chicken until 165°F inside' },
  beef: { ingredient: 'beef sirloin, thinly sliced', word: 'beef', note: 'cook beef to your liking' },
  pork: { ingredient: 'pork tenderloin, sliced', word: 'pork', note: 'cook pork until 145°F inside' },
  turkey: { ingredient: 'ground turkey', word: 'turkey', note: 'cook turkey until 165°F inside' },
  shrimp: { ingredient: 'large shrimp, peeled', word: 'shrimp', note: 'shrimp needs only 2 to 3 minutes, until pink' },
  salmon: { ingredient: 'salmon fillets, in chunks', word: 'salmon', note: 'salmon needs only a few minutes, until it flakes' },
  fish: { ingredient: 'firm white fish fillets, in chunks', word: 'fish', note: 'fish needs only a few minutes, until it flakes' },
  tofu: { ingredient: 'extra-firm tofu, pressed and cubed', word: 'tofu', note: 'brown the tofu first and add it back at the end' },
  chickpeas: { ingredient: 'canned chickpeas, drained', word: 'chickpeas', note: 'chickpeas only need heating through' },
  lentils: { ingredient: 'cooked brown lentils', word: 'lentils', note: 'lentils only need heating through' },
  beans: { ingredient: 'canned black beans, drained', word: 'beans', note: 'beans only need heating through' },
  mushrooms: { ingredient: 'cremini mushrooms, sliced', word: 'mushrooms', note: 'brown the mushrooms well first' },
};
const proteinAliases: Record<string, string> = {
  prawns: 'shrimp', prawn: 'shrimp', chickpea: 'chickpeas', lentil: 'lentils', bean: 'beans', mushroom: 'mushrooms',
  steak: 'beef', cod: 'fish', 'white fish': 'fish', tuna: 'fish',
};
const proteinWord = (word: string): string | undefined => {
  const w = word.trim().toLowerCase();
  return proteins[w] ? w : proteinAliases[w];
};

const animalProteinKinds: Kind[] = [...meatKinds, ...seafoodKinds];

/** Vegetarian replacements, most specific first: [what the name says, replacement, word in the steps]. */
const vegetarianSwaps: [RegExp, string, string][] = [
  [/chicken stock|chicken broth|beef stock|beef broth|fish stock|seafood or fish stock|seafood stock/i, 'vegetable stock', 'stock'],
  [/fish sauce|oyster sauce/i, 'soy sauce', 'soy sauce'],
  [/worcestershire/i, 'vegetarian Worcestershire sauce', 'Worcestershire sauce'],
  [/anchov/i, 'capers', 'capers'],
  [/bacon|pancetta|prosciutto|salami|guanciale/i, 'smoked paprika (1 tsp)', 'smoked paprika'],
  [/ground|mince|chorizo/i, 'cooked brown lentils', 'lentils'],
  [/shrimp|prawn|fish|salmon|cod|tuna|tilapia|halibut|mussel|clam|crab/i, 'extra-firm tofu, pressed and cubed', 'tofu'],
  [/beef|steak|pork|lamb|sausage|ham\b/i, 'cremini mushrooms, thickly sliced', 'mushrooms'],
  [/chicken|turkey|duck/i, 'extra-firm tofu, pressed and cubed', 'tofu'],
];

const dairySwaps: [RegExp, string][] = [
  [/heavy cream|cream\b|half-and-half|crème fraîche|sour cream/i, 'canned coconut cream'],
  [/buttermilk|milk/i, 'unsweetened oat milk'],
  [/yogurt|yoghurt/i, 'unsweetened coconut yogurt'],
  [/butter|ghee/i, 'olive oil'],
  [/parmesan|pecorino/i, 'nutritional yeast'],
  [/cheese|mozzarella|cheddar|feta|ricotta|halloumi|paneer|queso|cotija|monterey jack|provolone|gruyère/i, 'dairy-free cheese'],
];

const glutenSwaps: [RegExp, string][] = [
  [/soy sauce/i, 'tamari (gluten-free soy sauce)'],
  [/hoisin/i, 'gluten-free hoisin sauce'],
  [/flour tortilla|tortilla wrap|wrap/i, 'corn tortillas'],
  [/breadcrumb|panko|crouton/i, 'gluten-free breadcrumbs'],
  [/all-purpose flour|flour/i, 'gluten-free flour blend'],
  [/noodle|ramen|udon/i, 'rice noodles'],
  [/couscous|bulgur/i, 'quinoa'],
  [/beer/i, 'sparkling water'],
  [/pasta|spaghetti|linguine|penne|macaroni|orzo|lasagn|pappardelle|orecchiette|ditalini|gnocchi/i, 'gluten-free pasta'],
  [/bread|bun|roll|pita|naan|chapati|flatbread|brioche|sourdough|hoagie/i, 'gluten-free bread'],
];

const replaceWord = (text: string, from: string, to: string) =>
  text.replace(new RegExp(`\\b${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'gi'), to);

/** The word a recipe's steps most likely use for an ingredient: its first kind word, else its first word. */
function stepWord(name: string): string {
  const m = /(chicken|beef|steak|pork|lamb|turkey|shrimp|prawns?|salmon|cod|tuna|fish|tofu|sausage|chorizo|bacon|mushrooms?|chickpeas|lentils|beans)/i.exec(name);
  return (m?.[1] ?? name.split(/[ ,(]/)[0] ?? name).toLowerCase();
}

function mainProtein(d: Draft): GeneratedIngredient | undefined {
  return d.ingredients.find((i) => [...kindsOf(i.name)].some((k) => animalProteinKinds.includes(k)) && !/stock|broth|sauce/i.test(i.name))
    ?? d.ingredients.find((i) => /tofu|chickpea|lentil|bean|paneer|halloumi|egg/i.test(i.name));
}

function swapIngredient(d: Draft, target: GeneratedIngredient, replacement: string, word: string): void {
  const old = stepWord(target.name);
  d.ingredients = d.ingredients.map((i) => (i === target ? { ...i, name: replacement } : i));
  d.steps = d.steps.map((s) => replaceWord(s, old, word));
  d.name = replaceWord(d.name, old, capitalise(word));
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const swapProtein = (d: Draft, to: string): boolean => {
  const target = mainProtein(d);
  const protein = proteins[to];
  if (!target || !protein || stepWord(target.name) === protein.word) return false;
  const from = target.name;
  swapIngredient(d, target, protein.ingredient, protein.word);
  d.changes.push(`Swapped ${from} for ${protein.ingredient}; the steps' cooking times were written for the original, so ${protein.note}.`);
  return true;
};

const makeVegetarian = (d: Draft): boolean => {
  const swapped: string[] = [];
  for (const i of [...d.ingredients]) {
    if (![...kindsOf(i.name)].some((k) => animalProteinKinds.includes(k))) continue;
    const swap = vegetarianSwaps.find(([pattern]) => pattern.test(i.name));
    if (!swap) return false;
    const isFlavour = swap[1].startsWith('smoked paprika');
    if (isFlavour) {
      d.ingredients = d.ingredients.map((x) => (x === i ? { name: 'smoked paprika', quantity: 1, unit: 'tsp' } : x));
      d.steps = d.steps.map((s) => replaceWord(s, stepWord(i.name), 'smoked paprika'));
    } else {
      swapIngredient(d, i, swap[1], swap[2]);
    }
    swapped.push(`${i.name} → ${swap[1]}`);
  }
  if (swapped.length === 0) return false;
  d.changes.push(`Made it vegetarian: ${swapped.join('; ')}. Plant proteins need only browning or heating through.`);
  return true;
};

const makeDairyFree = (d: Draft): boolean => {
  const swapped: string[] = [];
  d.ingredients = d.ingredients.map((i) => {
    if (!kindsOf(i.name).has('dairy')) return i;
    const swap = dairySwaps.find(([pattern]) => pattern.test(i.name));
    if (!swap) return i;
    swapped.push(`${i.name} → ${swap[1]}`);
    d.steps = d.steps.map((s) => replaceWord(s, stepWord(i.name), swap[1]));
    return { ...i, name: swap[1] };
  });
  if (swapped.length === 0) return false;
  d.changes.push(`Made it dairy-free: ${swapped.join('; ')}.`);
  return true;
};

const makeVegan = (d: Draft): boolean => {
  const hadMeat = d.ingredients.some((i) => [...kindsOf(i.name)].some((k) => animalProteinKinds.includes(k)));
  if (hadMeat && !makeVegetarian(d)) return false;
  makeDairyFree(d);
  d.ingredients = d.ingredients.map((i) => (kindsOf(i.name).has('honey') ? { ...i, name: 'maple syrup' } : i));
  if (d.ingredients.some((i) => kindsOf(i.name).has('egg'))) return false;
  d.changes.push('It is now vegan.');
  return true;
};

const makeGlutenFree = (d: Draft): boolean => {
  const swapped: string[] = [];
  d.ingredients = d.ingredients.map((i) => {
    if (!kindsOf(i.name).has('gluten')) return i;
    const swap = glutenSwaps.find(([pattern]) => pattern.test(i.name));
    if (!swap) return i;
    swapped.push(`${i.name} → ${swap[1]}`);
    return { ...i, name: swap[1] };
  });
  if (swapped.length === 0) return false;
  d.changes.push(`Made it gluten-free: ${swapped.join('; ')}. Check every packet's label, as gluten hides in sauces and stock.`);
  return true;
};

const changeHeat = (d: Draft, factor: number): boolean => {
  const hot = d.ingredients.filter((i) => kindsOf(i.name).has('chili'));
  if (factor < 1) {
    if (hot.length === 0) return false;
    d.ingredients = d.ingredients.map((i) => (hot.includes(i) && i.quantity !== null ? { ...i, quantity: roundQuantity(i.quantity * factor) } : i));
    d.changes.push(`Made it milder: halved the ${hot.map((i) => i.name).join(', ')}; add more at the table if you like.`);
    return true;
  }
  if (hot.length > 0) {
    d.ingredients = d.ingredients.map((i) => (hot.includes(i) && i.quantity !== null ? { ...i, quantity: roundQuantity(i.quantity * factor) } : i));
    d.changes.push(`Made it spicier: doubled the ${hot.map((i) => i.name).join(', ')}.`);
  } else {
    d.ingredients = [...d.ingredients, { name: 'red pepper flakes', quantity: 0.5, unit: 'tsp' }];
    d.steps = [...d.steps, 'Stir in the red pepper flakes at the end, tasting as you go.'];
    d.changes.push('Made it spicier: added half a teaspoon of red pepper flakes.');
  }
  return true;
};

/** Quantities to the nearest eighth, so halving 1 tsp gives ½, not 0.5000001. */
const roundQuantity = (q: number) => Math.max(0.125, Math.round(q * 8) / 8);

const removeIngredient = (d: Draft, what: string): boolean => {
  const word = what.replace(/^(the|any)\s+/, '');
  const gone = d.ingredients.filter((i) => matches(i.name, word));
  if (gone.length === 0) return false;
  d.ingredients = d.ingredients.filter((i) => !gone.includes(i));
  d.changes.push(`Left out the ${gone.map((i) => i.name).join(', ')}; skip it wherever the steps mention it.`);
  return true;
};

const replaceIngredient = (d: Draft, what: string, by: string): boolean => {
  const to = proteinWord(by);
  const from = what.replace(/^(the|any)\s+/, '');
  if (to && (proteinWord(from) || /meat|protein/.test(from))) return swapProtein(d, to);
  const target = d.ingredients.find((i) => matches(i.name, from));
  if (!target) return false;
  const word = by.trim();
  swapIngredient(d, target, word, word);
  d.changes.push(`Used ${word} instead of ${target.name}.`);
  return true;
};

const matches = (name: string, word: string) => {
  const stem = word.trim().replace(/(?:es|s)$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // "olives" are not olive oil.
  return stem.length > 1 && new RegExp(`\\b${stem}(?:s|es)?\\b(?!\\s+oil)`, 'i').test(name);
};

/** Each rule reads one clause of the request and applies it when it understands it. */
const rules: Rule[] = [
  (d, c) => /\b(vegan|plant[- ]based)\b/.test(c) && makeVegan(d),
  (d, c) => /\b(vegetarian|veggie|meat[- ]?free|meatless|no meat|without meat)\b/.test(c) && makeVegetarian(d),
  (d, c) => /\b(dairy[- ]free|no dairy|without dairy|lactose)\b/.test(c) && makeDairyFree(d),
  (d, c) => /\b(gluten[- ]free|no gluten|without gluten|coeliac|celiac)\b/.test(c) && makeGlutenFree(d),
  (d, c) => /\b(milder|less spicy|less hot|not spicy|not so spicy|no spice|mild|kid[- ]friendly heat)\b/.test(c) && changeHeat(d, 0.5),
  (d, c) => /\b(spicier|more spicy|hotter|more heat|spicy|more kick)\b/.test(c) && changeHeat(d, 2),
  (d, c) => {
    const swap = /\b(?:replace|swap|switch|change)\s+(.+?)\s+(?:with|for|to)\s+(.+)$/.exec(c);
    if (swap) return replaceIngredient(d, swap[1]!, swap[2]!);
    const instead = /^(?:use\s+|with\s+)?(.+?)\s+instead of\s+(.+)$/.exec(c);
    return instead !== null && replaceIngredient(d, instead[2]!, instead[1]!);
  },
  (d, c) => {
    const m = /\bsubstitute\s+(.+?)\s+for\s+(.+)$/.exec(c);
    return m !== null && replaceIngredient(d, m[2]!, m[1]!);
  },
  (d, c) => {
    const m = /\b(?:without|no|remove|drop|skip|leave out|omit|take out|hold the)\s+(?:the\s+)?(.+)$/.exec(c);
    return m !== null && removeIngredient(d, m[1]!);
  },
  (d, c) => {
    const m = /\b(?:with|use|using|make it with|swap (?:the )?protein (?:to|for))\s+([a-z ]+?)(?:\s+instead)?$/.exec(c)
      ?? /^([a-z ]+?)\s+instead$/.exec(c);
    const to = m ? proteinWord(m[1]!) : undefined;
    return to !== undefined && swapProtein(d, to);
  },
];

/** Runs one rule on a copy, so a rule that gives up half-way leaves the recipe as it was. */
function apply(draft: Draft, rule: Rule, clause: string): boolean {
  const copy = structuredClone(draft);
  if (!rule(copy, clause)) return false;
  Object.assign(draft, copy);
  return true;
}

/** Applies what it can of the request and says what it did and what it could not do; undefined when it could do nothing. */
export function alterFromRules(original: AiAlterationRequest): GeneratedMeal | undefined {
  const draft: Draft = {
    name: original.originalName,
    ingredients: original.originalIngredients.map((i) => (typeof i === 'string'
      ? { name: i, quantity: null, unit: null }
      : { name: i.name, quantity: i.quantity ?? null, unit: i.unit || null })),
    steps: stepsOf(original.originalRecipe),
    changes: [],
  };
  const clauses = original.alterationRequest.toLowerCase().replace(/[.!?]+$/, '')
    .split(/\s*(?:,|;|\band\b|\balso\b|\bplus\b)\s*/)
    .map((c) => c.replace(/^(?:please|can you|could you|make it|make this|i want it)\s+/, '').replace(/\s+please$/, '').trim())
    .filter(Boolean);
  const skipped = clauses.filter((clause) => !rules.some((rule) => apply(draft, rule, clause)));
  if (draft.changes.length === 0) return undefined;
  const notes = [...draft.changes];
  if (skipped.length > 0) notes.push(`Without the AI service we could not apply: "${skipped.join('", "')}".`);
  const description = [original.originalDescription, ...notes].filter(Boolean).join(' ');
  return {
    name: draft.name.slice(0, aiLimits.nameMax),
    description: description.slice(0, aiLimits.descriptionMax),
    prepTime: original.originalPrepTime ?? 0,
    totalTime: original.originalTotalTime ?? original.originalPrepTime ?? 0,
    difficulty: original.originalDifficulty ?? 'Medium',
    fullRecipe: numberSteps(draft.steps),
    ingredients: draft.ingredients,
  };
}
