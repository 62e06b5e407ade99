import { sql, type SQL } from 'drizzle-orm';
import { rawRows, textArray, type Queryable, type Tx } from '../../platform/db/client.ts';
import { groceryComments, groceryItems, groceryLists, recurringItems } from '../../platform/db/schema/grocery.ts';
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
 * Puts items on a list of the caller's family (404 otherwise) inside the caller's transaction as a hand add does, all
 * in one statement (`addToList`): at the top in their order, each in its category (`categorise`), one already
 * unpurchased there raising that item's quantity instead (409, nothing added, when the list would be full or a
 * quantity would pass its bound). Records no event. Answers each item's id, in the given order.
 */
async function putOnList(
  tx: Tx, deps: Deps, input: { familyId: string; listId: string; items: NewRecipeItem[]; recipeId: string | null },
): Promise<string[]> {
  const list = await lists.lockFamilyList(tx, input.listId, input.familyId);
  if (input.items.length === 0) return [];
  const now = deps.clock.now();
  const categories = await categorise(tx, input.familyId, input.items.map((i) => ({ name: i.name, category: null })), now);
  const added = await addToList(tx, list, input.items.map((item, i) => ({
    name: item.name, quantity: item.quantity, unit: item.unit, category: categories[i]!, recurrence: 'none',
    recurringItemId: null, addedFromRecipeId: input.recipeId,
  })), now);
  return added.map((a) => a.item.id);
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

export interface ListForExport { id: string; title: string; createdAt: string }
export interface ItemForExport {
  id: string; name: string; quantity: number | null; unit: string | null; category: string | null;
  recurrence: 'none' | 'weekly' | 'monthly'; position: number; isPurchased: boolean;
  recurringItemId: string | null; addedFromRecipeId: string | null;
}
export interface CommentForExport {
  id: string; userName: string; text: string; parentId: string | null; archivedAt: string | null; createdAt: string;
}
export interface RecurringForExport {
  id: string; listId: string; name: string; quantity: number | null; unit: string | null;
  frequency: 'WEEKLY' | 'BI_WEEKLY' | 'MONTHLY'; nextDueAt: string;
}

/** The family's lists (at most its bound of them), by id: the order the export reads their items in. */
export function listsForExport(q: Queryable, familyId: string): Promise<ListForExport[]> {
  return rawRows<ListForExport>(q, sql`select id, title, to_json(created_at)#>>'{}' as "createdAt"
    from grocery_lists where family_id = ${familyId} order by id`);
}

/**
 * A field of lists.csv (RFC 4180) made by the database: a leading =, +, - or @ (a spreadsheet's formula) prefixed with
 * a quote; quoted, its quotes doubled, when it holds a comma, quote or line break. One test per field first, the
 * rewrite only for the few fields that need it: the rewrite on every field was most of the CSV's cost on the embedded
 * engine (docs/performance.md).
 */
const csvField = (column: SQL) => sql`case when ${column} is null then '' when ${column} !~ '^[-=+@\t\r]|[",\r\n]' then ${column}
  else (select case when f ~ '[",\r\n]' then '"' || replace(f, '"', '""') || '"' else f end
    from (select case when ${column} ~ '^[-=+@\t\r]' then '''' || ${column} else ${column} end as f) x) end`;

/** A nullable column as JSON (`null` for null), for the items' text. */
const jsonValue = (column: SQL) => sql`coalesce(to_json(${column})::text, 'null')`;

/**
 * The items of a few of the family's lists, each list's as one text made by the database: `json`, the elements of
 * family.json's `items` array (ItemForExport); `csv`, lists.csv's rows. Made there because making each of a large
 * family's 400,000 items an object on the server's thread, twice, was most of an export's time. JSON by concatenation,
 * not `json_build_object` (two fifths cheaper on the embedded engine); a list's title made a CSV field once, not per item.
 */
export async function itemsTextForExport(
  q: Queryable, familyId: string, lists: ListForExport[], kind: 'json' | 'csv',
): Promise<Map<string, string>> {
  const text = kind === 'json'
    ? sql`string_agg('{"id":"' || i.id || '","name":' || to_json(i.name) || ',"quantity":' || ${jsonValue(sql`i.quantity`)}
        || ',"unit":' || ${jsonValue(sql`i.unit`)} || ',"category":' || ${jsonValue(sql`i.category`)}
        || ',"recurrence":' || to_json(i.recurrence) || ',"position":' || i.position || ',"isPurchased":' || i.is_purchased
        || ',"recurringItemId":' || ${jsonValue(sql`i.recurring_item_id`)}
        || ',"addedFromRecipeId":' || ${jsonValue(sql`i.added_from_recipe_id`)} || '}', ${',\n'} order by i.position, i.id)`
    : sql`string_agg(l.title || ',' || ${csvField(sql`i.name`)} || ',' || coalesce(i.quantity::text, '')
        || ',' || ${csvField(sql`i.unit`)} || ',' || ${csvField(sql`i.category`)} || ','
        || case when i.is_purchased then 'yes' else 'no' end || ${'\r\n'}, '' order by i.position, i.id)`;
  const ids = textArray(lists.map((l) => l.id));
  const rows = await rawRows<{ listId: string; text: string }>(q, sql`with l as materialized (
      select id, ${csvField(sql`title`)} as title from grocery_lists where family_id = ${familyId} and id = any(${ids}::uuid[]))
    select i.list_id as "listId", ${text} as text from grocery_items i join l on l.id = i.list_id
    where i.family_id = ${familyId} and i.list_id = any(${ids}::uuid[]) group by i.list_id`);
  return new Map(rows.map((r) => [r.listId, r.text]));
}

/** The comments of a few of the family's lists, archived ones too, each list's oldest first. */
export async function commentsForExport(
  q: Queryable, familyId: string, lists: ListForExport[],
): Promise<Map<string, CommentForExport[]>> {
  const rows = await rawRows<CommentForExport & { listId: string }>(q, sql`select id, list_id as "listId",
    user_name as "userName", text, parent_id as "parentId", to_json(archived_at)#>>'{}' as "archivedAt",
    to_json(created_at)#>>'{}' as "createdAt" from grocery_comments
    where family_id = ${familyId} and list_id = any(${textArray(lists.map((l) => l.id))}::uuid[])
    order by list_id, created_at, id`);
  const byList = new Map<string, CommentForExport[]>(lists.map((l) => [l.id, []]));
  for (const { listId, ...comment } of rows) byList.get(listId)!.push(comment);
  return byList;
}

/** The family's recurring items (at most its bound). */
export function recurringForExport(q: Queryable, familyId: string): Promise<RecurringForExport[]> {
  return rawRows<RecurringForExport>(q, sql`select id, list_id as "listId", name, quantity, unit, frequency,
    to_json(next_due_at)#>>'{}' as "nextDueAt" from recurring_items where family_id = ${familyId} order by created_at, id`);
}

/** Inserts rows 500 at a time (each statement's parameters stay well within both engines' bounds). */
async function inChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}

