import { groceryLimits, groceryMessages as m } from '@hearth/contract/grocery';
import type { Tx } from '../../platform/db/client.ts';
import { conflict, notFound, type AppError } from '../../platform/errors.ts';
import * as repo from './repository.ts';

/** How items take their places on a list; used by the service, the public API and the recurrence job. */

/** Locks the list (404 unless it is the family's) so position changes of one list run one at a time. */
export async function lockFamilyList(tx: Tx, listId: string, familyId: string): Promise<repo.ListRow> {
  const list = await repo.lockList(tx, listId, familyId);
  if (!list) throw notFound(m.listNotFound);
  return list;
}

/** Whether a list can take `adding` more items, by its state read under the list's lock. */
export function hasRoom(state: repo.ListState, adding: number): boolean {
  return state.count + adding <= groceryLimits.itemsPerList;
}

/**
 * Puts new unpurchased items at the top of a locked list, in the given order, without touching the items already
 * there (409 when the list would pass its bound; `state` read under the lock): stored positions only order a list
 * (they may be negative and have gaps); answers number items 0, 1, 2... from the top. So an add costs its own
 * rows, whatever the list's size.
 */
export async function insertAtTop(
  tx: Tx, listId: string, familyId: string, state: repo.ListState, items: repo.NewItem[],
) {
  if (items.length === 0) return [];
  if (!hasRoom(state, items.length)) throw conflict(m.listFull);
  const first = (state.top ?? 0) - items.length;
  return repo.insertItems(tx, items.map((item, i) => ({
    ...item, listId, familyId, position: first + i, isPurchased: false,
  })));
}

/** A merge counts a missing quantity as one. */
const countOf = (quantity: number | null | undefined) => quantity ?? 1;

/** An item an add makes (by its index among the new rows) or raises (by id). */
type AddedTo = { fresh: number } | { id: string };

/** Where one add of a batch ends up: the item it made or raised, its quantity and place just after it. */
export type PlannedAdd = { refused: AppError } | { item: AddedTo; quantity: number | null; place: number };

export interface AddsPlan<T extends repo.NewItem> {
  /** New rows, in the order they were added, each with its final quantity (a later add may raise it). */
  fresh: T[];
  /** The new quantities of items already on the list that adds raised, by id. */
  raised: Map<string, number>;
  /** Per add, in order. */
  adds: PlannedAdd[];
}

/**
 * Lays adds on a locked list one after another, as if each were a call of its own in this order (`state` and
 * `matches` read under the lock): each goes to the top, or raises the quantity of the unpurchased item of the same
 * name and unit, one already there or one an earlier add made; one that would pass the list's bound is refused,
 * alone. Each add is answered as its own call would have been: with the quantity and place right after it.
 */
export function planAdds<T extends repo.NewItem>(
  state: repo.ListState, matches: repo.OpenMatch[], items: T[],
): AddsPlan<T> {
  const fresh: T[] = [];
  const raised = new Map<string, number>();
  // The open item each match key raises: its quantity so far, and its place as `base + fresh.length - since`.
  const open = new Map<string, { item: AddedTo; quantity: number | null; base: number; since: number }>();
  let count = state.count;
  let top = state.top ?? 0;
  const adds = items.map((item, i): PlannedAdd => {
    const match = matches[i]!;
    let target = open.get(match.key);
    if (!target && match.id) {
      target = { item: { id: match.id }, quantity: match.quantity, base: match.place ?? 0, since: 0 };
      open.set(match.key, target);
    }
    if (target) {
      const quantity = countOf(target.quantity) + countOf(item.quantity);
      target.quantity = quantity;
      if ('id' in target.item) raised.set(target.item.id, quantity);
      else fresh[target.item.fresh]!.quantity = quantity;
      return { item: target.item, quantity, place: target.base + fresh.length - target.since };
    }
    if (count + 1 > groceryLimits.itemsPerList) return { refused: conflict(m.listFull) };
    count++;
    const quantity = item.quantity ?? null;
    fresh.push({ ...item, quantity, position: --top, isPurchased: false });
    open.set(match.key, { item: { fresh: fresh.length - 1 }, quantity, base: 0, since: fresh.length });
    return { item: { fresh: fresh.length - 1 }, quantity, place: 0 };
  });
  return { fresh, raised, adds };
}

/**
 * Puts items on a locked list as a person would: one whose name and unit (singular, any case) match an unpurchased
 * item already there, or an earlier one of the same call, raises that item's quantity instead of adding a row (a
 * missing quantity counts as one); the rest go to the top in the given order. Answers one row per distinct item,
 * in the order given, and whether it was merged into an item already on the list.
 */
export async function addOrMerge(
  tx: Tx, list: repo.LockedList, items: repo.NewItem[], now: Date,
): Promise<{ row: repo.PlacedItem; merged: boolean }[]> {
  const { id: listId, familyId } = list;
  const { matches, state } = await repo.openMatches(tx, list, items.map((i) => ({ name: i.name, unit: i.unit ?? null })));
  const groups = new Map<string, { item: repo.NewItem; existing: repo.OpenMatch | null; quantities: (number | null)[] }>();
  items.forEach((item, i) => {
    const match = matches[i]!;
    const group = groups.get(match.key);
    if (group) group.quantities.push(item.quantity ?? null);
    else groups.set(match.key, { item, existing: match.id ? match : null, quantities: [item.quantity ?? null] });
  });
  const sum = (qs: (number | null)[]) => qs.reduce<number>((total, q) => total + countOf(q), 0);
  const fresh = [...groups.values()].filter((g) => !g.existing);
  const inserted = await insertAtTop(tx, listId, familyId, state, fresh.map((g) => ({
    ...g.item, quantity: g.quantities.length > 1 ? sum(g.quantities) : g.item.quantity ?? null,
  })));
  const insertedRows = new Map(fresh.map((g, i) => [g, inserted[i]!]));
  const out: { row: repo.PlacedItem; merged: boolean }[] = [];
  for (const group of groups.values()) {
    if (!group.existing) {
      out.push({ row: insertedRows.get(group)!, merged: false });
      continue;
    }
    const quantity = countOf(group.existing.quantity) + sum(group.quantities);
    const row = await repo.updateItem(tx, group.existing.id!, familyId, { quantity, updatedAt: now });
    if (!row) throw new Error('merged item vanished under the list lock');
    out.push({ row, merged: true });
  }
  return out;
}
