import { and, asc, count, desc, eq, gt, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { SessionRead } from '../../platform/auth/sessions.ts';
import { rawRows, textArray, type Queryable } from '../../platform/db/client.ts';
import {
  families, groceryCategoryOrders, groceryComments, groceryItems, groceryLists, matchKeySql, recurringItems,
} from '../../platform/db/schema.ts';

export type ListRow = typeof groceryLists.$inferSelect;
export type ItemRow = typeof groceryItems.$inferSelect;
export type NewItem = typeof groceryItems.$inferInsert;
export type CommentRow = typeof groceryComments.$inferSelect;
export type RecurringRow = typeof recurringItems.$inferSelect;

// Lists

/**
 * The caller's family's lists, oldest first, as JSON text, read in the caller's session lookup (a hot read): only the
 * columns an answer shows.
 */
export const listsWithSession: SessionRead = {
  name: 'grocery_lists',
  expression: (familyId) => sql`(select coalesce(json_agg(json_build_object('id', l.id, 'title', l.title,
    'familyId', l.family_id) order by l.created_at, l.id), '[]')::text
    from ${groceryLists} l where l.family_id = ${familyId})`,
};

/** Lists as `listsWithSession` answers them. */
export function parseLists(text: string): Pick<ListRow, 'id' | 'title' | 'familyId'>[] {
  return JSON.parse(text) as Pick<ListRow, 'id' | 'title' | 'familyId'>[];
}

export async function insertList(q: Queryable, values: { familyId: string; title: string; createdAt: Date }) {
  const [row] = await q.insert(groceryLists).values(values).returning();
  if (!row) throw new Error('list insert returned nothing');
  return row;
}

/**
 * Locks a list of the family until the transaction ends; every write that moves positions takes it first,
 * so concurrent writers of one list queue up and positions stay dense.
 */
export async function lockList(q: Queryable, listId: string, familyId: string): Promise<ListRow | undefined> {
  const [row] = await q.select().from(groceryLists)
    .where(and(eq(groceryLists.id, listId), eq(groceryLists.familyId, familyId))).for('update');
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

export async function deleteList(q: Queryable, listId: string, familyId: string): Promise<void> {
  await q.delete(groceryLists).where(and(eq(groceryLists.id, listId), eq(groceryLists.familyId, familyId)));
}

// Items

/** What an item answer is built from. */
export type ShownItem = Pick<ItemRow,
  'id' | 'name' | 'quantity' | 'unit' | 'category' | 'recurrence' | 'isPurchased' | 'listId' | 'familyId'
  | 'recurringItemId' | 'addedFromRecipeId'>;

/** An item as answers show it, with its stored position (its place is counted from that). */
export type PlacedItem = ShownItem & Pick<ItemRow, 'position'>;

/** The columns of a `PlacedItem`: what a write of one item reads back for its answer, no more. */
const placedItem = {
  id: groceryItems.id, name: groceryItems.name, quantity: groceryItems.quantity, unit: groceryItems.unit,
  category: groceryItems.category, recurrence: groceryItems.recurrence, isPurchased: groceryItems.isPurchased,
  listId: groceryItems.listId, familyId: groceryItems.familyId, recurringItemId: groceryItems.recurringItemId,
  addedFromRecipeId: groceryItems.addedFromRecipeId, position: groceryItems.position,
};

/**
 * An item as its `shown_json` holds it (`hearth_item_shown`, migration 0016): its fields in this order, without the
 * list and family ids.
 */
type ItemTuple = [
  id: string, name: string, quantity: number | null, unit: string | null, category: string | null,
  recurrence: ShownItem['recurrence'], isPurchased: boolean, recurringItemId: string | null,
  addedFromRecipeId: string | null,
];

/**
 * The items of list `l` (the enclosing query's) in list order as one JSON text of compact rows (`ItemTuple`). Each
 * row is the item's `shown_json`, written when the item changed: joining them costs about half of writing them on
 * every read (PGlite, 100 items: ~85 against ~185 us a statement). Arrays, not objects: writing an object per item
 * was most of the database's time.
 */
const itemsText = sql`'[' || coalesce((select string_agg(i.shown_json, ',' order by i.position, i.created_at)
  from ${groceryItems} i where i.list_id = l.id and i.family_id = l.family_id), '') || ']'`;

/** The family's list `l`, for an expression that reads `l` (null unless the list is the family's). */
const ofFamilyList = (listId: SQL, familyId: SQL, read: SQL) =>
  sql`(select ${read} from ${groceryLists} l where l.id = ${listId} and l.family_id = ${familyId})`;

/**
 * A list's items in list order (`itemsText`), or null unless the list is the family's: the ownership check and the
 * read in one statement.
 */
function itemsJson(listId: SQL, familyId: SQL): SQL {
  return ofFamilyList(listId, familyId, itemsText);
}

/**
 * A list's items version, then a space and its items (`itemsText`) unless that version is `held` (the version
 * whose answer the server already holds: the items are then not read); null unless the list is the family's.
 */
function versionedItemsJson(listId: SQL, familyId: SQL, held: SQL): SQL {
  return ofFamilyList(listId, familyId, sql`case when l.items_version = ${held} then l.items_version::text
    else l.items_version::text || ' ' || ${itemsText} end`);
}

/** A list's items as `versionedItemsJson` answers them: the items text is null when it was the version held. */
export interface VersionedItems {
  version: number;
  text: string | null;
}

export function parseVersionedItems(answer: string): VersionedItems {
  const space = answer.indexOf(' ');
  return space < 0
    ? { version: Number(answer), text: null }
    : { version: Number(answer.slice(0, space)), text: answer.slice(space + 1) };
}

/**
 * The items of the route's `listId` with their version (`versionedItemsJson`, null unless the list is the caller's
 * family's), read in the session lookup; `held` tells the version of a list whose answer the server holds.
 */
export function itemsWithSession(held: (listId: string) => number | undefined): SessionRead {
  return {
    name: 'grocery_items',
    params: ['listId', 'held'],
    given: ({ listId }) => ({ held: String(held(String(listId)) ?? -1) }),
    expression: (familyId, param) =>
      versionedItemsJson(sql`${param('listId')}::uuid`, familyId, sql`${param('held')}::bigint`),
  };
}

/** A list's items with their version, read whole (undefined unless the list is the family's). */
export async function versionedItems(q: Queryable, listId: string, familyId: string): Promise<VersionedItems | undefined> {
  const [row] = await rawRows<{ items: string | null }>(q,
    sql`select ${versionedItemsJson(sql`${listId}::uuid`, sql`${familyId}::uuid`, sql`-1`)} as items`);
  return row?.items == null ? undefined : parseVersionedItems(row.items);
}

/** Items as `itemsJson` answers them, with the list and family ids every item carries. */
export function parseItems(text: string, listId: string, familyId: string): ShownItem[] {
  return (JSON.parse(text) as ItemTuple[]).map(([
    id, name, quantity, unit, category, recurrence, isPurchased, recurringItemId, addedFromRecipeId,
  ]) => ({ id, name, quantity, unit, category, recurrence, isPurchased, recurringItemId, addedFromRecipeId, listId, familyId }));
}

/** The items of the family's list in list order, or undefined when the family has no such list. */
export async function listItems(q: Queryable, listId: string, familyId: string): Promise<ShownItem[] | undefined> {
  const [row] = await rawRows<{ items: string | null }>(q, sql`select ${itemsJson(sql`${listId}`, sql`${familyId}`)} as items`);
  return row?.items == null ? undefined : parseItems(row.items, listId, familyId);
}

/** The family's item's list (undefined unless the item is the family's). */
export async function findItem(
  q: Queryable, itemId: string, familyId: string,
): Promise<Pick<ItemRow, 'id' | 'listId'> | undefined> {
  const [row] = await q.select({ id: groceryItems.id, listId: groceryItems.listId }).from(groceryItems)
    .where(and(eq(groceryItems.id, itemId), eq(groceryItems.familyId, familyId)));
  return row;
}

/** What an add needs to know of a list: how many items it has and the stored position of its top one. */
export interface ListState {
  count: number;
  /** Undefined for an empty list. */
  top: number | undefined;
}

/** An item's 0-based place on its list, as answers show it: how many items are above it. */
export async function placeOf(q: Queryable, item: Pick<ItemRow, 'listId' | 'position'>): Promise<number> {
  const [row] = await q.select({ n: count() }).from(groceryItems)
    .where(and(eq(groceryItems.listId, item.listId), lt(groceryItems.position, item.position)));
  return row?.n ?? 0;
}

export interface OpenMatch {
  key: string;
  /** The unpurchased item of the list with the same key, if any (the topmost, should there be several). */
  id: string | null;
  quantity: number | null;
  /** That item's 0-based place on the list (null without one). */
  place: number | null;
  /** That item as answers show it (null without one). */
  item: ShownItem | null;
}

/** A list whose lock the caller holds. */
export type LockedList = Pick<ListRow, 'id' | 'familyId'>;

/**
 * For each (name, unit), in order: its match key and the unpurchased item of the list it merges into; with the
 * list's state, read in the same statement: its count (kept by triggers) and its top position. Run under the list's
 * lock (it may be sent right behind the statement taking it). Each key is computed once, then its item found by
 * itself (lateral, limit 1) in the open-key index, which holds them in the order asked: one descent a name. With the
 * planner's statistics stale (a list grown since they were taken), a lateral computing the key per row read the
 * whole list per name (~48 ms a name on a 1,500-item list), and a lookup of all keys at once (`= any`) read it
 * whole per batch (~2.4 ms at 1,400 items). The top is read by the list alone (its items are its family's, by the
 * (list, family) reference): by the family too, the planner so misled read every item instead of the index's first.
 */
export async function openMatches(
  q: Queryable, list: LockedList, items: { name: string; unit: string | null }[],
): Promise<{ matches: OpenMatch[]; state: ListState }> {
  type Row = {
    key: string | null; id: string | null; quantity: number | string | null; place: number | null;
    count: number; top: number | null; name: string | null; unit: string | null; category: string | null;
    recurrence: ShownItem['recurrence'] | null; recurringItemId: string | null; addedFromRecipeId: string | null;
  };
  const { id: listId, familyId } = list;
  const rows = await rawRows<Row>(q, sql`
    with keys as materialized (
      select t.i, ${matchKeySql(sql`t.n`, sql`t.u`)} as key
      from unnest(${textArray(items.map((i) => i.name))}, ${textArray(items.map((i) => i.unit))})
        with ordinality as t(n, u, i)
    ), state as (
      select (select item_count from ${groceryLists} where id = ${listId} and family_id = ${familyId}) as count,
        (select min(position) from ${groceryItems} where list_id = ${listId}) as top
    )
    select keys.key, open.id, open.quantity, state.count, state.top, case when open.id is null then null else (
      select count(*)::int from ${groceryItems} a where a.list_id = ${listId} and a.position < open.position
    ) end as place, open.name, open.unit, open.category, open.recurrence,
      open.recurring_item_id as "recurringItemId", open.added_from_recipe_id as "addedFromRecipeId"
    from state left join (keys left join lateral (
      select g.id, g.quantity, g.position, g.name, g.unit, g.category, g.recurrence, g.recurring_item_id,
        g.added_from_recipe_id
      from ${groceryItems} g
      where g.list_id = ${listId} and g.family_id = ${familyId} and not g.is_purchased and g.match_key = keys.key
      order by g.position
      limit 1
    ) open on true) on true
    order by keys.i`);
  // One row for the state alone when no items are asked for.
  const state = rows[0]!;
  return {
    matches: rows.flatMap((r) => {
      if (r.key === null) return [];
      const quantity = r.quantity === null ? null : Number(r.quantity);
      const { id, name, unit, category, recurrence, recurringItemId, addedFromRecipeId } = r;
      return [{
        key: r.key, id, quantity, place: r.place,
        item: id === null ? null : {
          id, name: name!, quantity, unit, category, recurrence: recurrence!, isPurchased: false, listId, familyId,
          recurringItemId, addedFromRecipeId,
        },
      }];
    }),
    state: { count: state.count, top: state.top ?? undefined },
  };
}

/** A new item with the id its writer chose, so the batch that adds it knows its answer before writing it. */
export type NewItemWithId = NewItem & { id: string };

/**
 * An add batch's writes as data-modifying CTEs for one statement: the new items of a list of the family
 * (`new_items`), and, when some add merged, new quantities of items of it already there (`raised_items`). One
 * statement text per shape whatever their number (array parameters), so the engine parses each once.
 */
export function addsWriting(
  listId: string, familyId: string, fresh: NewItemWithId[], raised: Map<string, number>, at: Date,
): SQL[] {
  const column = (pick: (item: NewItemWithId) => string | number | null | undefined) => textArray(fresh.map(pick));
  const when = sql`${at.toISOString()}::timestamptz`;
  const writing = [
    sql`new_items as (
      insert into ${groceryItems} (id, family_id, list_id, name, quantity, unit, category, recurrence, position,
        is_purchased, recurring_item_id, added_from_recipe_id, created_at, updated_at)
      select v.id::uuid, ${familyId}::uuid, ${listId}::uuid, v.name, v.quantity::float8, v.unit, v.category,
        v.recurrence, v.position::int, false, v.recurring_item_id::uuid, v.added_from_recipe_id::uuid, ${when}, ${when}
      from unnest(${sql.join([
        column((i) => i.id), column((i) => i.name), column((i) => i.quantity), column((i) => i.unit),
        column((i) => i.category), column((i) => i.recurrence ?? 'none'), column((i) => i.position),
        column((i) => i.recurringItemId), column((i) => i.addedFromRecipeId),
      ], sql`, `)})
        as v(id, name, quantity, unit, category, recurrence, position, recurring_item_id, added_from_recipe_id)
    )`,
  ];
  // Only when some add merged: its generic plan read the list's open items by the list even for no ids (0.6 ms a
  // batch on a list of 1,900 items), and a batch of new items then sends a text without it.
  if (raised.size === 0) return writing;
  const raisedIds = textArray([...raised.keys()]);
  // `g.id = any(...)` lets the items be found by their primary key whatever the planner thinks of the join.
  writing.push(sql`raised_items as (
    update ${groceryItems} g set quantity = v.quantity::float8, updated_at = ${when}
    from unnest(${raisedIds}, ${textArray([...raised.values()])}) as v(id, quantity)
    where g.id = any(${raisedIds}::uuid[]) and g.id = v.id::uuid
      and g.list_id = ${listId} and g.family_id = ${familyId}
  )`);
  return writing;
}

export async function deletePurchased(q: Queryable, listId: string, familyId: string): Promise<number> {
  const rows = await q.delete(groceryItems).where(and(
    eq(groceryItems.listId, listId), eq(groceryItems.familyId, familyId), eq(groceryItems.isPurchased, true),
  )).returning({ id: groceryItems.id });
  return rows.length;
}

/** The family's names containing `text` (by match key), each with its latest spelling, quantity, unit and category. */
export async function suggestions(q: Queryable, familyId: string, text: string, limit: number) {
  const g = groceryItems;
  const needle = sql`hearth_singular(${text})`;
  const latest = <T>(column: typeof g.name | typeof g.quantity | typeof g.unit | typeof g.category) =>
    sql<T>`(array_agg(${column} order by ${g.createdAt} desc))[1]`;
  return q.select({
    name: latest<string>(g.name), quantity: latest<number | null>(g.quantity), unit: latest<string | null>(g.unit),
    category: latest<string | null>(g.category), uses: sql<number>`count(*)::int`,
  }).from(g)
    .where(and(eq(g.familyId, familyId), sql`strpos(${g.matchKey}, ${needle}) > 0`))
    .groupBy(g.matchKey)
    .orderBy(sql`min(strpos(${g.matchKey}, ${needle}))`, desc(sql`count(*)`), g.matchKey)
    .limit(limit);
}

export async function categoryOrder(q: Queryable, familyId: string): Promise<string[]> {
  const [row] = await q.select({ categories: groceryCategoryOrders.categories }).from(groceryCategoryOrders)
    .where(eq(groceryCategoryOrders.familyId, familyId));
  return row?.categories ?? [];
}

export async function saveCategoryOrder(q: Queryable, familyId: string, categories: string[], at: Date): Promise<void> {
  await q.insert(groceryCategoryOrders).values({ familyId, categories, updatedAt: at })
    .onConflictDoUpdate({ target: groceryCategoryOrders.familyId, set: { categories, updatedAt: at } });
}

export async function insertItems(q: Queryable, values: NewItem[]): Promise<PlacedItem[]> {
  return q.insert(groceryItems).values(values).returning(placedItem);
}

export async function updateItem(
  q: Queryable, itemId: string, familyId: string, values: Partial<NewItem>,
): Promise<PlacedItem | undefined> {
  const [row] = await q.update(groceryItems).set(values)
    .where(and(eq(groceryItems.id, itemId), eq(groceryItems.familyId, familyId))).returning(placedItem);
  return row;
}

/** False when the item was gone already (a parallel delete). */
export async function deleteItem(q: Queryable, itemId: string, familyId: string): Promise<boolean> {
  const rows = await q.delete(groceryItems).where(and(eq(groceryItems.id, itemId), eq(groceryItems.familyId, familyId)))
    .returning({ id: groceryItems.id });
  return rows.length > 0;
}

/** The family's recurring items among these ids, with their lists. */
export async function recurringLists(q: Queryable, ids: string[], familyId: string): Promise<Map<string, string>> {
  const rows = await q.select({ id: recurringItems.id, listId: recurringItems.listId }).from(recurringItems)
    .where(and(inArray(recurringItems.id, ids), eq(recurringItems.familyId, familyId)));
  return new Map(rows.map((r) => [r.id, r.listId]));
}

/** The family's items among these ids, with their lists. */
export async function itemLists(q: Queryable, ids: string[], familyId: string) {
  return q.select({ id: groceryItems.id, listId: groceryItems.listId }).from(groceryItems)
    .where(and(inArray(groceryItems.id, ids), eq(groceryItems.familyId, familyId)));
}

export async function countItems(q: Queryable, listId: string, familyId: string): Promise<number> {
  const [row] = await q.select({ n: sql<number>`count(*)::int` }).from(groceryItems)
    .where(and(eq(groceryItems.listId, listId), eq(groceryItems.familyId, familyId)));
  return row?.n ?? 0;
}

export async function countLists(q: Queryable, familyId: string): Promise<number> {
  const [row] = await q.select({ n: sql<number>`count(*)::int` }).from(groceryLists)
    .where(eq(groceryLists.familyId, familyId));
  return row?.n ?? 0;
}

export async function countRecurring(q: Queryable, familyId: string): Promise<number> {
  const [row] = await q.select({ n: sql<number>`count(*)::int` }).from(recurringItems)
    .where(eq(recurringItems.familyId, familyId));
  return row?.n ?? 0;
}

export async function countActiveComments(q: Queryable, listId: string, familyId: string): Promise<number> {
  const [row] = await q.select({ n: sql<number>`count(*)::int` }).from(groceryComments)
    .where(and(
      eq(groceryComments.listId, listId), eq(groceryComments.familyId, familyId), isNull(groceryComments.archivedAt),
    ));
  return row?.n ?? 0;
}

/** Sets every position in one statement. */
export async function applyOrder(
  q: Queryable, listId: string, familyId: string, order: { id: string; position: number }[], at: Date,
): Promise<void> {
  const rows = sql.join(order.map((o) => sql`(${o.id}::uuid, ${o.position}::int)`), sql`, `);
  await q.execute(sql`
    update ${groceryItems} set position = v.position, updated_at = ${at}
    from (values ${rows}) as v(id, position)
    where ${groceryItems.id} = v.id and ${groceryItems.listId} = ${listId} and ${groceryItems.familyId} = ${familyId}`);
}

export async function hasOpenItemOf(q: Queryable, recurringItemId: string, listId: string): Promise<boolean> {
  const rows = await q.select({ id: groceryItems.id }).from(groceryItems)
    .where(and(
      eq(groceryItems.recurringItemId, recurringItemId), eq(groceryItems.listId, listId),
      eq(groceryItems.isPurchased, false),
    )).limit(1);
  return rows.length > 0;
}

/** Items of a deleted recurring item no longer recur. */
export async function stopRecurrence(q: Queryable, recurringItemId: string, familyId: string, at: Date) {
  return q.update(groceryItems).set({ recurrence: 'none', updatedAt: at })
    .where(and(eq(groceryItems.recurringItemId, recurringItemId), eq(groceryItems.familyId, familyId)))
    .returning({ listId: groceryItems.listId });
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

// Comments

export async function listActiveComments(q: Queryable, listId: string, familyId: string): Promise<CommentRow[]> {
  return q.select().from(groceryComments)
    .where(and(
      eq(groceryComments.listId, listId), eq(groceryComments.familyId, familyId), isNull(groceryComments.archivedAt),
    ))
    .orderBy(asc(groceryComments.createdAt), asc(groceryComments.id));
}

export async function findComment(q: Queryable, id: string, familyId: string): Promise<CommentRow | undefined> {
  const [row] = await q.select().from(groceryComments)
    .where(and(eq(groceryComments.id, id), eq(groceryComments.familyId, familyId)));
  return row;
}

export async function insertComment(q: Queryable, values: typeof groceryComments.$inferInsert): Promise<CommentRow> {
  const [row] = await q.insert(groceryComments).values(values).returning();
  if (!row) throw new Error('comment insert returned nothing');
  return row;
}

/** Archives a comment together with its replies. */
export async function archiveThread(q: Queryable, id: string, familyId: string, at: Date): Promise<void> {
  await q.update(groceryComments).set({ archivedAt: at })
    .where(and(
      or(eq(groceryComments.id, id), eq(groceryComments.parentId, id)),
      eq(groceryComments.familyId, familyId), isNull(groceryComments.archivedAt),
    ));
}

export async function archiveListComments(q: Queryable, listId: string, familyId: string, at: Date): Promise<void> {
  await q.update(groceryComments).set({ archivedAt: at })
    .where(and(
      eq(groceryComments.listId, listId), eq(groceryComments.familyId, familyId), isNull(groceryComments.archivedAt),
    ));
}

/** The family's latest active comments (replies included), newest first, each with its list's name. */
export function latestComments(q: Queryable, familyId: string, limit: number) {
  const c = groceryComments;
  return q.select({
    id: c.id, text: c.text, userName: c.userName, createdAt: c.createdAt, listId: c.listId, listTitle: groceryLists.title,
  }).from(c)
    .innerJoin(groceryLists, eq(groceryLists.id, c.listId))
    .where(and(eq(c.familyId, familyId), isNull(c.archivedAt)))
    .orderBy(desc(c.createdAt), desc(c.id))
    .limit(limit);
}

// Recurring items

export async function listRecurring(q: Queryable, familyId: string): Promise<RecurringRow[]> {
  return q.select().from(recurringItems).where(eq(recurringItems.familyId, familyId))
    .orderBy(asc(sql`lower(${recurringItems.name})`), asc(recurringItems.createdAt));
}

export async function findRecurring(q: Queryable, id: string, familyId: string): Promise<RecurringRow | undefined> {
  const [row] = await q.select().from(recurringItems)
    .where(and(eq(recurringItems.id, id), eq(recurringItems.familyId, familyId)));
  return row;
}

export async function lockRecurring(q: Queryable, id: string, familyId: string): Promise<RecurringRow | undefined> {
  const [row] = await q.select().from(recurringItems)
    .where(and(eq(recurringItems.id, id), eq(recurringItems.familyId, familyId))).for('update');
  return row;
}

/**
 * Locks a list's recurring items before the list itself is deleted: the recurrence job locks a recurring
 * item and then its list, so taking them in the same order cannot deadlock.
 */
export async function lockRecurringOfList(q: Queryable, listId: string, familyId: string): Promise<void> {
  await q.select({ id: recurringItems.id }).from(recurringItems)
    .where(and(eq(recurringItems.listId, listId), eq(recurringItems.familyId, familyId))).for('update');
}

export async function insertRecurring(q: Queryable, values: typeof recurringItems.$inferInsert): Promise<RecurringRow> {
  const [row] = await q.insert(recurringItems).values(values).returning();
  if (!row) throw new Error('recurring item insert returned nothing');
  return row;
}

export async function updateRecurring(
  q: Queryable, id: string, familyId: string, values: Partial<typeof recurringItems.$inferInsert>,
): Promise<RecurringRow | undefined> {
  const [row] = await q.update(recurringItems).set(values)
    .where(and(eq(recurringItems.id, id), eq(recurringItems.familyId, familyId))).returning();
  return row;
}

export async function deleteRecurring(q: Queryable, id: string, familyId: string): Promise<void> {
  await q.delete(recurringItems).where(and(eq(recurringItems.id, id), eq(recurringItems.familyId, familyId)));
}

export async function familyTimezone(q: Queryable, familyId: string): Promise<string | undefined> {
  const [row] = await q.select({ timezone: families.timezone }).from(families).where(eq(families.id, familyId));
  return row?.timezone;
}

/**
 * Claims up to `limit` due recurring items, locked until the transaction ends. Rows another process
 * holds are skipped, so several servers never re-add the same item twice. NO KEY UPDATE still lets
 * item inserts check their foreign key to the row meanwhile.
 */
export async function claimDue(q: Queryable, now: Date, limit: number) {
  return q.select({ item: recurringItems, timezone: families.timezone }).from(recurringItems)
    .innerJoin(families, eq(families.id, recurringItems.familyId))
    .where(lte(recurringItems.nextDueAt, now))
    .orderBy(asc(recurringItems.nextDueAt))
    .limit(limit)
    .for('no key update', { of: recurringItems, skipLocked: true });
}
