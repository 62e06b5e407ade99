import { quantityLimits, roundQuantity } from './quantity.ts';

/**
 * One ingredient line ("2 lbs chicken thighs") as quantity, unit and name, for the list's quick add, the recipe
 * form and imported recipes alike. The reading itself is parse-ingredient's (the server and the web each hand it
 * in: contract/ depends on zod only); this is what the app makes of its answer.
 */

/** What parse-ingredient answers for a line (the fields used here). */
export interface ParsedLine {
  quantity: number | null;
  quantity2: number | null;
  unitOfMeasure: string | null;
  description: string;
  isGroupHeader: boolean;
}
export type LineParser = (line: string) => ParsedLine[];

export interface IngredientLine {
  name: string;
  quantity: number | null;
  unit: string | null;
}

/** Containers bought whole: "2 (14 oz) cans tomatoes" is 2 cans, not 2 of something called "(14 oz) cans tomatoes". */
const containers = /^(cans?|tins?|jars?|packages?|packets?|pkgs?\.?|boxes|box|bottles?|bags?|cartons?|sticks?|blocks?)\b\s*(?:of\s+)?/i;
/** Sizes the parser takes for units ("3 large eggs"); they belong to the name. */
const sizes = /^(small|medium|large|extra[- ]large|jumbo)$/i;

/**
 * Reads a line as a cook writes it: "1 1/2 cups flour", "½ tsp salt", "2–3 cloves garlic" (the larger, so there is
 * enough), "salt to taste" (no quantity), "2 (14 oz) cans tomatoes" and "2 x 400g tins tomatoes" (2 cans of
 * "tomatoes (14 oz)"), "1 cup (240 ml) milk" (the second measure dropped), "1,5 kg" (a decimal comma). A line that
 * does not start with a quantity is all name ("Juice of 1 lemon"). Undefined for a heading ("For the sauce:") or an
 * empty line; without a parser, the whole line is the name.
 */
export function readIngredientLine(text: string, parse: LineParser | undefined): IngredientLine | undefined {
  const line = text.replace(/\s+/g, ' ').trim();
  if (!line) return undefined;
  const whole: IngredientLine = { name: line, quantity: null, unit: null };
  if (!parse) return whole;
  // The parser reads "1,5" as 15 (a thousands separator).
  const [parsed] = parse(line.replace(/(\d),(\d)/g, '$1.$2'));
  if (!parsed) return whole;
  if (parsed.isGroupHeader) return undefined;
  if (!/^[\d½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞.]/u.test(line) || parsed.quantity === null) {
    return { ...whole, name: withoutToTaste(line) || line };
  }
  let name = parsed.description.trim();
  let unit = parsed.unitOfMeasure?.trim() || null;
  if (unit && sizes.test(unit)) {
    name = `${unit} ${name}`;
    unit = null;
  }
  if (!unit) {
    // "(14 oz) cans tomatoes", "x 400g tins tomatoes": the size goes after the name, the container is the unit.
    const packed = /^(?:\(([^)]{1,30})\)|x\s+(\S{1,15}))\s+(.*)$/i.exec(name);
    const container = packed && containers.exec(packed[3]!);
    if (packed && container) {
      unit = container[1]!;
      name = `${packed[3]!.slice(container[0].length).trim()} (${packed[1] ?? packed[2]})`;
    }
  }
  // "(240 ml) milk": a second measure of the same amount.
  name = withoutToTaste(name.replace(/^\([^)]{1,30}\)\s*/, ''));
  if (!name) return whole;
  const amount = Math.max(parsed.quantity, parsed.quantity2 ?? 0);
  return {
    name,
    quantity: amount >= 0 && amount <= quantityLimits.max ? roundQuantity(amount) : null,
    unit,
  };
}

const withoutToTaste = (name: string) => name.replace(/,?\s*(?:to taste|as needed)$/i, '').trim();
