import { and, count, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { groceryLimits } from '@hearth/contract/grocery';
import type { SessionRead } from '../../../platform/auth/sessions.ts';
import { rawRows, textArray, type Queryable } from '../../../platform/db/client.ts';
import { groceryCategoryOrders, groceryItems, groceryLists, matchKeySql } from '../../../platform/db/schema/grocery.ts';
import type { LockedList } from './lists.ts';

export type ItemRow = typeof groceryItems.$inferSelect;
export type NewItem = typeof groceryItems.$inferInsert;

/**
 * An item's fields as answers show them, in the order its `shown_json` array holds them (`hearth_item_shown`,
 * migration 0016): the one list every read and write of an item's answer is built from.
 */
export const shownFields = [
  'id', 'name', 'quantity', 'unit', 'category', 'recurrence', 'isPurchased', 'recurringItemId', 'addedFromRecipeId',
] as const;

/** What an item answer is built from: the shown fields, and its list and family (not in `shown_json`). */
export type ShownItem = Pick<ItemRow, (typeof shownFields)[number] | 'listId' | 'familyId'>;

/** An item as answers show it, with its stored position (its place is counted from that). */
export type PlacedItem = ShownItem & Pick<ItemRow, 'position'>;

const placedFields = [...shownFields, 'listId', 'familyId', 'position'] as const;

/** The columns of a `PlacedItem`: what a write of one item reads back for its answer, no more. */
const placedItem = Object.fromEntries(placedFields.map((field) => [field, groceryItems[field]])) as {
  [F in (typeof placedFields)[number]]: (typeof groceryItems)[F];
};

/** The same columns as a statement's select list, named as `PlacedItem`'s fields, of the row `alias`. */
const placedColumns = (alias: string) =>
  sql.raw(placedFields.map((field) => `${alias}.${groceryItems[field].name} as "${field}"`).join(', '));

/**
 * The items of list `l` (the enclosing query's) in list order as one JSON text of compact rows (`shownFields` in
 * order). Each row is the item's `shown_json`, written when the item changed: joining them costs about half of
 * writing them on every read. Arrays, not objects: writing an object per item was most of the database's time.
 */
const itemsText = sql`'[' || coalesce((select string_agg(i.shown_json, ',' order by i.position, i.created_at)
  from ${groceryItems} i where i.list_id = l.id and i.family_id = l.family_id), '') || ']'`;

/** The family's list `l`, for an expression that reads `l` (null unless the list is the family's). */
const ofFamilyList = (listId: SQL, familyId: SQL, read: SQL) =>
  sql`(select ${read} from ${groceryLists} l where l.id = ${listId} and l.family_id = ${familyId})`;

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

/** Items as `itemsText` holds them, with the list and family ids every item carries. */
export function parseItems(text: string, listId: string, familyId: string): ShownItem[] {
  return (JSON.parse(text) as unknown[][]).map((row) => {
    const item: Record<string, unknown> = { listId, familyId };
    shownFields.forEach((field, i) => { item[field] = row[i]; });
    return item as ShownItem;
  });
}

/** The items of the family's list in list order, or undefined when the family has no such list. */
export async function listItems(q: Queryable, listId: string, familyId: string): Promise<ShownItem[] | undefined> {
  const { text } = await versionedItems(q, listId, familyId) ?? {};
  return text == null ? undefined : parseItems(text, listId, familyId);
}

/** The family's item's list (undefined unless the item is the family's). */
export async function findItem(
  q: Queryable, itemId: string, familyId: string,
): Promise<Pick<ItemRow, 'id' | 'listId'> | undefined> {
  const [row] = await q.select({ id: groceryItems.id, listId: groceryItems.listId }).from(groceryItems)
    .where(and(eq(groceryItems.id, itemId), eq(groceryItems.familyId, familyId)));
  return row;
}

/** An item's 0-based place on its list, as answers show it: how many items are above it. */
export async function placeOf(q: Queryable, item: Pick<ItemRow, 'listId' | 'position'>): Promise<number> {
  const [row] = await q.select({ n: count() }).from(groceryItems)
    .where(and(eq(groceryItems.listId, item.listId), lt(groceryItems.position, item.position)));
  return row?.n ?? 0;
}

/** An item an add puts on a list. */
export interface ItemToAdd {
  name: string;
  quantity: number | null;
  unit: string | null;
  category: string | null;
  recurrence: ItemRow['recurrence'];
  recurringItemId: string | null;
  addedFromRecipeId: string | null;
}

/** What an add did to one item sent: the item made or raised, with its 0-based place once the whole add is done. */
export interface Added {
  item: PlacedItem;
  place: number;
  merged: boolean;
}

/**
 * What an add did: for each item sent, in the order sent, the item made or raised (items sent with one match key
 * share one); or why it changed nothing at all: the list is full (`full`), a quantity would pass the bound
 * (`tooMuch`), or, without merging, the same item is already open there (`open`).
 */
export type AddOutcome = { added: Added[] } | { refused: 'full' | 'tooMuch' | 'open' };

/**
 * More an add's statement writes, from what the add did: CTEs, and expressions the statement selects once (data-
 * modifying CTEs run anyway; what must be selected to run, a NOTIFY say). They read the CTE `answered`: the items
 * made or raised (`PlacedItem`'s fields, `merged`, the 0-based `place`), no row when the add changed nothing.
 */
export interface AlsoWritten {
  ctes: SQL[];
  selecting: SQL[];
}

/** A quantity rounded as typed quantities are (3 decimals), so 0.1 + 0.2 is 0.3. */
const rounded = (quantity: SQL) => sql`round((${quantity})::numeric, 3)::float8`;

/** The open item `o`'s quantity raised by `by`, a missing quantity on either side counting as one. */
const raisedBy = (by: number | null) => rounded(sql`coalesce(o.quantity, 1) + ${by ?? 1}::float8`);

/**
 * The top unpurchased item of a list with a name and unit's match key (singular, any case), `except` one item: the
 * one an edit merges into, found through the open-key index (list, key, position). An add finds its items' the same
 * way, for all its keys at once.
 */
function openMatch(list: { listId: string; familyId: string }, key: SQL, except?: string): SQL {
  return sql`
    select g.id, g.quantity from ${groceryItems} g
    where g.list_id = ${list.listId} and g.family_id = ${list.familyId} and not g.is_purchased
      and g.match_key = ${key}${except ? sql` and g.id <> ${except}` : sql``}
    order by g.position
    limit 1`;
}

/** A placed item with its quantity as a number, however the engine's raw row carried it. */
const numbered = <T extends { quantity: number | string | null }>(row: T) =>
  ({ ...row, quantity: row.quantity === null ? null : Number(row.quantity) });

/** The answers of an add's items as the statement sent them (json: an object, or its text, by engine). */
function parseAdded(json: unknown): Added[] {
  const rows = (typeof json === 'string' ? JSON.parse(json) : json) as (PlacedItem & { merged: boolean; place: number })[];
  return rows.map(({ merged, place, ...row }) => ({
    item: Object.fromEntries(placedFields.map((field) => [field, row[field]])) as PlacedItem, place, merged,
  }));
}

/**
 * Adds items to a list as a person would, all in one statement, as if added one after another from the last to the
 * first: an item whose name and unit (singular, any case: the match key) an unpurchased item of the list already
 * has raises that item's quantity (a missing quantity counts as one), rounded as typed quantities are; otherwise it
 * goes on top, the new items in the order sent (stored positions only order a list: they may be negative and have
 * gaps; answers number items 0, 1, 2... from the top). Items sent with the same key make one: the last of them is
 * put on (its spelling, category and recipe), the others raise it. Nothing at all is written when the list's bound
 * or the quantity bound would be passed, nor to a list that is not the family's. `merge: false` (the recurrence job)
 * refuses instead when an open item has the key. The list's count is kept by triggers.
 *
 * The list's lock must be taken in the same transaction before this statement runs (`lockFamilyList`; it may be
 * sent together with it, not waited for): adds to one list then run one after another, each seeing the last.
 * `also`: what else the statement writes from the add (a hand add's event, its key's answer), so the lock is held
 * for this one statement and the commit.
 */
export async function addOrMerge(
  q: Queryable, list: LockedList, items: ItemToAdd[], at: Date,
  { merge = true, also = [] }: { merge?: boolean; also?: AlsoWritten[] } = {},
): Promise<AddOutcome> {
  const { id: listId, familyId } = list;
  const when = sql`${at.toISOString()}::timestamptz`;
  // Each array behind a subquery: the plan then reads as many rows for any set, so the engine keeps one plan for the
  // statement instead of planning it again for every add.
  const column = (field: keyof ItemToAdd) => sql`(select ${textArray(items.map((item) => item[field]))})`;
  const selecting = also.flatMap((a) => a.selecting).map((expression, i) => sql`, ${expression} as ${sql.raw(`also_${i}`)}`);
  const [row] = await rawRows<{ refused: 'full' | 'tooMuch' | 'open' | null; added: unknown }>(q, sql`
    with sent as (
      select s.ord::int as ord, s.name, round(s.quantity::numeric, 3) as quantity, s.unit, s.category, s.recurrence,
        s.recurring_item_id::uuid as recurring_item_id, s.added_from_recipe_id::uuid as added_from_recipe_id,
        ${matchKeySql(sql`s.name`, sql`s.unit`)} as key
      from unnest(${column('name')}, ${column('quantity')}, ${column('unit')}, ${column('category')},
        ${column('recurrence')}, ${column('recurringItemId')}, ${column('addedFromRecipeId')}) with ordinality
        as s(name, quantity, unit, category, recurrence, recurring_item_id, added_from_recipe_id, ord)
    ), keyed as (
      select key, max(ord) as lead, count(*) as n, sum(coalesce(quantity, 1)) as total from sent group by key
    ), matched as (
      select k.key, k.lead, o.id as open_id,
        case when o.id is not null then coalesce(o.quantity::numeric, 1) + k.total
          when k.n > 1 then k.total else l.quantity end as quantity
      from keyed k join sent l on l.ord = k.lead
      left join lateral (${openMatch({ listId, familyId }, sql`k.key`)}) o on true
    ), ranked as (
      select m.key, m.lead, m.open_id, round(m.quantity, 3)::float8 as quantity,
        count(*) filter (where m.open_id is null) over () as new_count,
        row_number() over (partition by m.open_id is null order by m.lead) - 1 as rank
      from matched m
    ), planned as (
      select p.*, case when p.open_id is null then coalesce((select min(position) from ${groceryItems}
        where list_id = ${listId}), 0) - p.new_count + p.rank end as position
      from ranked p
    ), verdict as (
      select case
        when ${!merge} and exists (select 1 from planned where open_id is not null) then 'open'
        when exists (select 1 from planned where coalesce(quantity, 0) > ${groceryLimits.quantityMax}) then 'tooMuch'
        when not coalesce((select item_count from ${groceryLists} where id = ${listId} and family_id = ${familyId})
          + (select count(*) from planned where open_id is null) <= ${groceryLimits.itemsPerList}, false) then 'full'
      end as refused
    ), raised as (
      update ${groceryItems} g set quantity = (select p.quantity from planned p where p.open_id = g.id), updated_at = ${when}
      -- By id through the key, however many items the statistics believe the list holds (not a join over the list).
      where g.id = any(array(select open_id from planned where open_id is not null)) and (select refused from verdict) is null
      returning ${placedColumns('g')}, true as merged, g.match_key as key
    ), added as (
      insert into ${groceryItems} as g (family_id, list_id, name, quantity, unit, category, recurrence, position,
        recurring_item_id, added_from_recipe_id, created_at, updated_at)
      select ${familyId}::uuid, ${listId}::uuid, s.name, p.quantity, s.unit, s.category, s.recurrence, p.position,
        s.recurring_item_id, s.added_from_recipe_id, ${when}, ${when}
      from planned p join sent s on s.ord = p.lead
      where p.open_id is null and (select refused from verdict) is null
      returning ${placedColumns('g')}, false as merged, g.match_key as key
    ), answered as (
      -- Each row carries its key: no join back to what was planned (a nested loop over both, by the estimates).
      select r.*, (
        select count(*)::int from ${groceryItems} a where a.list_id = ${listId} and a.position < r.position
      ) + (select count(*)::int from added) as place
      from raised r
      union all
      select r.*, r.position - (select min(position) from added) as place from added r
    )${sql.join(also.flatMap((a) => a.ctes).map((cte) => sql`, ${cte}`))}
    select (select refused from verdict) as refused,
      (select json_agg(to_json(a) order by s.ord) from sent s join answered a on a.key = s.key) as added${sql.join(selecting)}`);
  if (!row) throw new Error('an add answered no row');
  if (row.refused) return { refused: row.refused };
  return { added: items.length === 0 ? [] : parseAdded(row.added) };
}

/** What an edit starts from: the item as stored, with its list. */
export type EditedItem = Pick<ItemRow, 'id' | 'listId' | 'familyId' | 'name' | 'unit' | 'quantity' | 'category' | 'isPurchased'>;

export async function findEdited(q: Queryable, itemId: string, familyId: string): Promise<EditedItem | undefined> {
  const g = groceryItems;
  const [row] = await q.select({
    id: g.id, listId: g.listId, familyId: g.familyId, name: g.name, unit: g.unit, quantity: g.quantity,
    category: g.category, isPurchased: g.isPurchased,
  }).from(g).where(and(eq(g.id, itemId), eq(g.familyId, familyId)));
  return row;
}

/**
 * Merges an edited item, as it would read after the edit (`next`), into the top unpurchased item of its locked list
 * with that name and unit (found as `addOrMerge` finds one): in one statement that item's quantity is raised by the
 * edited one's (a missing quantity counting as one, rounded to 3 decimals) and the edited item deleted. Undefined
 * without such an item; `tooMuch`, with nothing written, past the quantity bound.
 */
export async function mergeInto(
  q: Queryable, edited: EditedItem, next: { name: string; unit: string | null; quantity: number | null }, at: Date,
): Promise<PlacedItem | { refused: 'tooMuch' } | undefined> {
  const raised = raisedBy(next.quantity);
  const [row] = await rawRows<PlacedItem & { raised: boolean | null }>(q, sql`
    with o as (${openMatch(edited, matchKeySql(sql`${next.name}::text`, sql`${next.unit}::text`), edited.id)}), raised as (
      update ${groceryItems} g set quantity = ${raised}, updated_at = ${at.toISOString()}::timestamptz
      from o where g.id = o.id and ${raised} <= ${groceryLimits.quantityMax}
      returning ${placedColumns('g')}
    ), gone as (
      delete from ${groceryItems} g where g.id = ${edited.id} and g.family_id = ${edited.familyId}
        and exists (select 1 from raised)
    )
    select r.*, r.id is not null as raised from o left join raised r on true`);
  if (!row) return undefined;
  const { raised: done, ...placed } = row;
  if (!done) return { refused: 'tooMuch' };
  return numbered(placed);
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
