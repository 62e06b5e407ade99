import { categoryKey, itemMatchKey, type GroceryItem } from '@hearth/contract/grocery';
import { roundQuantity } from '@hearth/contract/quantity';

/** An edit's new fields, as the item editor sends them. */
export interface EditedFields {
  name: string;
  quantity: number | null;
  unit: string | null;
  category: string | null;
}

/**
 * The item an edit folds into, as the server decides it: the top unpurchased item of the list with the new name and
 * unit (singular, any case), when the edit changes them and the edited item is unpurchased.
 */
export function mergeTarget(items: GroceryItem[], item: GroceryItem, change: EditedFields): GroceryItem | undefined {
  const key = itemMatchKey(change.name, change.unit);
  if (item.isPurchased || key === itemMatchKey(item.name, item.unit)) return undefined;
  return items.filter((i) => !i.isPurchased && i.id !== item.id && itemMatchKey(i.name, i.unit) === key)
    .sort((a, b) => a.position - b.position)[0];
}

/** The list after an edit, as the server will make it: changed in place, or merged (quantities summed, rounded). */
export function applyEdit(items: GroceryItem[], item: GroceryItem, change: EditedFields): GroceryItem[] {
  const edited = items.find((i) => i.id === item.id) ?? item;
  const target = mergeTarget(items, edited, change);
  if (!target) return items.map((i) => (i.id === item.id ? { ...i, ...change } : i));
  const quantity = roundQuantity((target.quantity ?? 1) + (change.quantity ?? 1));
  return items.filter((i) => i.id !== item.id)
    .map((i, position) => ({ ...i, position, ...(i.id === target.id ? { quantity } : {}) }));
}

/** The list's order before a merge, the merged-away item standing again as its re-added copy (`restoredId`). */
export function restoredOrder(before: GroceryItem[], removed: GroceryItem, restoredId: string): GroceryItem[] {
  return before.map((i) => (i.id === removed.id ? { ...removed, id: restoredId } : i));
}

/** The category field's choices: the family's categories as first written, then the built-in aisles it has not used. */
export function categoryChoices(family: string[], builtIn: readonly string[]): string[] {
  // One category whatever its case and spacing, as the server keeps them (`categoryKey`).
  const known = new Set(family.map(categoryKey));
  return [...family, ...builtIn.filter((c) => !known.has(categoryKey(c)))];
}
