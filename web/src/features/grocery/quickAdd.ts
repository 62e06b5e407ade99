import { readIngredient } from '../../shared/ingredientLine.ts';

export { loadIngredientReader as loadQuickAdd, ingredientReaderReady as quickAddReady } from '../../shared/ingredientLine.ts';

export interface QuickItem {
  name: string;
  quantity: number | null;
  unit: string | null;
}

/** "2 lbs chicken thighs", "1 1/2 lbs beef", "½ cup cream" or "milk" as quantity, unit and name; whole until loaded. */
export const readQuickAdd = (text: string): QuickItem => readIngredient(text);
