import { and, eq, gt, isNotNull, isNull, max, ne, sql } from 'drizzle-orm';
import { familyDefaults, familyLimits, familyMessages, memberPalette, type Birthday } from '@hearth/contract/family';
import type { PermissionLevel } from '@hearth/contract/permissions';
import type { Clock } from '../../platform/clock.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { users } from '../../platform/db/schema/accounts.ts';
import { families, familyMembers, invites } from '../../platform/db/schema/family.ts';
import { localDate } from '../../platform/local-date.ts';
import { defaultTimezone } from '../../platform/recurrence.ts';
import { deletionMessages } from '@hearth/contract/accounts';
import type { Deps } from '../../platform/deps.ts';
import { accessMessages } from '@hearth/contract/access-messages';
import { isWriteCollision } from '../../platform/db/tenancy.ts';
import { conflict, forbidden, invalid } from '../../platform/errors.ts';
import { deliver } from '../../platform/mail/deliver.ts';
import { familyDeletedMail } from './mails.ts';
import { forgetKeysOf } from '../../platform/idempotency.ts';
import { forgetAttemptsNaming } from '../../platform/throttle.ts';
import { renewSubscriptionLink } from '../calendar/public.ts';
import { birthdaysIn } from './birthdays.ts';
import { countMembers, listMembers, membersWithBirthdays } from './repository.ts';

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
  const [family] = await q.insert(families).values({ name: `${user.name}'s Family`, timezone: familyDefaults.timezone }).returning({ id: families.id });
  if (!family) throw new Error('family insert returned nothing');
  await joinFamily(q, family.id, user, 'ADMIN');
  return family.id;
}

/**
 * Makes the family the user's: the member added for their email (by an admin, before they had or linked an account)
 * becomes theirs, keeping its level, number and colour; otherwise they are added, numbered last, at `level`.
 */
export async function joinFamily(
  q: Queryable, familyId: string, user: { id: string; name: string; email: string }, level: PermissionLevel,
): Promise<void> {
  await lockFamily(q, familyId);
  const [waiting] = await q.select({ id: familyMembers.id }).from(familyMembers).where(and(
    eq(familyMembers.familyId, familyId), isNull(familyMembers.userId),
    sql`lower(${familyMembers.email}) = ${user.email.toLowerCase()}`,
  )).limit(1);
  if (waiting) {
    await q.update(familyMembers).set({ userId: user.id, email: user.email }).where(eq(familyMembers.id, waiting.id));
  } else {
    await requireRoomForMember(q, familyId);
    await q.insert(familyMembers).values({
      familyId, userId: user.id, name: user.name, email: user.email, permissionLevel: level,
      memberNumber: await nextMemberNumber(q, familyId), color: await nextMemberColor(q, familyId),
    });
  }
  await q.update(users).set({ familyId }).where(eq(users.id, user.id));
}

/**
 * Takes an account's member record out of the family (removed, or the account moving to another family). The
 * family's calendar link gets a new secret in the same transaction: the account may have kept the link, which is the
 * feed's only key, so the members who stay subscribe again with the new one.
 */
export async function removeAccountMember(q: Queryable, familyId: string, memberId: string): Promise<void> {
  await q.delete(familyMembers).where(and(eq(familyMembers.id, memberId), eq(familyMembers.familyId, familyId)));
  await renewSubscriptionLink(q, familyId);
}

/**
 * Takes an account out of its family on its way into another (an invite accepted, the super admin's assignment).
 * Refused (409, `refusal`) only when it is the family's one account admin and other accounts would stay behind
 * without one. A family left with no account keeps everything it holds (lists, recipes, calendar, places, children)
 * as it was: nothing is deleted on anyone's behalf, and the super admin can assign someone to it later.
 */
export async function leaveForAnotherFamily(
  q: Queryable, member: { id: string; familyId: string; permissionLevel: PermissionLevel }, userId: string, refusal: string,
): Promise<void> {
  await lockFamily(q, member.familyId);
  const soleAdmin = member.permissionLevel === 'ADMIN' && (await countAccountAdmins(q, member.familyId)) === 1;
  if (soleAdmin && (await countOtherAccounts(q, member.familyId, userId)) > 0) throw conflict(refusal);
  await removeAccountMember(q, member.familyId, member.id);
}

