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

/** Whether a locked list can take `adding` more items (its bound is counted under the list's lock). */
export async function hasRoom(tx: Tx, listId: string, familyId: string, adding: number): Promise<boolean> {
  return (await repo.countItems(tx, listId, familyId)) + adding <= groceryLimits.itemsPerList;
}

/**
 * Puts new unpurchased items at the top of a locked list, in the given order, without touching the items already
 * there (409 when the list would pass its bound): stored positions only order a list (they may be negative and have gaps); answers number items 0, 1, 2...
 * from the top. So an add costs its own rows, whatever the list's size.
 */
export async function insertAtTop(tx: Tx, listId: string, familyId: string, items: repo.NewItem[]) {
  if (!(await hasRoom(tx, listId, familyId, items.length))) throw conflict(m.listFull);
  const first = ((await repo.topPosition(tx, listId, familyId)) ?? 0) - items.length;
  return repo.insertItems(tx, items.map((item, i) => ({
    ...item, listId, familyId, position: first + i, isPurchased: false,
  })));
}
