import { desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { users } from '../../platform/db/schema/accounts.ts';
import { families, familyMembers } from '../../platform/db/schema/family.ts';

export type UserRow = typeof users.$inferSelect;

export async function listUsers(q: Queryable, status?: UserRow['status']): Promise<UserRow[]> {
  const query = q.select().from(users).$dynamic();
  if (status) query.where(eq(users.status, status));
  return query.orderBy(desc(users.createdAt));
}

/** The user; `lock` holds the row until the transaction ends, so two moves of one user take turns. */
export async function findUser(q: Queryable, id: string, lock?: 'update'): Promise<UserRow | undefined> {
  const query = q.select().from(users).where(eq(users.id, id)).limit(1).$dynamic();
  const [row] = lock ? await query.for(lock) : await query;
  return row;
}

export async function updateUser(q: Queryable, id: string, values: Partial<UserRow>): Promise<UserRow | undefined> {
  const [row] = await q.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

export type FamilyRow = {
  id: string; name: string; description: string | null; createdAt: Date; memberCount: number; verifiedMemberCount: number;
};

function familiesWithCounts(q: Queryable) {
  return q.select({
    id: families.id,
    name: families.name,
    description: families.description,
    createdAt: families.createdAt,
    memberCount: sql<number>`count(${familyMembers.id})::int`,
    verifiedMemberCount: sql<number>`count(${users.emailVerifiedAt})::int`,
  }).from(families)
    .leftJoin(familyMembers, eq(familyMembers.familyId, families.id))
    .leftJoin(users, eq(users.id, familyMembers.userId))
    .groupBy(families.id)
    .$dynamic();
}

export async function listFamilies(q: Queryable): Promise<FamilyRow[]> {
  return familiesWithCounts(q).orderBy(desc(families.createdAt));
}

export async function findFamily(q: Queryable, id: string): Promise<FamilyRow | undefined> {
  const [row] = await familiesWithCounts(q).where(eq(families.id, id));
  return row;
}

export async function insertFamily(q: Queryable, values: { name: string; description: string | null }) {
  const [row] = await q.insert(families).values(values).returning({ id: families.id });
  if (!row) throw new Error('family insert returned nothing');
  return row.id;
}

export async function findMemberOfUser(q: Queryable, userId: string) {
  const [row] = await q.select().from(familyMembers).where(eq(familyMembers.userId, userId)).limit(1);
  return row;
}

