import { sql } from 'drizzle-orm';
import type { BodyOf } from '@hearth/contract/endpoint';
import {
  categoryKey, groceryLimits, groceryMessages as m, itemMatchKey, type addItem, type createList, type GroceryItem, type updateItem,
} from '@hearth/contract/grocery';
import { requireEditor, requireFamily, requireOwnFamily } from '../../platform/auth/family-access.ts';
import type { Caller } from '../../platform/auth/sessions.ts';
import { withinTransaction, type Queryable, type Tx } from '../../platform/db/client.ts';
import { lockFamilyRow } from '../../platform/db/tenancy.ts';
import type { Deps } from '../../platform/deps.ts';
import type { KeyAnswer } from '../../platform/idempotency.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import { VersionMemo } from '../../platform/version-memo.ts';
import { findRecipe } from '../meals/public.ts';
import { categorise } from './categories.ts';
import { itemJson, toItem, toList } from './mapper.ts';
import { familyCategories } from './repository/categories.ts';
import * as repo from './repository/items.ts';
import * as lists from './repository/lists.ts';
import { lockRecurringOfList, recurringList } from './repository/recurring.ts';

/**
 * Puts items on a locked list, or raises the same items' quantities there, in one statement (`repo.addOrMerge`): 409
 * when the list would be full or a quantity would pass its bound, with nothing changed. Answers each item's result,
 * in the order sent.
 */
export async function addToList(
  tx: Tx, list: lists.LockedList, items: repo.ItemToAdd[], at: Date, also: repo.AlsoWritten[] = [],
): Promise<repo.Added[]> {
  const outcome = await repo.addOrMerge(tx, list, items, at, { also });
  if ('refused' in outcome) throw conflict(outcome.refused === 'full' ? m.listFull : m.quantityTooLarge);
  return outcome.added;
}

/** A list's order as sent: item ids with their 0-based places. */
type Order = { id: string; position: number }[];

/** Lists' items as last answered, by list, sized by their text: ~100 characters an item, some 40,000 items in all. */
const shownItemsChars = 4_000_000;

export class GroceryService {
  private readonly deps: Deps;
  private readonly shownItems = new VersionMemo<GroceryItem[]>(shownItemsChars);
  /** A list's items, read in the session lookup: not read at all while the list is at the version held here. */
  readonly itemsRead = repo.itemsWithSession((listId) => this.shownItems.version(listId));
  constructor(deps: Deps) {
    this.deps = deps;
  }

  private get now() {
    return this.deps.clock.now();
  }

  /** `listsJson`: `lists.listsWithSession`, read for the caller. */
  lists(caller: Caller, familyId: string, listsJson: unknown) {
    const member = requireFamily(caller);
    requireOwnFamily(member, familyId);
    return lists.parseLists(String(listsJson)).map(toList);
  }

  async createList(caller: Caller, body: BodyOf<typeof createList>, db: Queryable = this.deps.db) {
    const member = requireEditor(caller);
    requireOwnFamily(member, body.familyId);
    return db.transaction(async (tx) => {
      await lockFamilyRow(tx, member.familyId);
      if ((await lists.countLists(tx, member.familyId)) >= groceryLimits.listsPerFamily) throw conflict(m.tooManyLists);
      const list = await lists.insertList(tx, { familyId: member.familyId, title: body.title, createdAt: this.now });
      await this.deps.events.record(tx, {
        familyId: member.familyId, actorId: member.userId, type: 'create_list', subjectId: list.id,
        data: { listId: list.id },
      });
      return toList({ ...list, openItemCount: 0 });
    });
  }

  /** Deletes the list; its items, comments and recurring items go with it (foreign keys cascade). */
  async deleteList(caller: Caller, listId: string) {
    const member = requireEditor(caller);
    await this.deps.db.transaction(async (tx) => {
      await lockRecurringOfList(tx, listId, member.familyId);
      await lists.lockFamilyList(tx, listId, member.familyId);
      await lists.deleteList(tx, listId, member.familyId);
      await this.deps.events.record(tx, {
        familyId: member.familyId, actorId: member.userId, type: 'list_deleted', subjectId: listId, data: { listId },
      });
    });
    return null;
  }