/** Members of the family linked to an account other than `userId`. */
async function countOtherAccounts(q: Queryable, familyId: string, userId: string): Promise<number> {
  const [row] = await q.select({ n: sql<number>`count(*)::int` }).from(familyMembers).where(and(
    eq(familyMembers.familyId, familyId), isNotNull(familyMembers.userId), ne(familyMembers.userId, userId),
  ));
  return row?.n ?? 0;
}

/** Refuses (409) a member past the family's bound; call it under `lockFamily`, so parallel adds count one at a time. */
export async function requireRoomForMember(q: Queryable, familyId: string): Promise<void> {
  const [row] = await q.select({ n: sql<number>`count(*)::int` }).from(familyMembers)
    .where(eq(familyMembers.familyId, familyId));
  if ((row?.n ?? 0) >= familyLimits.membersPerFamily) throw conflict(familyMessages.familyFull);
}

/** The colour a newly added member gets: the first of the palette the family does not use, else in turn. */
export async function nextMemberColor(q: Queryable, familyId: string): Promise<string> {
  const used = (await q.select({ color: familyMembers.color }).from(familyMembers).where(eq(familyMembers.familyId, familyId)))
    .map((m) => m.color.toLowerCase());
  return memberPalette.find((c) => !used.includes(c)) ?? memberPalette[used.length % memberPalette.length]!;
}

/** The number a newly added member gets: one after the highest. */
export async function nextMemberNumber(q: Queryable, familyId: string): Promise<number> {
  const [last] = await q.select({ n: max(familyMembers.memberNumber) }).from(familyMembers)
    .where(eq(familyMembers.familyId, familyId));
  return (last?.n ?? 0) + 1;
}

/**
 * Serializes membership changes of one family until the transaction ends, so two concurrent
 * changes cannot both pass the last-admin check or take the same member number.
 */
export async function lockFamily(q: Queryable, familyId: string): Promise<void> {
  await q.select({ id: families.id }).from(families).where(eq(families.id, familyId)).for('update');
}

/**
 * Admins who can act: ADMIN members linked to an account. A child marked ADMIN cannot sign in,
 * so it does not keep the family administrable.
 */
export async function countAccountAdmins(q: Queryable, familyId: string): Promise<number> {
  const [row] = await q.select({ n: sql<number>`count(*)::int` }).from(familyMembers)
    .where(and(
      eq(familyMembers.familyId, familyId), eq(familyMembers.permissionLevel, 'ADMIN'), isNotNull(familyMembers.userId),
    ));
  return row?.n ?? 0;
}

/** The family's timezone (an IANA name), which its local dates and times are in. */
export async function familyTimezone(q: Queryable, familyId: string): Promise<string | undefined> {
  const [row] = await q.select({ timezone: families.timezone }).from(families).where(eq(families.id, familyId));
  return row?.timezone;
}

/** The family's timezone and the day its weeks start on (0 = Sunday), the defaults for a family not found. */
export async function familyCalendar(q: Queryable, familyId: string): Promise<{ timezone: string; firstDayOfWeek: number }> {
  const [row] = await q.select({ timezone: families.timezone, firstDayOfWeek: families.firstDayOfWeek }).from(families)
    .where(eq(families.id, familyId));
  return row ?? { timezone: familyDefaults.timezone, firstDayOfWeek: 1 };
}

/** The family's members in the family's order (member number, then name), as other features show them. */
export async function membersInOrder(
  q: Queryable, familyId: string,
): Promise<{ id: string; name: string; color: string; userId: string | null }[]> {
  return (await listMembers(q, familyId)).map((m) => ({ id: m.id, name: m.name, color: m.color, userId: m.userId }));
}

/** Whether a member id is one of the family's (another family's answers false, as an unknown one). */
export async function isFamilyMember(q: Queryable, familyId: string, memberId: string): Promise<boolean> {
  return (await countMembers(q, familyId, [memberId])) === 1;
}

/** The family's local date (`YYYY-MM-DD`) at an instant. */
export async function familyToday(q: Queryable, familyId: string, at: Date): Promise<string> {
  return localDate(at, (await familyTimezone(q, familyId)) ?? defaultTimezone);
}

/** The members' birthdays falling on the family's local dates [from, to], by date then name (the newsfeed reads it). */
export async function birthdaysBetween(q: Queryable, familyId: string, from: string, to: string): Promise<Birthday[]> {
  return birthdaysIn(await membersWithBirthdays(q, familyId), from, to);
}

