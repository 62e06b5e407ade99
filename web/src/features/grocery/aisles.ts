import type { GroceryItem } from '@hearth/contract/grocery';

export interface Aisle {
  /** Null for the items without a category, always last. */
  category: string | null;
  items: GroceryItem[];
}

/**
 * The family's categories in its saved order, then any others alphabetically (case-insensitive), for the editor.
 */
export function aisleNames(saved: string[], items: GroceryItem[]): string[] {
  const known = new Set(saved.map((c) => c.toLowerCase()));
  const others = new Map<string, string>();
  for (const item of items) {
    const c = item.category?.trim();
    if (c && !known.has(c.toLowerCase()) && !others.has(c.toLowerCase())) others.set(c.toLowerCase(), c);
  }
  return [...saved, ...[...others.values()].sort((a, b) => a.localeCompare(b))];
}

/** Items grouped by category in aisle order (case-insensitive), each group in the list's own order. */
export function groupByAisle(saved: string[], items: GroceryItem[]): Aisle[] {
  const order = aisleNames(saved, items);
  const rank = new Map(order.map((c, i) => [c.toLowerCase(), i]));
  const groups = new Map<number, GroceryItem[]>();
  for (const item of items) {
    const at = item.category?.trim() ? rank.get(item.category.trim().toLowerCase())! : order.length;
    groups.set(at, [...(groups.get(at) ?? []), item]);
  }
  return [...groups.keys()].sort((a, b) => a - b)
    .map((at) => ({ category: order[at] ?? null, items: groups.get(at)! }));
}

/** The aisles holding the first `count` items of `aisles` (taken in aisle order), each with those of its items. */
export function firstOfAisles(aisles: Aisle[], count: number): Aisle[] {
  const first: Aisle[] = [];
  let left = count;
  for (const aisle of aisles) {
    if (left <= 0) break;
    first.push(left >= aisle.items.length ? aisle : { ...aisle, items: aisle.items.slice(0, left) });
    left -= aisle.items.length;
  }
  return first;
}
