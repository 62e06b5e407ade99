import { readIngredientLine, type IngredientLine, type LineParser } from '@hearth/contract/ingredient-line';

let parse: LineParser | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads the ingredient line reader (parse-ingredient). It builds large Unicode patterns as it loads and no first
 * screen needs it, so it comes when a field that reads lines is first focused. If its code cannot be fetched, lines
 * are taken whole as names, and the next focus tries again.
 */
export function loadIngredientReader(): Promise<void> {
  loading ??= import('parse-ingredient').then((module) => {
    parse = module.parseIngredient;
  }, () => {
    loading = undefined;
  });
  return loading;
}

export const ingredientReaderReady = (): boolean => parse !== undefined;

/** "2 lbs chicken thighs" as quantity 2, unit "lbs", name "chicken thighs" (contract/ingredient-line.ts); whole until loaded. */
export function readIngredient(text: string): IngredientLine {
  return readIngredientLine(text, parse) ?? { name: text.trim(), quantity: null, unit: null };
}
