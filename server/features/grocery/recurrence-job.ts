import { recurrenceOf } from '@hearth/contract/grocery';
import type { Deps } from '../../platform/deps.ts';
import * as repo from './repository.ts';
import { nextDueAt } from '../../platform/recurrence.ts';
import { hasRoom, insertAtTop, lockFamilyList } from './positions.ts';

/** Due rows handled per transaction, so one run never holds many locks for long. */
export const recurrenceBatch = 100;

/**
 * Puts every due recurring item back on its list (unpurchased, at the top) unless an unpurchased item of
 * it (or the same name and unit) is already there or the list is full, and moves its next due time past now. Safe to run in several processes at once.
 * Returns how many list items it added.
 */
export async function runRecurrence(deps: Pick<Deps, 'db' | 'clock' | 'events'>): Promise<number> {
  let added = 0;
  for (;;) {
    const batch = await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const due = await repo.claimDue(tx, now, recurrenceBatch);
      let n = 0;
      for (const { item, timezone } of due) {
        await repo.updateRecurring(tx, item.id, item.familyId, {
          nextDueAt: nextDueAt(item.createdAt, item.frequency, timezone, now),
        });
        const list = await lockFamilyList(tx, item.listId, item.familyId);
        if (await repo.hasOpenItemOf(tx, item.id, item.listId)) continue;
        const { matches: [match], state } = await repo.openMatches(tx, list, [{ name: item.name, unit: item.unit }]);
        // The same thing already waiting on the list (added by hand or from a recipe) is not bought twice.
        if (match?.id) continue;
        // A full list skips this return rather than failing the batch; the next period tries again.
        if (!hasRoom(state, 1)) continue;
        const [row] = await insertAtTop(tx, item.listId, item.familyId, state, [{
          listId: item.listId, familyId: item.familyId, name: item.name, quantity: item.quantity, unit: item.unit,
          recurrence: recurrenceOf(item.frequency), recurringItemId: item.id, position: 0,
          createdAt: now, updatedAt: now,
        }]);
        if (!row) throw new Error('item insert returned nothing');
        n++;
        await deps.events.record(tx, {
          familyId: item.familyId, actorId: null, type: 'recurring_item_returned', subjectId: row.id,
          data: { listId: item.listId, recurringItemId: item.id },
        });
      }
      return { claimed: due.length, added: n };
    });
    added += batch.added;
    // Every claimed row is now due in the future, so each pass shrinks what is left.
    if (batch.claimed < recurrenceBatch) return added;
  }
}
