import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/client.ts';
import { recurringItems } from '../../../platform/db/schema/grocery.ts';

export type RecurringRow = typeof recurringItems.$inferSelect;

export async function listRecurring(q: Queryable, familyId: string): Promise<RecurringRow[]> {
  return q.select().from(recurringItems).where(eq(recurringItems.familyId, familyId))
    .orderBy(asc(sql`lower(${recurringItems.name})`), asc(recurringItems.createdAt));
}

export async function countRecurring(q: Queryable, familyId: string): Promise<number> {
  const [row] = await q.select({ n: sql<number>`count(*)::int` }).from(recurringItems)
    .where(eq(recurringItems.familyId, familyId));
  return row?.n ?? 0;
}

/** The list of the family's recurring item (undefined unless the item is the family's). */
export async function recurringList(q: Queryable, id: string, familyId: string): Promise<string | undefined> {
  const [row] = await q.select({ listId: recurringItems.listId }).from(recurringItems)
    .where(and(eq(recurringItems.id, id), eq(recurringItems.familyId, familyId)));
  return row?.listId;
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

/**
 * Claims up to `limit` due recurring items, locked until the transaction ends. Rows another process
 * holds are skipped, so several servers never re-add the same item twice. NO KEY UPDATE still lets
 * item inserts check their foreign key to the row meanwhile.
 */
export async function claimDue(q: Queryable, now: Date, limit: number): Promise<RecurringRow[]> {
  return q.select().from(recurringItems)
    .where(lte(recurringItems.nextDueAt, now))
    .orderBy(asc(recurringItems.nextDueAt))
    .limit(limit)
    .for('no key update', { skipLocked: true });
}