  /**
   * `itemsRead`'s answer for the caller (null unless the list is the caller's family's). The answer is built once
   * per version of the list's items and then answered again (frozen: every request shares it). Keyed by list
   * alone, as the held version is asked for before the caller's family is known: a list never changes family, and
   * the answer is only reused once the lookup has found the list in the caller's.
   */
  async items(caller: Caller, listId: string, read: unknown): Promise<GroceryItem[]> {
    const member = requireFamily(caller);
    if (typeof read !== 'string') throw notFound(m.listNotFound);
    let { version, text } = repo.parseVersionedItems(read);
    if (text === null) {
      const held = this.shownItems.get(listId, version);
      if (held) return held;
      // A later version replaced it meanwhile, or other lists' answers pushed it out: read the list whole.
      const whole = await repo.versionedItems(this.deps.db, listId, member.familyId);
      if (!whole || whole.text === null) throw notFound(m.listNotFound);
      version = whole.version;
      text = whole.text;
    }
    const items = repo.parseItems(text, listId, member.familyId).map((row, place) => Object.freeze(toItem(row, place)));
    Object.freeze(items);
    this.shownItems.set(listId, version, items, text.length);
    return items;
  }

  /**
   * Adds at the top, or raises the quantity of the same item already unpurchased on the list (`addToList`), in
   * `db`'s transaction when it is one (the Idempotency-Key's). The list's lock and the add are sent together, and
   * the add's one statement also records its event and stores its key's answer (`key`): the list stays locked for
   * that statement and the commit.
   */
  async addItem(caller: Caller, body: BodyOf<typeof addItem>, db: Queryable = this.deps.db, key: KeyAnswer | null = null) {
    const member = requireEditor(caller);
    if (body.familyId) requireOwnFamily(member, body.familyId);
    const { familyId } = member;
    return withinTransaction(db, async (tx) => {
      if (body.recurringItemId) {
        const listOfRecurring = await recurringList(tx, body.recurringItemId, familyId);
        if (!listOfRecurring) throw notFound(m.recurringNotFound);
        if (listOfRecurring !== body.listId) throw invalid(m.recurringOtherList);
      }
      if (body.addedFromRecipeId && !(await findRecipe(tx, familyId, body.addedFromRecipeId))) {
        throw notFound(m.recipeNotFound);
      }
      const list = { id: body.listId, familyId };
      const event = { familyId, actorId: member.userId, type: 'add_grocery_item', data: { listId: list.id } } as const;
      const locked = lists.lockFamilyList(tx, list.id, familyId);
      locked.catch(() => {});
      // Sent after the lock on the transaction's one connection, so it runs under it, as every write of the family's
      // categories does: list first, then category rows.
      const [category] = await categorise(tx, familyId, [{ name: body.name, category: body.category ?? null }], this.now);
      const adding = addToList(tx, list, [{
        name: body.name, quantity: body.quantity ?? null, unit: body.unit ?? null, category: category ?? null,
        recurrence: body.recurrence ?? 'none', recurringItemId: body.recurringItemId ?? null,
        addedFromRecipeId: body.addedFromRecipeId ?? null,
      }], this.now, [
        this.deps.events.recording(event, {
          subjectId: sql`(select a.id from answered a)`,
          data: sql`(select case when a.merged then ${JSON.stringify({ ...event.data, merged: true })}
            else ${JSON.stringify(event.data)} end from answered a)::jsonb`,
        }),
        ...(key ? [{ ctes: [key.storing(sql`(select ${itemJson('a')} from answered a)`)], selecting: [] }] : []),
      ]);
      // The lock answers first: a list not the family's is 404 (the add wrote nothing to it).
      adding.catch(() => {});
      await locked;
      const [added] = await adding;
      return toItem(added!.item, added!.place);
    });
  }

