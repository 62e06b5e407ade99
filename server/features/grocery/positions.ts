import { groceryMessages as m } from '@hearth/contract/grocery';
import type { Tx } from '../../platform/db/client.ts';
import { notFound } from '../../platform/errors.ts';
import * as repo from './repository.ts';

/** How items take their places on a list; used by the service, the public API and the recurrence job. */

/** Locks the list (404 unless it is the family's) so position changes of one list run one at a time. */
export async function lockFamilyList(tx: Tx, listId: string, familyId: string): Promise<repo.ListRow> {
  const list = await repo.lockList(tx, listId, familyId);
  if (!list) throw notFound(m.listNotFound);
  return list;
}

/**
 * Puts new unpurchased items at the top of a locked list: the others move down, so positions stay dense
 * and 0-based. The items keep the given order.
 */
export async function insertAtTop(tx: Tx, listId: string, familyId: string, items: repo.NewItem[]) {
  await repo.shiftDown(tx, listId, familyId, items.length);
  return repo.insertItems(tx, items.map((item, i) => ({ ...item, listId, familyId, position: i, isPurchased: false })));
}
