import { singular } from '@hearth/contract/grocery';
import { roundQuantity } from '@hearth/contract/quantity';
import { convert, type Unit } from 'convert';

/**
 * "Shop for this week" merges the same ingredient across the week's recipes: a volume with a volume, a mass with a
 * mass (tsp/tbsp/cup/ml/l, g/kg, oz/lb, read by the `convert` library), counts with dozens; anything else only with
 * the same unit as written (singular, any case). Incompatible measures stay separate lines.
 */

export interface PlannedIngredient {
  name: string;
  quantity: number | null;
  unit: string | null;
  /** Servings planned / the recipe's servings. */
  factor: number;
  meal: { title: string; date: string };
}

export interface Line {
  key: string;
  name: string;
  quantity: number | null;
  unit: string | null;
  meals: { title: string; date: string }[];
}

type Measure = { kind: 'volume' | 'mass'; base: number } | { kind: 'count'; base: number } | { kind: 'other'; base: 1 };

/** Units the library reads as something no recipe means by them: "t" is a tonne to it, a teaspoon to a cook. */
const notKitchenUnits = new Set(['t']);
const dozen = 12;

function libraryBase(unit: string, to: 'ml' | 'g'): number | undefined {
  try {
    return convert(1, unit as Unit).to(to);
  } catch {
    return undefined;
  }
}

const measures = new Map<string, Measure>();
const measuresKept = 1000;

/** What a unit measures and its size in that measure's base (ml, g, one); looked up once per spelling. */
export function measureOf(unit: string | null): Measure {
  const written = (unit ?? '').trim().replace(/\.$/, '');
  const known = measures.get(written);
  if (known) return known;
  const lower = written.toLowerCase();
  let measure: Measure = { kind: 'other', base: 1 };
  if (!written) measure = { kind: 'count', base: 1 };
  else if (lower === 'dozen') measure = { kind: 'count', base: dozen };
  else if (!notKitchenUnits.has(written)) {
    for (const spelling of new Set([written, lower])) {
      const ml = libraryBase(spelling, 'ml');
      if (ml !== undefined) { measure = { kind: 'volume', base: ml }; break; }
      const g = libraryBase(spelling, 'g');
      if (g !== undefined) { measure = { kind: 'mass', base: g }; break; }
    }
  }
  if (measures.size < measuresKept) measures.set(written, measure);
  return measure;
}

/** The same ingredient in the same kind of measure has the same key, whatever the week. */
export function lineKey(name: string, unit: string | null): string {
  const measure = measureOf(unit);
  return `${singular(name)}|${measure.kind === 'other' ? `unit:${singular(unit)}` : measure.kind}`;
}

interface Building {
  line: Line;
  /** The total in the measure's base; null while no ingredient gave a quantity. */
  base: number | null;
  /** The largest unit seen, which the total is told in ("1 cup + 2 tbsp" is 1⅛ cup). */
  unit: string | null;
  unitBase: number;
  mealKeys: Set<string>;
}

/** A quantity told in `unit` from a base amount of its measure (3 decimals). */
export function inUnit(base: number, unit: string | null): number {
  return roundQuantity(base / measureOf(unit).base);
}

/** Merges the ingredients into lines, in the order first needed; each line's meals in date order, each once. */
export function mergeIngredients(ingredients: PlannedIngredient[]): Line[] {
  const lines = new Map<string, Building>();
  for (const i of ingredients) {
    const key = lineKey(i.name, i.unit);
    const measure = measureOf(i.unit);
    let b = lines.get(key);
    if (!b) {
      b = { line: { key, name: i.name.trim(), quantity: null, unit: null, meals: [] }, base: null, unit: i.unit, unitBase: measure.base, mealKeys: new Set() };
      lines.set(key, b);
    }
    if (i.quantity !== null) b.base = (b.base ?? 0) + i.quantity * i.factor * measure.base;
    // Counts are told as plain counts once any is ("2 + 1 dozen" is 14); other measures in their largest unit.
    const larger = measure.kind === 'count' ? measure.base < b.unitBase : measure.base > b.unitBase;
    if (larger) { b.unit = i.unit; b.unitBase = measure.base; }
    const mealKey = `${i.meal.date}|${i.meal.title}`;
    if (!b.mealKeys.has(mealKey)) { b.mealKeys.add(mealKey); b.line.meals.push(i.meal); }
  }
  return [...lines.values()].map((b) => ({
    ...b.line,
    quantity: b.base === null ? null : roundQuantity(b.base / b.unitBase),
    unit: b.unit?.trim() || null,
    meals: b.line.meals.sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0)),
  }));
}
