import { asc, eq } from 'drizzle-orm';
import * as api from '@hearth/contract/family';
import type { PermissionLevel } from '@hearth/contract/permissions';
import { families, familyMembers, invites, users } from '../../platform/db/schema.ts';
import { signUp, type SignedInUser, type TestApp } from '../../test/harness.ts';

export type Member = SignedInUser & { memberId: string; familyId: string };

/** Creates an invite as `admin` and returns its token. */
export async function inviteToken(admin: SignedInUser, invitedEmail: string | null = null): Promise<string> {
  const res = await admin.call(api.createInvite, { body: { invitedEmail } });
  if (res.status !== 201) throw new Error(`invite failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}

export async function memberIdOf(t: TestApp, userId: string): Promise<string> {
  const [row] = await t.db.select({ id: familyMembers.id }).from(familyMembers).where(eq(familyMembers.userId, userId));
  if (!row) throw new Error(`user ${userId} has no member record`);
  return row.id;
}

/** A new family founded by a new user, who is its ADMIN. */
export async function founder(t: TestApp, name = 'Founder'): Promise<Member> {
  const user = await signUp(t, { name });
  return { ...user, memberId: await memberIdOf(t, user.user.id), familyId: user.user.familyId! };
}

/** A new user who joins `admin`'s family through an invite (as EDIT), then gets `level`. */
export async function joinAs(t: TestApp, admin: Member, level: PermissionLevel, name = `${level} member`): Promise<Member> {
  const user = await signUp(t, { name, inviteToken: await inviteToken(admin) });
  const memberId = await memberIdOf(t, user.user.id);
  if (level !== 'EDIT') {
    const res = await admin.call(api.updateMember, { params: { id: memberId }, body: { name, permissionLevel: level } });
    if (res.status !== 200) throw new Error(`set level failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return { ...user, memberId, familyId: admin.familyId };
}

/** Adds a member without an account as `admin`; returns its id. */
export async function addChild(admin: SignedInUser, name = 'Child', body: Record<string, unknown> = {}): Promise<string> {
  const res = await admin.call(api.addMember, { body: { name, ...body } });
  if (res.status !== 201) throw new Error(`add child failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** Everything a family call could change about one family, for before/after comparisons. */
export async function familyState(t: TestApp, familyId: string) {
  return {
    family: await t.db.select().from(families).where(eq(families.id, familyId)),
    members: await t.db.select().from(familyMembers).where(eq(familyMembers.familyId, familyId))
      .orderBy(asc(familyMembers.id)),
    invites: await t.db.select().from(invites).where(eq(invites.familyId, familyId)).orderBy(asc(invites.id)),
    users: await t.db.select({ id: users.id, familyId: users.familyId }).from(users)
      .where(eq(users.familyId, familyId)).orderBy(asc(users.id)),
  };
}
