import { and, eq, gt, isNull, max, sql } from 'drizzle-orm';
import type { PermissionLevel } from '@hearth/contract/permissions';
import type { Clock } from '../../platform/clock.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { families, familyMembers, invites, users } from '../../platform/db/schema.ts';

/**
 * The family feature's public API for other features (accounts, super admin):
 * founding a family, joining one, and looking up an invite by token.
 */

export interface UsableInvite {
  id: string;
  familyId: string;
  invitedEmail: string | null;
}

/** An invite that can still be used: not revoked, not expired. */
export async function findUsableInvite(q: Queryable, clock: Clock, token: string): Promise<UsableInvite | null> {
  const [row] = await q.select({ id: invites.id, familyId: invites.familyId, invitedEmail: invites.invitedEmail })
    .from(invites)
    .where(and(eq(invites.token, token), isNull(invites.revokedAt), gt(invites.expiresAt, clock.now())))
    .limit(1);
  return row ?? null;
}

/** Creates "<name>'s Family" with the user as its first ADMIN member. */
export async function foundFamily(q: Queryable, user: { id: string; name: string; email: string }): Promise<string> {
  const [family] = await q.insert(families).values({ name: `${user.name}'s Family` }).returning({ id: families.id });
  if (!family) throw new Error('family insert returned nothing');
  await joinFamily(q, family.id, user, 'ADMIN');
  return family.id;
}

/** Adds the user as a member of the family (numbered last) and makes it the user's family. */
export async function joinFamily(
  q: Queryable, familyId: string, user: { id: string; name: string; email: string }, level: PermissionLevel,
): Promise<void> {
  const [last] = await q.select({ n: max(familyMembers.memberNumber) }).from(familyMembers)
    .where(eq(familyMembers.familyId, familyId));
  await q.insert(familyMembers).values({
    familyId, userId: user.id, name: user.name, email: user.email, permissionLevel: level,
    memberNumber: (last?.n ?? 0) + 1,
  });
  await q.update(users).set({ familyId }).where(eq(users.id, user.id));
}

export async function countAdmins(q: Queryable, familyId: string): Promise<number> {
  const [row] = await q.select({ n: sql<number>`count(*)::int` }).from(familyMembers)
    .where(and(eq(familyMembers.familyId, familyId), eq(familyMembers.permissionLevel, 'ADMIN')));
  return row?.n ?? 0;
}
