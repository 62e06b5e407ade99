type Parse = typeof import('parse-ingredient').parseIngredient;

let parse: Parse | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads the quick-add reader. It builds large Unicode patterns as it loads and the list's first screen does not need
 * it, so it comes when the add field is first focused. If its code cannot be fetched, the add goes ahead with the
 * whole text as the name, and the next focus tries again.
 */
export function loadQuickAdd(): Promise<void> {
  loading ??= import('parse-ingredient').then((module) => {
    parse = module.parseIngredient;
  }, () => {
    loading = undefined;
  });
  return loading;
}

export const quickAddReady = (): boolean => parse !== undefined;

export interface QuickItem {
  name: string;
  quantity: number | null;
  unit: string | null;
}

/**
 * "2 lbs chicken thighs", "1 1/2 lbs beef", "½ cup cream" or "milk" as quantity, unit and name. A decimal comma
 * ("1,5 kg") is read as a decimal point first: the parser would take it for a thousands separator. Until the
 * reader has loaded, the whole text is the name.
 */
export function readQuickAdd(text: string): QuickItem {
  const trimmed = text.trim();
  if (!parse) return { name: trimmed, quantity: null, unit: null };
  const [parsed] = parse(trimmed.replace(/(\d),(\d)/g, '$1.$2'));
  const name = parsed?.description.trim();
  if (!parsed || !name) return { name: trimmed, quantity: null, unit: null };
  return { name, quantity: parsed.quantity, unit: parsed.unitOfMeasure };
}
