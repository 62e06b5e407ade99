import { parseIngredient } from 'parse-ingredient';

export interface QuickItem {
  name: string;
  quantity: number | null;
  unit: string | null;
}

/**
 * "2 lbs chicken thighs", "1 1/2 lbs beef", "½ cup cream" or "milk" as quantity, unit and name. A decimal comma
 * ("1,5 kg") is read as a decimal point first: the parser would take it for a thousands separator.
 */
export function readQuickAdd(text: string): QuickItem {
  const trimmed = text.trim();
  const [parsed] = parseIngredient(trimmed.replace(/(\d),(\d)/g, '$1.$2'));
  const name = parsed?.description.trim();
  if (!parsed || !name) return { name: trimmed, quantity: null, unit: null };
  return { name, quantity: parsed.quantity, unit: parsed.unitOfMeasure };
}
