import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Clock } from '../../platform/clock.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { aiDailyUsage, aiRecentSuggestions } from '../../platform/db/schema/ai-planner.ts';

/**
 * Counts one request for the family's day when fewer than `limit` are counted, in one statement: concurrent
 * claims queue on the row's lock and each sees the count the one before it left. Returns the new count, or
 * null when the day is full.
 */
export async function claimRequest(q: Queryable, familyId: string, day: string, limit: number): Promise<number | null> {
  const rows = await q.insert(aiDailyUsage).values({ familyId, day, count: 1 })
    .onConflictDoUpdate({
      target: [aiDailyUsage.familyId, aiDailyUsage.day],
      set: { count: sql`${aiDailyUsage.count} + 1` },
      setWhere: lt(aiDailyUsage.count, limit),
    })
    .returning({ count: aiDailyUsage.count });
  return rows[0]?.count ?? null;
}

/** Uncounts one request of the family's day (claimed for an answer that could not be given). */
export async function giveBackRequest(q: Queryable, familyId: string, day: string): Promise<void> {
  await q.update(aiDailyUsage).set({ count: sql`${aiDailyUsage.count} - 1` })
    .where(and(eq(aiDailyUsage.familyId, familyId), eq(aiDailyUsage.day, day), gt(aiDailyUsage.count, 0)));
}

export async function requestsOn(q: Queryable, familyId: string, day: string): Promise<number> {
  const [row] = await q.select({ count: aiDailyUsage.count }).from(aiDailyUsage)
    .where(and(eq(aiDailyUsage.familyId, familyId), eq(aiDailyUsage.day, day)));
  return row?.count ?? 0;
}

/**
 * Forgets the counts of days no family is still in: two days before today in UTC is yesterday or earlier in every
 * timezone, so no family's today is touched.
 */
export async function forgetPastDays(q: Queryable, clock: Clock): Promise<void> {
  const cutoff = DateTime.fromJSDate(clock.now(), { zone: 'utc' }).minus({ days: 2 }).toISODate()!;
  await q.delete(aiDailyUsage).where(lt(aiDailyUsage.day, cutoff));
}

export async function lastOffered(q: Queryable, familyId: string): Promise<string[]> {
  const [row] = await q.select({ ids: aiRecentSuggestions.recipeIds }).from(aiRecentSuggestions)
    .where(eq(aiRecentSuggestions.familyId, familyId));
  return row?.ids ?? [];
}

export async function rememberOffered(q: Queryable, familyId: string, ids: string[], at: Date): Promise<void> {
  await q.insert(aiRecentSuggestions).values({ familyId, recipeIds: ids, updatedAt: at })
    .onConflictDoUpdate({ target: aiRecentSuggestions.familyId, set: { recipeIds: ids, updatedAt: at } });
}
