/**
 * What an ingredient is, read from its name, and what a family's dietary words rule out. The catalogue's own
 * test checks every recipe against these, so a recipe filed as vegan can never carry butter.
 */

export type Kind =
  | 'beef' | 'pork' | 'poultry' | 'lamb' | 'fish' | 'shellfish'
  | 'dairy' | 'egg' | 'gluten' | 'nuts' | 'honey' | 'chili';

const has = (...words: string[]) => new RegExp(`\\b(?:${words.join('|')})`, 'i');

/** Each kind: what names it, and names that look like it but are not (butternut is no nut, eggplant no egg). */
const kinds: Record<Kind, { match: RegExp; not?: RegExp }> = {
  beef: { match: has('beef', 'steak', 'brisket', 'sirloin', 'chuck', 'flank', 'oxtail', 'veal') },
  pork: { match: has('pork', 'bacon', 'ham\\b', 'pancetta', 'prosciutto', 'chorizo', 'sausage', 'salami', 'guanciale', 'lard') },
  poultry: { match: has('chicken', 'turkey', 'duck') },
  lamb: { match: has('lamb', 'mutton', 'goat\\b') },
  fish: {
    match: has('fish', 'salmon', 'cod\\b', 'tuna', 'tilapia', 'halibut', 'haddock', 'anchov', 'sardine', 'mackerel',
      'trout', 'snapper', 'sea bass', 'bonito', 'dashi', 'worcestershire'),
    not: /vegetarian worcestershire|vegan worcestershire|vegan fish sauce/i,
  },
  shellfish: { match: has('shrimp', 'prawn', 'crab', 'lobster', 'mussel', 'clam', 'scallop', 'squid', 'calamari', 'oyster sauce') },
  dairy: {
    match: has('milk', 'butter\\b', 'butter,', 'cheese', 'parmesan', 'pecorino', 'mozzarella', 'cheddar', 'feta', 'ricotta',
      'mascarpone', 'halloumi', 'paneer', 'cream\\b', 'cream cheese', 'sour cream', 'crème fraîche', 'yogurt', 'yoghurt', 'ghee',
      'queso', 'cotija', 'monterey jack', 'gruyère', 'buttermilk', 'half-and-half'),
    not: /coconut|oat milk|almond milk|soy milk|peanut butter|vegan|dairy-free|nut butter|butter beans|butter lettuce/i,
  },
  egg: { match: has('eggs?\\b', 'egg yolk', 'mayonnaise', 'mayo\\b'), not: /eggplant|vegan mayo/i },
  gluten: {
    match: has('flour', 'bread', 'breadcrumb', 'panko', 'pasta', 'spaghetti', 'penne', 'rigatoni', 'linguine', 'fettuccine',
      'lasagne', 'lasagna', 'macaroni', 'orzo', 'gnocchi', 'couscous', 'bulgur', 'barley', 'farro', 'noodle', 'udon', 'ramen',
      'tortilla', 'pita', 'naan', 'buns?\\b', 'roll\\b', 'soy sauce', 'hoisin', 'beer', 'seitan', 'wrap', 'cracker', 'croutons',
      'puff pastry', 'pie crust', 'biscuit', 'brioche', 'ciabatta', 'baguette', 'chapati', 'roti\\b', 'flatbread',
      'semolina', 'wheat', 'orecchiette', 'pappardelle', 'tagliatelle'),
    not: /gluten-free|corn tortilla|rice noodle|rice paper|corn taco|cornflour|corn flour|rice flour|chickpea flour|masa|buckwheat|potato gnocchi, gluten-free|tapioca/i,
  },
  nuts: {
    match: has('peanut', 'almond', 'cashew', 'walnut', 'pecan', 'pistachio', 'pine nut', 'hazelnut', 'macadamia', 'nut\\b',
      'nuts\\b', 'satay', 'pesto', 'praline'),
    not: /nutmeg|coconut|butternut|nut-free pesto/i,
  },
  honey: { match: has('honey') },
  chili: {
    match: has('chili', 'chile', 'chilli', 'jalapeño', 'jalapeno', 'cayenne', 'red pepper flakes', 'sriracha', 'hot sauce',
      'chipotle', 'habanero', 'serrano', 'gochujang', 'sambal', 'harissa', 'curry paste', 'bird\'s eye'),
    not: /sweet chili sauce/i,
  },
};

export function kindsOf(ingredientName: string): Set<Kind> {
  const found = new Set<Kind>();
  for (const [kind, rule] of Object.entries(kinds) as [Kind, { match: RegExp; not?: RegExp }][]) {
    if (rule.match.test(ingredientName) && !rule.not?.test(ingredientName)) found.add(kind);
  }
  return found;
}

