import { groceryLimits, groceryMessages as m } from '@hearth/contract/grocery';
import type { Tx } from '../../platform/db/client.ts';
import { conflict, notFound } from '../../platform/errors.ts';
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

/**
 * Puts items on a locked list as a person would: one whose name and unit (singular, any case) match an unpurchased
 * item already there, or an earlier one of the same call, raises that item's quantity instead of adding a row (a
 * missing quantity counts as one); the rest go to the top in the given order. Answers one row per distinct item,
 * in the order given, and whether it was merged into an item already on the list.
 */
export async function addOrMerge(
  tx: Tx, listId: string, familyId: string, items: repo.NewItem[], now: Date,
): Promise<{ row: repo.ItemRow; merged: boolean }[]> {
  const { matches, state } = await repo.openMatches(
    tx, listId, familyId, items.map((i) => ({ name: i.name, unit: i.unit ?? null })),
  );
  const groups = new Map<string, { item: repo.NewItem; existing: repo.OpenMatch | null; quantities: (number | null)[] }>();
  items.forEach((item, i) => {
    const match = matches[i]!;
    const group = groups.get(match.key);
    if (group) group.quantities.push(item.quantity ?? null);
    else groups.set(match.key, { item, existing: match.id ? match : null, quantities: [item.quantity ?? null] });
  });
  const sum = (qs: (number | null)[]) => qs.reduce<number>((total, q) => total + (q ?? 1), 0);
  const fresh = [...groups.values()].filter((g) => !g.existing);
  const inserted = await insertAtTop(tx, listId, familyId, state, fresh.map((g) => ({
    ...g.item, quantity: g.quantities.length > 1 ? sum(g.quantities) : g.item.quantity ?? null,
  })));
  const insertedRows = new Map(fresh.map((g, i) => [g, inserted[i]!]));
  const out: { row: repo.ItemRow; merged: boolean }[] = [];
  for (const group of groups.values()) {
    if (!group.existing) {
      out.push({ row: insertedRows.get(group)!, merged: false });
      continue;
    }
    const quantity = (group.existing.quantity ?? 1) + sum(group.quantities);
    const row = await repo.updateItem(tx, group.existing.id!, familyId, { quantity, updatedAt: now });
    if (!row) throw new Error('merged item vanished under the list lock');
    out.push({ row, merged: true });
  }
  return out;
}
