import type { Queryable, Tx } from '../../platform/db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import { addOrMerge, lockFamilyList } from './positions.ts';
import * as repo from './repository.ts';

/**
 * The grocery feature's public API for other features (meals, calendar, AI planner, newsfeed).
 */

/** The `queueBy` of a route whose write locks a list, so writes to one list wait in the process, not the database. */
export const listWrite = (listId: string) => `grocery-list:${listId}`;

export interface NewRecipeItem {
  name: string;
  quantity: number | null;
  unit: string | null;
}

/**
 * Puts the ingredients on a list of the caller's family (404 otherwise), inside the caller's transaction; one
 * already unpurchased there raises that item's quantity instead. Publishes one live change; returns how many
 * ingredients went on the list.
 */
export async function addRecipeItemsToList(
  tx: Tx, deps: Deps,
  input: { familyId: string; userId: string; listId: string; recipeId: string; items: NewRecipeItem[] },
): Promise<number> {
  const list = await lockFamilyList(tx, input.listId, input.familyId);
  const n = input.items.length;
  if (n === 0) return 0;
  const now = deps.clock.now();
  await addOrMerge(tx, list, input.items.map((item) => ({
    listId: input.listId, familyId: input.familyId, name: item.name, quantity: item.quantity, unit: item.unit,
    position: 0, addedFromRecipeId: input.recipeId, createdAt: now, updatedAt: now,
  })), now);
  await deps.events.record(tx, {
    familyId: input.familyId, actorId: input.userId, type: 'recipe_items_added', subjectId: input.recipeId,
    data: { listId: input.listId, count: n },
  });
  return n;
}

/**
 * Locks the family's lists holding items made from the recipe, in the caller's transaction: a recipe's deletion
 * clears those items' link, and writers of a list's items lock the list first.
 */
export function lockListsOfRecipe(tx: Tx, familyId: string, recipeId: string): Promise<void> {
  return repo.lockListsLinkedTo(tx, { recipeId }, familyId);
}

export interface ListSummary {
  id: string;
  title: string;
  /** Items still to buy. */
  totalItems: number;
  /** Items still to buy that were put on the list after `since`. */
  recentlyAdded: number;
}

/** The family's lists in their usual order, with counts of items to buy, in one grouped query. */
export function listSummaries(q: Queryable, familyId: string, since: Date): Promise<ListSummary[]> {
  return repo.listSummaries(q, familyId, since);
}

export interface RecentComment {
  id: string;
  text: string;
  /** The author's name as it was when they wrote it. */
  userName: string;
  createdAt: Date;
  listId: string;
  listTitle: string;
}

/** The family's latest `limit` active comments, replies included, newest first, in one query. */
export function latestComments(q: Queryable, familyId: string, limit: number): Promise<RecentComment[]> {
  return repo.latestComments(q, familyId, limit);
}