  /**
   * Changes the fields sent; the position is left alone (only reorder moves items, so a stale copy cannot undo one).
   * A category typed anew is spelt as the family first wrote it, and the name filed under it. A new name or unit that
   * another unpurchased item of the list already has merges the two as an add does (`mergeEdit`).
   */
  async updateItem(caller: Caller, itemId: string, body: BodyOf<typeof updateItem>) {
    const member = requireEditor(caller);
    const { familyId } = member;
    return this.deps.db.transaction(async (tx) => {
      if (!(await lists.lockItemList(tx, itemId, familyId))) throw notFound(m.itemNotFound);
      const current = await repo.findEdited(tx, itemId, familyId);
      if (!current) throw notFound(m.itemNotFound);
      const next = {
        name: body.name ?? current.name, unit: body.unit === undefined ? current.unit : body.unit,
        quantity: body.quantity === undefined ? current.quantity : body.quantity,
        isPurchased: body.isPurchased ?? current.isPurchased,
      };
      // Sent again as it is (a check-off sends the whole item): kept as stored, nothing filed.
      const category = body.category && categoryKey(body.category) !== categoryKey(current.category ?? '')
        ? (await categorise(tx, familyId, [{ name: next.name, category: body.category }], this.now))[0]
        : body.category === null ? null : undefined;
      const keyChanged = itemMatchKey(next.name, next.unit) !== itemMatchKey(current.name, current.unit);
      if (keyChanged && !next.isPurchased) {
        const merged = await this.mergeEdit(tx, member.userId, current, next);
        if (merged) return merged;
      }
      const row = await repo.updateItem(tx, itemId, familyId, {
        name: body.name, quantity: body.quantity, unit: body.unit, category,
        recurrence: body.recurrence, isPurchased: body.isPurchased, updatedAt: this.now,
      });
      if (!row) throw notFound(m.itemNotFound);
      await this.deps.events.record(tx, {
        familyId, actorId: member.userId, type: 'item_updated', subjectId: row.id, data: { listId: row.listId },
      });
      return toItem(row, await repo.placeOf(tx, row));
    });
  }

  /**
   * Folds an edited item into the unpurchased item of the list that has its new name and unit, as an add would: that
   * item gets the quantity (a missing one counting as one, rounded to 3 decimals) and the edited one is deleted.
   * Undefined when there is no such item; 409 past the quantity bound, the transaction then changing nothing.
   */
  private async mergeEdit(
    tx: Tx, actorId: string, current: repo.EditedItem, next: { name: string; unit: string | null; quantity: number | null },
  ) {
    const merged = await repo.mergeInto(tx, current, next, this.now);
    if (!merged) return undefined;
    if ('refused' in merged) throw conflict(m.quantityTooLarge);
    await this.deps.events.record(tx, {
      familyId: current.familyId, actorId, type: 'item_updated', subjectId: merged.id,
      data: { listId: current.listId, merged: true, mergedFrom: current.id },
    });
    return { ...toItem(merged, await repo.placeOf(tx, merged)), mergedFrom: current.id };
  }

  async deleteItem(caller: Caller, itemId: string) {
    const member = requireEditor(caller);
    await this.deps.db.transaction(async (tx) => {
      const found = await repo.findItem(tx, itemId, member.familyId);
      if (!found) throw notFound(m.itemNotFound);
      // Under the list's lock, so a reorder in progress sees the list whole or without the item, never half.
      await lists.lockFamilyList(tx, found.listId, member.familyId);
      if (!(await repo.deleteItem(tx, itemId, member.familyId))) throw notFound(m.itemNotFound);
      await this.deps.events.record(tx, {
        familyId: member.familyId, actorId: member.userId, type: 'item_deleted', subjectId: found.id,
        data: { listId: found.listId },
      });
    });
    return null;
  }

  /** Deletes the list's purchased items in one go: the end of a shopping trip. */
  async clearPurchased(caller: Caller, listId: string) {
    const member = requireEditor(caller);
    return this.deps.db.transaction(async (tx) => {
      await lists.lockFamilyList(tx, listId, member.familyId);
      const removed = await repo.deletePurchased(tx, listId, member.familyId);
      if (removed > 0) {
        await this.deps.events.record(tx, {
          familyId: member.familyId, actorId: member.userId, type: 'items_cleared', subjectId: listId,
          data: { listId, removed },
        });
      }
      return { removed };
    });
  }