export const meatKinds: Kind[] = ['beef', 'pork', 'poultry', 'lamb'];
export const seafoodKinds: Kind[] = ['fish', 'shellfish'];
export const animalKinds: Kind[] = [...meatKinds, ...seafoodKinds, 'dairy', 'egg', 'honey'];

/** What the family's words rule out: kinds of ingredient, and plain words ("no mushrooms") matched in names. */
export interface Restrictions {
  kinds: Set<Kind>;
  words: string[];
  /** The rules read from the text, in the family's words, for the prompt and notes. */
  understood: string[];
}

const named: [RegExp, Kind[], string][] = [
  [/\bvegan\b|plant[- ]based/, [...animalKinds], 'vegan'],
  [/\bvegetarian\b|\bveggie\b|meat[- ]?free|meatless|no meat\b/, [...meatKinds, ...seafoodKinds], 'vegetarian'],
  [/pescatarian|pescetarian/, [...meatKinds], 'pescatarian'],
  [/gluten|coeliac|celiac|wheat[- ]free|no wheat/, ['gluten'], 'gluten-free'],
  [/dairy|lactose|milk[- ]free|no milk/, ['dairy'], 'dairy-free'],
  [/\bnuts?\b|nut[- ]free|peanut|tree[- ]nut/, ['nuts'], 'nut-free'],
  [/\beggs?\b[- ]?free|no eggs?\b|egg allerg|allergic to eggs?/, ['egg'], 'egg-free'],
  [/shellfish/, ['shellfish'], 'shellfish-free'],
  [/seafood[- ]free|no seafood|without seafood/, [...seafoodKinds], 'no seafood'],
  [/red meat/, ['beef', 'pork', 'lamb'], 'no red meat'],
  [/no pork|pork[- ]free|without pork/, ['pork'], 'no pork'],
  [/\bhalal\b/, ['pork'], 'halal (no pork; choose halal meat)'],
  [/\bkosher\b/, ['pork', 'shellfish'], 'kosher (no pork or shellfish; keep meat and dairy apart)'],
  [/no beef|beef[- ]free|without beef/, ['beef'], 'no beef'],
  [/no fish|fish[- ]free|without fish/, ['fish', 'shellfish'], 'no fish'],
  [/no chicken|without chicken|poultry[- ]free/, ['poultry'], 'no poultry'],
  [/no spic|not spicy|no chil[il]|without chil[il]/, ['chili'], 'no chili'],
];

/** Kind names a family may write after "no" or "without" that the table above already covers. */
const coveredWords = /^(meat|red meat|dairy|gluten|wheat|nuts?|peanuts?|eggs?|shellfish|seafood|pork|beef|fish|chicken|poultry|milk|lactose|spice|spicy|spicy food|chil[il]i?e?s?|chillies)$/;

/** Reads free dietary text such as "vegetarian, no mushrooms, nut allergy" into rules. */
export function readRestrictions(text: string | null): Restrictions {
  const result: Restrictions = { kinds: new Set(), words: [], understood: [] };
  if (!text) return result;
  const lower = text.toLowerCase();
  for (const [pattern, ruled, label] of named) {
    if (!pattern.test(lower)) continue;
    for (const kind of ruled) result.kinds.add(kind);
    result.understood.push(label);
  }
  for (const m of lower.matchAll(/(?:\bno|\bwithout|\bavoid|\ballergic to|\bhates?|\bdislikes?)\s+([a-z][a-z -]{1,30}?)(?=[,.;]|\band\b|\bor\b|$)/g)) {
    addWord(result, m[1]!);
  }
  for (const m of lower.matchAll(/\b([a-z]{3,20})[- ](?:free|allergy)\b/g)) addWord(result, m[1]!);
  return result;
}

function addWord(result: Restrictions, raw: string): void {
  const word = raw.trim().replace(/\s+/g, ' ');
  if (!word || coveredWords.test(word) || result.words.includes(word)) return;
  result.words.push(word);
  result.understood.push(`no ${word}`);
}

/** A word matches an ingredient name in singular or plural ("mushrooms" rules out "cremini mushroom"). */
function mentions(name: string, word: string): boolean {
  const stem = word.replace(/(?:es|s)$/, '');
  return new RegExp(`\\b${escape(stem)}(?:s|es)?\\b`, 'i').test(name);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The first ingredient name the rules rule out, or undefined when the recipe fits them. */
export function conflict(ingredientNames: string[], rules: Restrictions): string | undefined {
  return ingredientNames.find((name) => {
    for (const kind of kindsOf(name)) if (rules.kinds.has(kind)) return true;
    return rules.words.some((word) => mentions(name, word));
  });
}
