import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { groceryItems, groceryLists } from '../../platform/db/schema.ts';
import { requireInFamily } from '../../platform/db/tenancy.ts';
import type { Deps } from '../../platform/deps.ts';

/**
 * The grocery feature's public API for other features (meals, AI planner).
 */

export interface NewRecipeItem {
  name: string;
  quantity: number | null;
  unit: string | null;
}

/**
 * Puts one unpurchased item per ingredient at the top of a list of the caller's family (404 otherwise),
 * inside the caller's transaction, and publishes one live change. Returns how many were added.
 */
export async function addRecipeItemsToList(
  tx: Tx, deps: Deps,
  input: { familyId: string; userId: string; listId: string; recipeId: string; items: NewRecipeItem[] },
): Promise<number> {
  await requireInFamily(tx, groceryLists, input.listId, input.familyId, 'Grocery list not found');
  const n = input.items.length;
  if (n === 0) return 0;
  // Position 0 is the top; existing items move down so positions stay dense and 0-based.
  await tx.update(groceryItems).set({ position: sql`${groceryItems.position} + ${n}` })
    .where(and(eq(groceryItems.listId, input.listId), eq(groceryItems.familyId, input.familyId)));
  await tx.insert(groceryItems).values(input.items.map((item, i) => ({
    familyId: input.familyId, listId: input.listId, name: item.name, quantity: item.quantity, unit: item.unit,
    position: i, isPurchased: false, addedFromRecipeId: input.recipeId,
  })));
  await deps.realtime.publish(tx, {
    familyId: input.familyId, topic: 'grocery', kind: 'items.added', listId: input.listId, byUserId: input.userId,
  });
  return n;
}
