import type { Ingredient } from '@hearth/contract/meals';
import { formatQuantity } from '@hearth/contract/quantity';

/** "2 cups Flour": quantity and unit only when present (grocery lists read the same way). */
export function describeIngredient(i: Pick<Ingredient, 'name' | 'quantity' | 'unit'>): string {
  return [i.quantity === null ? null : formatQuantity(i.quantity), i.unit, i.name].filter(Boolean).join(' ');
}
