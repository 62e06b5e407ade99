import { recurrenceOf } from '@hearth/contract/grocery';
import type { Deps } from '../../platform/deps.ts';
import { defaultTimezone, nextDueAt } from '../../platform/recurrence.ts';
import { familyTimezone } from '../family/membership.ts';
import { categorise } from './categories.ts';
import { addOrMerge, hasOpenItemOf } from './repository/items.ts';
import { lockFamilyList } from './repository/lists.ts';
import { claimDue, updateRecurring } from './repository/recurring.ts';

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
      const due = await claimDue(tx, now, recurrenceBatch);
      const timezones = new Map<string, string>();
      let n = 0;
      for (const item of due) {
        let timezone = timezones.get(item.familyId);
        if (!timezone) timezones.set(item.familyId, (timezone = (await familyTimezone(tx, item.familyId)) ?? defaultTimezone));
        await updateRecurring(tx, item.id, item.familyId, {
          nextDueAt: nextDueAt(item.createdAt, item.frequency, timezone, now),
        });
        const list = await lockFamilyList(tx, item.listId, item.familyId);
        if (await hasOpenItemOf(tx, item.id, item.listId)) continue;
        const [category] = await categorise(tx, item.familyId, [{ name: item.name, category: null }], now);
        // The same thing already waiting on the list (added by hand or from a recipe) is not bought twice, and a full
        // list skips this return rather than failing the batch: the next period tries again.
        const returned = await addOrMerge(tx, list, [{
          name: item.name, quantity: item.quantity, unit: item.unit, category: category ?? null,
          recurrence: recurrenceOf(item.frequency), recurringItemId: item.id, addedFromRecipeId: null,
        }], now, { merge: false });
        if ('refused' in returned) continue;
        n++;
        await deps.events.record(tx, {
          familyId: item.familyId, actorId: null, type: 'recurring_item_returned', subjectId: returned.added[0]!.item.id,
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
