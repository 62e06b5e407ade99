import { eq, sql } from 'drizzle-orm';
import { newToken } from '../../platform/auth/secrets.ts';
import { rawRows, type Queryable, type Tx } from '../../platform/db/client.ts';
import { families, familyMembers } from '../../platform/db/schema/family.ts';
import type { Deps } from '../../platform/deps.ts';
import { deliver } from '../../platform/mail/deliver.ts';
import { invitationMail } from './mails.ts';
import { joinFamily } from './membership.ts';
import { insertInvite } from './repository.ts';
import { inviteLifetime } from './service.ts';

/** The family feature's public API for other features (the family's data export). */

export interface FamilyForExport {
  name: string;
  description: string | null;
  timezone: string;
  defaultReminderMinutes: number | null;
  firstDayOfWeek: number;
}

export interface MemberForExport {
  id: string;
  name: string;
  email: string | null;
  birthday: string | null;
  permissionLevel: 'ADMIN' | 'EDIT' | 'READ_ONLY';
  color: string;
  memberNumber: number | null;
  hasAccount: boolean;
}

export async function familyForExport(q: Queryable, familyId: string): Promise<FamilyForExport | undefined> {
  const [row] = await rawRows<FamilyForExport>(q, sql`select name, description, timezone,
    default_reminder_minutes as "defaultReminderMinutes", first_day_of_week as "firstDayOfWeek"
    from families where id = ${familyId}`);
  return row;
}

/** The family's members (at most the family's bound), in the family's order; an account's email is its own. */
export function membersForExport(q: Queryable, familyId: string): Promise<MemberForExport[]> {
  return rawRows<MemberForExport>(q, sql`select m.id, m.name, coalesce(u.email, m.email) as email, m.birthday::text as birthday,
    m.permission_level as "permissionLevel", m.color, m.member_number as "memberNumber", m.user_id is not null as "hasAccount"
    from family_members m left join users u on u.id = m.user_id
    where m.family_id = ${familyId} order by m.member_number nulls last, m.created_at, m.id`);
}

/** A new family with `family`'s settings and the exported members (their new ids, no accounts yet, emails kept); answers its id. */
export async function restoreFamily(
  tx: Tx, family: FamilyForExport, members: Omit<MemberForExport, 'hasAccount'>[],
): Promise<string> {
  const [row] = await tx.insert(families).values(family).returning({ id: families.id });
  if (!row) throw new Error('family insert returned nothing');
  if (members.length > 0) await tx.insert(familyMembers).values(members.map((m) => ({ ...m, familyId: row.id, userId: null })));
  return row.id;
}

/** Deletes a family nobody has joined (an import that failed or stopped) with every row of it. */
export async function discardUnjoinedFamily(q: Queryable, familyId: string): Promise<void> {
  await q.execute(sql`delete from families f where f.id = ${familyId}
    and not exists (select 1 from family_members m where m.family_id = f.id and m.user_id is not null)`);
}

/**
 * Makes the user an ADMIN of the family: the member with their email becomes theirs (`joinFamily`), or they are
 * added. Inside the caller's transaction; false when the user has a family meanwhile.
 */
export async function joinAsAdmin(tx: Tx, familyId: string, user: { id: string; name: string; email: string }): Promise<boolean> {
  const [account] = await rawRows<{ familyId: string | null }>(tx, sql`select family_id as "familyId" from users where id = ${user.id} for update`);
  if (!account || account.familyId !== null) return false;
  await joinFamily(tx, familyId, user, 'ADMIN');
  await tx.update(familyMembers).set({ permissionLevel: 'ADMIN' }).where(eq(familyMembers.userId, user.id));
  return true;
}

/**
 * An invite of the family for `email` (as an admin's invite by email), mailed once the caller's transaction is
 * committed with `mailInvite`; answers the invite's link.
 */
export async function inviteAgain(
  tx: Tx, deps: Deps, input: { familyId: string; userId: string; email: string },
): Promise<string> {
  const token = newToken();
  const now = deps.clock.now();
  await insertInvite(tx, {
    familyId: input.familyId, token, invitedEmail: input.email, createdByUserId: input.userId,
    createdAt: now, expiresAt: new Date(now.getTime() + inviteLifetime),
  });
  return `${deps.config.publicUrl}/auth?invite=${encodeURIComponent(token)}`;
}

export function mailInvite(deps: Deps, input: { to: string; inviterName: string; familyName: string; link: string }): void {
  deliver(deps, invitationMail(input.to, input));
}
