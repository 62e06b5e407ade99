import type { Queryable, Tx } from '../../platform/db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import * as lists from './repository/lists.ts';
import { latestComments as latest } from './repository/comments.ts';
import { categorise } from './categories.ts';
import { addToList } from './service.ts';

/**
 * The grocery feature's public API for other features (meals, calendar, AI planner, newsfeed).
 */

/** The built-in aisle of an item's name, for the seeder: the category a family's add by hand would file it in. */
export { dictionaryCategory } from './dictionary.ts';

/** The `queueBy` of a route whose write locks a list, so writes to one list wait in the process, not the database. */
export const listWrite = (listId: string) => `grocery-list:${listId}`;

export interface NewRecipeItem {
  name: string;
  quantity: number | null;
  unit: string | null;
}

/**
 * Puts items on a list of the caller's family (404 otherwise) inside the caller's transaction, at the top in their
 * order, each in its category (`categorise`) as an add by hand goes: one already unpurchased there raises that item's
 * quantity instead (409, nothing added, when the list is full or a quantity would pass its bound). Records no event.
 * Answers each item's id, in the given order.
 */
async function putOnList(
  tx: Tx, deps: Deps, input: { familyId: string; listId: string; items: NewRecipeItem[]; recipeId: string | null },
): Promise<string[]> {
  const list = await lists.lockFamilyList(tx, input.listId, input.familyId);
  if (input.items.length === 0) return [];
  const now = deps.clock.now();
  const categories = await categorise(tx, input.familyId, input.items.map((i) => ({ name: i.name, category: null })), now);
  const ids: string[] = [];
  // Last first: each new item goes on top, so the first ends up first.
  for (let i = input.items.length - 1; i >= 0; i--) {
    const item = input.items[i]!;
    const added = await addToList(tx, list, {
      name: item.name, quantity: item.quantity, unit: item.unit, category: categories[i]!, recurrence: 'none',
      recurringItemId: null, addedFromRecipeId: input.recipeId,
    }, now);
    ids.push(added.item.id);
  }
  return ids.reverse();
}

/** A recipe's ingredients put on a list (`putOnList`), told as one event; answers how many went on the list. */
export async function addRecipeItemsToList(
  tx: Tx, deps: Deps,
  input: { familyId: string; userId: string; listId: string; recipeId: string; items: NewRecipeItem[] },
): Promise<number> {
  const n = (await putOnList(tx, deps, input)).length;
  if (n === 0) return 0;
  await deps.events.record(tx, {
    familyId: input.familyId, actorId: input.userId, type: 'recipe_items_added', subjectId: input.recipeId,
    data: { listId: input.listId, count: n },
  });
  return n;
}

/** Items put on a list (`putOnList`) with no event: the caller records its own, naming the list. */
export function addItemsToList(
  tx: Tx, deps: Deps, input: { familyId: string; listId: string; items: NewRecipeItem[] },
): Promise<string[]> {
  return putOnList(tx, deps, { ...input, recipeId: null });
}

/**
 * Locks the family's lists holding items made from the recipe, in the caller's transaction: a recipe's deletion
 * clears those items' link, and writers of a list's items lock the list first.
 */
export function lockListsOfRecipe(tx: Tx, familyId: string, recipeId: string): Promise<void> {
  return lists.lockListsLinkedTo(tx, { recipeId }, familyId);
}

/**
 * How many of the given list ids are the family's lists, each kept from deletion until the caller's transaction
 * ends (key-share locks).
 */
export function countFamilyLists(q: Queryable, familyId: string, listIds: string[]): Promise<number> {
  return lists.countFamilyLists(q, familyId, listIds);
}

/**
 * The name of each family's list holding a recipe's ingredients (meal reminders name it), keyed `familyId:recipeId`;
 * none for a recipe no list holds.
 */
export function listsHoldingRecipes(q: Queryable, held: { familyId: string; recipeId: string }[]): Promise<Map<string, string>> {
  return lists.listsHoldingRecipes(q, held);
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
  return lists.listSummaries(q, familyId, since);
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
  return latest(q, familyId, limit);
}
