import { sql, type SQL } from 'drizzle-orm';
import type { GroceryComment, GroceryItem, GroceryList, GroceryReply, RecurringItem } from '@hearth/contract/grocery';
import type { CommentRow } from './repository/comments.ts';
import { shownFields, type ShownItem } from './repository/items.ts';
import type { ListWithCount } from './repository/lists.ts';
import type { RecurringRow } from './repository/recurring.ts';

export function toList(row: ListWithCount): GroceryList {
  return { id: row.id, title: row.title, familyId: row.familyId, openItemCount: row.openItemCount };
}

/** `position` is the item's 0-based place on its list (the stored position only orders it). */
export function toItem(row: ShownItem, position: number): GroceryItem {
  return {
    id: row.id,
    name: row.name,
    quantity: row.quantity,
    unit: row.unit,
    category: row.category,
    recurrence: row.recurrence,
    position,
    isPurchased: row.isPurchased,
    listId: row.listId,
    familyId: row.familyId,
    recurringItemId: row.recurringItemId,
    addedFromRecipeId: row.addedFromRecipeId,
  };
}

/**
 * `toItem`'s answer built by a statement, as jsonb, from its row `alias` of `PlacedItem`'s fields and `place` (an add
 * stores its key's answer so, in its own statement).
 */
export function itemJson(alias: string): SQL {
  return sql.raw(`jsonb_build_object(${answerFields.map((f) => `'${f}', ${alias}."${f}"`).join(', ')}, 'position', ${alias}.place)`);
}

/** The fields of an item's answer as its row holds them (its `position` is its place). */
const answerFields = [...shownFields, 'listId', 'familyId'] as const satisfies readonly Exclude<keyof GroceryItem, 'position'>[];

export function toReply(row: CommentRow): GroceryReply {
  return {
    id: row.id,
    listId: row.listId,
    familyId: row.familyId,
    userId: row.userId,
    userName: row.userName,
    text: row.text,
    parentId: row.parentId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Nests replies under their top-level comment; both levels keep the rows' order (oldest first). */
export function toThreads(rows: CommentRow[]): GroceryComment[] {
  const threads = new Map<string, GroceryComment>();
  for (const row of rows) if (!row.parentId) threads.set(row.id, { ...toReply(row), replies: [] });
  for (const row of rows) if (row.parentId) threads.get(row.parentId)?.replies.push(toReply(row));
  return [...threads.values()];
}

export function toRecurring(row: RecurringRow): RecurringItem {
  return {
    id: row.id,
    name: row.name,
    listId: row.listId,
    familyId: row.familyId,
    quantity: row.quantity,
    unit: row.unit,
    frequency: row.frequency,
    nextDueAt: row.nextDueAt.toISOString(),
  };
}
