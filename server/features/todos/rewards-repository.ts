import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { todoRedemptions, todoRewards, todoStarBalances } from '../../platform/db/schema/todos.ts';

export type RewardRow = typeof todoRewards.$inferSelect;
export type RedemptionRow = typeof todoRedemptions.$inferSelect;

/** Adds (or with a negative `stars` takes back) stars a member earned, in one statement. */
export async function addEarned(q: Queryable, familyId: string, memberId: string, stars: number): Promise<void> {
  await q.insert(todoStarBalances).values({ memberId, familyId, earned: stars })
    .onConflictDoUpdate({ target: todoStarBalances.memberId, set: { earned: sql`${todoStarBalances.earned} + ${stars}` } });
}

/**
 * Spends `stars` of the member's balance if it holds them, in one statement that claims them: two redeems at once
 * cannot both spend the same stars. Answers whether it did.
 */
export async function spend(q: Queryable, memberId: string, stars: number): Promise<boolean> {
  const rows = await q.update(todoStarBalances).set({ spent: sql`${todoStarBalances.spent} + ${stars}` })
    .where(and(eq(todoStarBalances.memberId, memberId), sql`${todoStarBalances.earned} - ${todoStarBalances.spent} >= ${stars}`))
    .returning({ memberId: todoStarBalances.memberId });
  return rows.length > 0;
}

/** Each member's balance (earned - spent); members without a row have 0. */
export async function balances(q: Queryable, familyId: string): Promise<Map<string, number>> {
  const rows = await q.select({ memberId: todoStarBalances.memberId, balance: sql<number>`${todoStarBalances.earned} - ${todoStarBalances.spent}` })
    .from(todoStarBalances).where(eq(todoStarBalances.familyId, familyId));
  return new Map(rows.map((r) => [r.memberId, r.balance]));
}

export async function familyRewards(q: Queryable, familyId: string): Promise<RewardRow[]> {
  return q.select().from(todoRewards).where(eq(todoRewards.familyId, familyId))
    .orderBy(asc(todoRewards.goalStars), asc(todoRewards.createdAt), asc(todoRewards.id));
}

export async function findReward(q: Queryable, rewardId: string, familyId: string, lock = false): Promise<RewardRow | undefined> {
  const query = q.select().from(todoRewards).where(and(eq(todoRewards.id, rewardId), eq(todoRewards.familyId, familyId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function countRewards(q: Queryable, memberId: string): Promise<number> {
  const [row] = await q.select({ n: count() }).from(todoRewards).where(eq(todoRewards.memberId, memberId));
  return row?.n ?? 0;
}

export async function insertReward(
  q: Queryable, values: { familyId: string; memberId: string; title: string; goalStars: number; createdAt: Date },
): Promise<RewardRow> {
  const [row] = await q.insert(todoRewards).values(values).returning();
  return row!;
}

export async function updateReward(q: Queryable, rewardId: string, change: { title?: string; goalStars?: number }): Promise<RewardRow> {
  const [row] = await q.update(todoRewards).set(change).where(eq(todoRewards.id, rewardId)).returning();
  return row!;
}

export async function deleteReward(q: Queryable, rewardId: string, familyId: string): Promise<boolean> {
  const rows = await q.delete(todoRewards).where(and(eq(todoRewards.id, rewardId), eq(todoRewards.familyId, familyId)))
    .returning({ id: todoRewards.id });
  return rows.length > 0;
}

export async function insertRedemption(
  q: Queryable,
  values: typeof todoRedemptions.$inferInsert,
): Promise<RedemptionRow> {
  const [row] = await q.insert(todoRedemptions).values(values).returning();
  return row!;
}

export async function redemptions(q: Queryable, familyId: string, memberId: string | undefined, max: number): Promise<RedemptionRow[]> {
  return q.select().from(todoRedemptions)
    .where(and(eq(todoRedemptions.familyId, familyId), memberId ? eq(todoRedemptions.memberId, memberId) : undefined))
    .orderBy(desc(todoRedemptions.redeemedAt), desc(todoRedemptions.id)).limit(max);
}
