import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { InvitePreview } from '@hearth/contract/family';
import type { PermissionLevel } from '@hearth/contract/permissions';
import type { Queryable } from '../../platform/db/client.ts';
import { users } from '../../platform/db/schema/accounts.ts';
import { families, familyMembers, invites } from '../../platform/db/schema/family.ts';

export type MemberRow = typeof familyMembers.$inferSelect;
export type InviteRow = typeof invites.$inferSelect;
export type FamilyRow = typeof families.$inferSelect;

// Numbered members first, then by name; creation order keeps ties stable.
const memberOrder = [
  sql`${familyMembers.memberNumber} asc nulls last`, asc(familyMembers.name), asc(familyMembers.createdAt),
  asc(familyMembers.id),
];

export async function listMembers(q: Queryable, familyId: string): Promise<MemberRow[]> {
  return q.select().from(familyMembers).where(eq(familyMembers.familyId, familyId)).orderBy(...memberOrder);
}

/** The family's members who have a birthday. */
export async function membersWithBirthdays(q: Queryable, familyId: string): Promise<{ id: string; name: string; birthday: string }[]> {
  return q.select({ id: familyMembers.id, name: familyMembers.name, birthday: sql<string>`${familyMembers.birthday}` })
    .from(familyMembers).where(and(eq(familyMembers.familyId, familyId), isNotNull(familyMembers.birthday)));
}

export async function findMember(q: Queryable, familyId: string, id: string): Promise<MemberRow | undefined> {
  const [row] = await q.select().from(familyMembers)
    .where(and(eq(familyMembers.id, id), eq(familyMembers.familyId, familyId))).limit(1);
  return row;
}

export async function countMembers(q: Queryable, familyId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await q.select({ n: sql<number>`count(*)::int` }).from(familyMembers)
    .where(and(eq(familyMembers.familyId, familyId), inArray(familyMembers.id, ids)));
  return row?.n ?? 0;
}

export async function insertMember(
  q: Queryable,
  values: {
    familyId: string; userId: string | null; name: string; email: string | null; birthday: string | null;
    permissionLevel: PermissionLevel; color: string; memberNumber: number;
  },
): Promise<MemberRow> {
  const [row] = await q.insert(familyMembers).values(values).returning();
  if (!row) throw new Error('member insert returned nothing');
  return row;
}

export async function updateMember(
  q: Queryable, familyId: string, id: string,
  values: Partial<Pick<MemberRow, 'name' | 'email' | 'birthday' | 'permissionLevel' | 'color' | 'memberNumber'>>,
): Promise<MemberRow | undefined> {
  const [row] = await q.update(familyMembers).set(values)
    .where(and(eq(familyMembers.id, id), eq(familyMembers.familyId, familyId))).returning();
  return row;
}

export async function deleteMember(q: Queryable, familyId: string, id: string): Promise<void> {
  await q.delete(familyMembers).where(and(eq(familyMembers.id, id), eq(familyMembers.familyId, familyId)));
}

/** The member record linked to the account, in whichever family. */
export async function memberOfUser(q: Queryable, userId: string): Promise<MemberRow | undefined> {
  const [row] = await q.select().from(familyMembers).where(eq(familyMembers.userId, userId)).limit(1);
  return row;
}

/** Whether the family has a member with this email (any case), account or not. */
export async function hasMemberWithEmail(q: Queryable, familyId: string, email: string): Promise<boolean> {
  const rows = await q.select({ id: familyMembers.id }).from(familyMembers)
    .where(and(eq(familyMembers.familyId, familyId), sql`lower(${familyMembers.email}) = ${email.toLowerCase()}`)).limit(1);
  return rows.length > 0;
}

/** Takes the family away from a user, if it is still theirs. */
export async function clearUserFamily(q: Queryable, userId: string, familyId: string): Promise<void> {
  await q.update(users).set({ familyId: null }).where(and(eq(users.id, userId), eq(users.familyId, familyId)));
}

export async function findFamily(q: Queryable, familyId: string): Promise<FamilyRow | undefined> {
  const [row] = await q.select().from(families).where(eq(families.id, familyId)).limit(1);
  return row;
}

/** One setting of the family's, as an admin changes it. */
export type FamilySettingsChange = Partial<Pick<FamilyRow, 'name' | 'timezone' | 'defaultReminderMinutes' | 'firstDayOfWeek'>>;

export async function updateFamily(
  q: Queryable, familyId: string, values: FamilySettingsChange,
): Promise<FamilyRow | undefined> {
  const [row] = await q.update(families).set(values).where(eq(families.id, familyId)).returning();
  return row;
}

export async function listActiveInvites(q: Queryable, familyId: string, now: Date): Promise<InviteRow[]> {
  return q.select().from(invites)
    .where(and(eq(invites.familyId, familyId), isNull(invites.revokedAt), gt(invites.expiresAt, now)))
    .orderBy(desc(invites.createdAt), desc(invites.id));
}

/** The invite's family name and its author's name (null once the author's account is gone). */
export async function invitePreview(q: Queryable, inviteId: string): Promise<InvitePreview | undefined> {
  const [row] = await q.select({ familyName: families.name, inviterName: users.name, invitedEmail: invites.invitedEmail })
    .from(invites)
    .innerJoin(families, eq(families.id, invites.familyId))
    .leftJoin(users, eq(users.id, invites.createdByUserId))
    .where(eq(invites.id, inviteId));
  return row;
}

export async function countActiveInvites(q: Queryable, familyId: string, now: Date): Promise<number> {
  const [row] = await q.select({ n: sql<number>`count(*)::int` }).from(invites)
    .where(and(eq(invites.familyId, familyId), isNull(invites.revokedAt), gt(invites.expiresAt, now)));
  return row?.n ?? 0;
}

export async function insertInvite(
  q: Queryable,
  values: {
    familyId: string; token: string; invitedEmail: string | null; createdByUserId: string; createdAt: Date;
    expiresAt: Date;
  },
): Promise<InviteRow> {
  const [row] = await q.insert(invites).values(values).returning();
  if (!row) throw new Error('invite insert returned nothing');
  return row;
}

/** Revokes an unrevoked invite of the family; false when there is none with that token. */
export async function revokeInvite(q: Queryable, familyId: string, token: string, at: Date): Promise<boolean> {
  const rows = await q.update(invites).set({ revokedAt: at })
    .where(and(eq(invites.token, token), eq(invites.familyId, familyId), isNull(invites.revokedAt)))
    .returning({ id: invites.id });
  return rows.length > 0;
}