  async suggestions(caller: Caller, familyId: string, text: string) {
    const member = requireFamily(caller);
    requireOwnFamily(member, familyId);
    if (!text) return [];
    return repo.suggestions(this.deps.db, member.familyId, text, groceryLimits.suggestionsMax);
  }

  /** The family's categories as first written, for the category field. */
  async categories(caller: Caller, familyId: string) {
    const member = requireFamily(caller);
    requireOwnFamily(member, familyId);
    return familyCategories(this.deps.db, member.familyId, groceryLimits.categoriesMax);
  }

  async categoryOrder(caller: Caller, familyId: string) {
    const member = requireFamily(caller);
    requireOwnFamily(member, familyId);
    return { categories: await repo.categoryOrder(this.deps.db, member.familyId) };
  }

  async setCategoryOrder(caller: Caller, familyId: string, categories: string[]) {
    const member = requireEditor(caller);
    requireOwnFamily(member, familyId);
    return this.deps.db.transaction(async (tx) => {
      await repo.saveCategoryOrder(tx, member.familyId, categories, this.now);
      await this.deps.events.record(tx, {
        familyId: member.familyId, actorId: member.userId, type: 'category_order_changed', data: { count: categories.length },
      });
      return { categories };
    });
  }

  /**
   * Applies a list's whole new order: every item of the list once, positions 0..n-1. Rebased (an order made
   * offline, sent later), it is laid over the list as it is now instead: ids no longer on the list are ignored,
   * and items the order does not name (added meanwhile) keep their places.
   */
  async reorder(caller: Caller, order: Order, rebase = false) {
    const member = requireEditor(caller);
    const familyId = member.familyId;
    const ids = order.map((o) => o.id);
    if (new Set(ids).size !== ids.length) throw invalid(m.reorderIncomplete);
    const positions = order.map((o) => o.position).sort((a, b) => a - b);
    if (positions.some((p, i) => p !== i)) throw invalid(m.reorderPositions);
    return this.deps.db.transaction(async (tx) => {
      const { listId, applied } = rebase ? await rebasedOrder(tx, familyId, order) : await wholeOrder(tx, familyId, order);
      await repo.applyOrder(tx, listId, familyId, applied, this.now);
      await this.deps.events.record(tx, {
        familyId, actorId: member.userId, type: 'items_reordered', subjectId: listId, data: { listId },
      });
      return (await repo.listItems(tx, listId, familyId) ?? []).map((row, place) => toItem(row, place));
    });
  }
}


/** The order as sent, once it is checked to name every item of one list exactly once (the list locked). */
async function wholeOrder(tx: Tx, familyId: string, order: Order): Promise<{ listId: string; applied: Order }> {
  const ids = order.map((o) => o.id);
  const first = await repo.findItem(tx, ids[0]!, familyId);
  if (!first) throw notFound(m.itemNotFound);
  const listId = first.listId;
  await lists.lockFamilyList(tx, listId, familyId);
  const found = await repo.itemLists(tx, ids, familyId);
  if (found.length !== ids.length) throw notFound(m.itemNotFound);
  if (found.some((f) => f.listId !== listId)) throw invalid(m.reorderMixedLists);
  if ((await repo.countItems(tx, listId, familyId)) !== ids.length) throw invalid(m.reorderIncomplete);
  return { listId, applied: order };
}

/** The order laid over the list as it is now (the list locked): the named items take the places they hold now. */
async function rebasedOrder(tx: Tx, familyId: string, order: Order): Promise<{ listId: string; applied: Order }> {
  const known = await repo.itemLists(tx, order.map((o) => o.id), familyId);
  const listId = known[0]?.listId;
  if (!listId) throw notFound(m.itemNotFound);
  await lists.lockFamilyList(tx, listId, familyId);
  const current = await repo.listItems(tx, listId, familyId) ?? [];
  const onList = new Set(current.map((i) => i.id));
  const wanted = [...order].sort((a, b) => a.position - b.position).map((o) => o.id).filter((id) => onList.has(id));
  const named = new Set(wanted);
  // The named items take the places they hold now, in the order sent; the others stay where they are.
  const next = wanted.values();
  const applied = current.map((item, position) => ({ id: named.has(item.id) ? next.next().value! : item.id, position }));
  return { listId, applied };
}
