import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { groceryMessages as m } from '@hearth/contract/grocery';
import type { SessionRead } from '../../../platform/auth/sessions.ts';
import { rawRows, textArray, type Queryable } from '../../../platform/db/client.ts';
import { groceryItems, groceryLists } from '../../../platform/db/schema/grocery.ts';
import { notFound } from '../../../platform/errors.ts';

export type ListRow = typeof groceryLists.$inferSelect;

/** A list whose lock the caller holds. */
export type LockedList = Pick<ListRow, 'id' | 'familyId'>;

/**
 * The caller's family's lists, oldest first, as JSON text, read in the caller's session lookup (a hot read): only the
 * columns an answer shows, and each list's items still to buy, counted from the open-items index alone.
 */
export const listsWithSession: SessionRead = {
  name: 'grocery_lists',
  expression: (familyId) => sql`(select coalesce(json_agg(json_build_object('id', l.id, 'title', l.title,
    'familyId', l.family_id, 'openItemCount', (select count(*) from ${groceryItems} i
      where i.list_id = l.id and not i.is_purchased)) order by l.created_at, l.id), '[]')::text
    from ${groceryLists} l where l.family_id = ${familyId})`,
};

export type ListWithCount = Pick<ListRow, 'id' | 'title' | 'familyId'> & { openItemCount: number };

/** Lists as `listsWithSession` answers them. */
export function parseLists(text: string): ListWithCount[] {
  return JSON.parse(text) as ListWithCount[];
}

export async function insertList(q: Queryable, values: { familyId: string; title: string; createdAt: Date }) {
  const [row] = await q.insert(groceryLists).values(values).returning();
  if (!row) throw new Error('list insert returned nothing');
  return row;
}

/**
 * Locks a list of the family until the transaction ends (404 unless it is the family's); every writer of a list's
 * items takes it first, so writers of one list queue up: positions, merges and the list's bound stay exact.
 */
export async function lockFamilyList(q: Queryable, listId: string, familyId: string): Promise<LockedList> {
  const [row] = await q.select({ id: groceryLists.id, familyId: groceryLists.familyId }).from(groceryLists)
    .where(and(eq(groceryLists.id, listId), eq(groceryLists.familyId, familyId))).for('update');
  if (!row) throw notFound(m.listNotFound);
  return row;
}

/**
 * Locks the family's lists holding the items `items` selects, in id order, answering their ids. Every writer of items
 * locks their list first: the list's items version is raised after the item rows are written (migration 0018), so
 * a writer holding items while it waits for their list could deadlock with one holding the list; in one order, two
 * writers of several lists wait for each other.
 */
async function lockListsHolding(q: Queryable, items: SQL, familyId: string): Promise<string[]> {
  const rows = await q.select({ id: groceryLists.id }).from(groceryLists)
    .where(and(
      inArray(groceryLists.id, q.select({ listId: groceryItems.listId }).from(groceryItems)
        .where(and(items, eq(groceryItems.familyId, familyId)))),
      eq(groceryLists.familyId, familyId),
    )).orderBy(groceryLists.id).for('update');
  return rows.map((r) => r.id);
}

/** Locks the list of one of the family's items, answering its id (undefined without such an item). */
export async function lockItemList(q: Queryable, itemId: string, familyId: string): Promise<string | undefined> {
  return (await lockListsHolding(q, eq(groceryItems.id, itemId), familyId))[0];
}

/**
 * Locks the family's lists holding items linked to a recipe or to a recurring item, before the link's deletion
 * changes those items.
 */
export async function lockListsLinkedTo(
  q: Queryable, link: { recipeId: string } | { recurringItemId: string }, familyId: string,
): Promise<void> {
  await lockListsHolding(q, 'recipeId' in link
    ? eq(groceryItems.addedFromRecipeId, link.recipeId) : eq(groceryItems.recurringItemId, link.recurringItemId), familyId);
}

/**
 * For each (family, recipe), the title of the family's list holding the recipe's items: still to buy first, then the
 * newest. Keyed `familyId:recipeId`; a recipe no list holds has no entry.
 */
export async function listsHoldingRecipes(q: Queryable, held: { familyId: string; recipeId: string }[]): Promise<Map<string, string>> {
  if (held.length === 0) return new Map();
  const rows = await rawRows<{ family_id: string; recipe_id: string; title: string }>(q, sql`
    select distinct on (i.family_id, i.added_from_recipe_id) i.family_id, i.added_from_recipe_id as recipe_id, l.title
    from unnest(${textArray(held.map((h) => h.familyId))}, ${textArray(held.map((h) => h.recipeId))}) v(family_id, recipe_id)
    join grocery_items i on i.family_id = v.family_id::uuid and i.added_from_recipe_id = v.recipe_id::uuid
    join grocery_lists l on l.id = i.list_id
    order by i.family_id, i.added_from_recipe_id, i.is_purchased, i.created_at desc`);
  return new Map(rows.map((r) => [`${r.family_id}:${r.recipe_id}`, r.title]));
}

export async function deleteList(q: Queryable, listId: string, familyId: string): Promise<void> {
  await q.delete(groceryLists).where(and(eq(groceryLists.id, listId), eq(groceryLists.familyId, familyId)));
}

export async function countLists(q: Queryable, familyId: string): Promise<number> {
  const [row] = await q.select({ n: sql<number>`count(*)::int` }).from(groceryLists)
    .where(eq(groceryLists.familyId, familyId));
  return row?.n ?? 0;
}

/**
 * How many of the given list ids are the family's lists. Key-share locks keep them from being deleted before the
 * transaction that references them commits.
 */
export async function countFamilyLists(q: Queryable, familyId: string, listIds: string[]): Promise<number> {
  if (listIds.length === 0) return 0;
  const rows = await q.select({ id: groceryLists.id }).from(groceryLists)
    .where(and(inArray(groceryLists.id, listIds), eq(groceryLists.familyId, familyId)))
    .for('key share');
  return rows.length;
}

/**
 * Every list of the family with its items still to buy, and how many of those were added after `since`:
 * one grouped query whatever the number of lists and items.
 */
export function listSummaries(q: Queryable, familyId: string, since: Date) {
  const l = groceryLists;
  const i = groceryItems;
  return q.select({
    id: l.id,
    title: l.title,
    totalItems: sql<number>`count(${i.id})`.mapWith(Number),
    recentlyAdded: sql<number>`count(${i.id}) filter (where ${i.createdAt} > ${since.toISOString()})`.mapWith(Number),
  }).from(l)
    // Only items still to buy are joined, read through the open-items index.
    .leftJoin(i, and(eq(i.listId, l.id), eq(i.familyId, l.familyId), sql`not ${i.isPurchased}`))
    .where(eq(l.familyId, familyId))
    .groupBy(l.id)
    .orderBy(asc(l.createdAt), asc(l.id));
}