type NewId = (old: string | null) => string | null;

/**
 * An import's lists, items, comments and recurring items, added batch by batch inside the caller's transaction
 * (`ids`: an exported id to its new one). Items come before the recurring items and recipes they name, so they are
 * written without those links, and `linkItems` adds them once everything is in.
 */
export function restoreLists(tx: Tx, familyId: string, ids: NewId, rows: ListForExport[]): Promise<void> {
  return inChunks(rows, (chunk) => tx.insert(groceryLists).values(chunk.map((l) => ({
    id: ids(l.id)!, familyId, title: l.title, createdAt: new Date(l.createdAt),
  }))));
}

/** A list's items, a column an array: the bulk of a large family's rows, so no row objects are built for them. */
export function restoreItems(tx: Tx, familyId: string, ids: NewId, listId: string, rows: ItemForExport[]): Promise<void> {
  const column = <T>(value: (item: ItemForExport) => T) => textArray(rows.map((i) => value(i) as string | number | null));
  return tx.execute(sql`insert into grocery_items (id, family_id, list_id, name, quantity, unit, category, recurrence, position, is_purchased)
    select id::uuid, ${familyId}, ${ids(listId)}, name, quantity::float8, unit, category, recurrence, position::int, purchased::boolean
    from unnest(${column((i) => ids(i.id))}, ${column((i) => i.name)}, ${column((i) => i.quantity)}, ${column((i) => i.unit)},
      ${column((i) => i.category)}, ${column((i) => i.recurrence)}, ${column((i) => i.position)}, ${column((i) => String(i.isPurchased))})
      as t(id, name, quantity, unit, category, recurrence, position, purchased)`).then(() => undefined);
}

/** An item's links to its recurring item and its recipe (exported ids). */
export type ItemLinks = Pick<ItemForExport, 'id' | 'recurringItemId' | 'addedFromRecipeId'>;

export function linkItems(tx: Tx, familyId: string, ids: NewId, rows: ItemLinks[]): Promise<void> {
  return inChunks(rows, (chunk) => tx.execute(sql`update grocery_items i
    set recurring_item_id = l.recurring::uuid, added_from_recipe_id = l.recipe::uuid
    from unnest(${textArray(chunk.map((r) => ids(r.id)!))}, ${textArray(chunk.map((r) => ids(r.recurringItemId)))},
      ${textArray(chunk.map((r) => ids(r.addedFromRecipeId)))}) as l(id, recurring, recipe)
    where i.family_id = ${familyId} and i.id = l.id::uuid`));
}

/** Oldest first, so that a reply's parent is always in before it. */
export function restoreComments(tx: Tx, familyId: string, ids: NewId, listId: string, rows: CommentForExport[]): Promise<void> {
  return inChunks(rows, (chunk) => tx.insert(groceryComments).values(chunk.map((c) => ({
    id: ids(c.id)!, familyId, listId: ids(listId)!, userId: null, userName: c.userName, text: c.text, parentId: ids(c.parentId),
    archivedAt: c.archivedAt ? new Date(c.archivedAt) : null, createdAt: new Date(c.createdAt),
  }))));
}

export function restoreRecurring(tx: Tx, familyId: string, ids: NewId, rows: RecurringForExport[]): Promise<void> {
  return inChunks(rows, (chunk) => tx.insert(recurringItems).values(chunk.map((r) => ({
    id: ids(r.id)!, familyId, listId: ids(r.listId)!, name: r.name, quantity: r.quantity, unit: r.unit,
    frequency: r.frequency, nextDueAt: new Date(r.nextDueAt),
  }))));
}