/**
 * An account's deletion, as far as its family goes (in the deletion's transaction, before the account's row goes):
 * refused (409, `refusal`) when it is the family's one account admin and other accounts stay; otherwise its member
 * stays under its name without an account (its email forgotten, so no later sign-up takes it over), or goes with
 * `remove`. The calendar link is renewed either way. Answers the member, or undefined when it had no family.
 */
export async function leaveOnAccountDeletion(
  q: Queryable, userId: string, remove: boolean, refusal: string,
): Promise<{ id: string; familyId: string } | undefined> {
  const [member] = await q.select().from(familyMembers).where(eq(familyMembers.userId, userId)).limit(1);
  if (!member) return undefined;
  await lockFamily(q, member.familyId);
  const soleAdmin = member.permissionLevel === 'ADMIN' && (await countAccountAdmins(q, member.familyId)) === 1;
  if (soleAdmin && (await countOtherAccounts(q, member.familyId, userId)) > 0) throw conflict(refusal);
  if (remove) {
    await removeAccountMember(q, member.familyId, member.id);
  } else {
    await q.update(familyMembers).set({ userId: null, email: null }).where(eq(familyMembers.id, member.id));
    await renewSubscriptionLink(q, member.familyId);
  }
  return { id: member.id, familyId: member.familyId };
}

/** An account told that its family was deleted. */
export interface FormerMember {
  userId: string;
  email: string;
  name: string;
}

/**
 * Deletes the family and every row of it in the caller's transaction: the references cascade from `families`
 * (every family-owned table has one; `test/deletion.test.ts` walks the schema), its accounts are left without a
 * family, and their Idempotency-Key answers, which may hold the family's content, are forgotten, as are the attempts
 * counted under its id. Refused (400) unless `typedName` is
 * the family's name exactly. Answers its accounts, or undefined when there is no such family.
 */
export async function eraseFamily(
  q: Queryable, familyId: string, typedName: string, admin?: string,
): Promise<FormerMember[] | undefined> {
  const [family] = await q.select({ name: families.name }).from(families).where(eq(families.id, familyId)).for('update');
  if (!family) return undefined;
  // The level the session read may have changed since: asked again under the family's lock.
  if (admin && !(await isAdminOf(q, familyId, admin))) throw forbidden(accessMessages.adminOnly);
  if (family.name !== typedName) throw invalid(deletionMessages.familyNameMismatch);
  const accounts = await q.select({ userId: users.id, email: users.email, name: users.name }).from(users)
    .innerJoin(familyMembers, eq(familyMembers.userId, users.id)).where(eq(familyMembers.familyId, familyId));
  await forgetKeysOf(q, accounts.map((a) => a.userId));
  await forgetAttemptsNaming(q, [familyId]);
  await q.delete(families).where(eq(families.id, familyId));
  return accounts;
}

async function isAdminOf(q: Queryable, familyId: string, userId: string): Promise<boolean> {
  const rows = await q.select({ id: familyMembers.id }).from(familyMembers).where(and(
    eq(familyMembers.familyId, familyId), eq(familyMembers.userId, userId), eq(familyMembers.permissionLevel, 'ADMIN'),
  ));
  return rows.length > 0;
}

/**
 * Members writing while the family goes may deadlock with it (a writer holds a row the cascade needs and waits for the
 * family's row); the database ends one side, and the deletion goes again a little later, once those writers are done.
 */
async function withRetries<T>(work: () => Promise<T>, tries = 10): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await work();
    } catch (error) {
      if (i >= tries || !isWriteCollision(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * i));
    }
  }
}

/**
 * Deletes a family whose name was typed as it is (400 otherwise; by `admin` when an admin of it asks, 403 if no
 * longer one), then mails its accounts but `admin`; false when there is no such family.
 */
export async function deleteFamilyAndTell(deps: Deps, familyId: string, typedName: string, admin?: string): Promise<boolean> {
  const accounts = await withRetries(() => deps.db.transaction((tx) => eraseFamily(tx, familyId, typedName, admin)));
  if (!accounts) return false;
  for (const a of accounts) {
    if (a.userId !== admin) deliver(deps, familyDeletedMail(a.email, a.name, deps.config.publicUrl));
  }
  return true;
}
