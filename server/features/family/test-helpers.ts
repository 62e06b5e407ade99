import { asc, eq } from 'drizzle-orm';
import * as api from '@hearth/contract/family';
import { families, familyMembers, invites, users } from '../../platform/db/schema.ts';
import type { SignedInUser, TestApp } from '../../test/harness.ts';

/** Creates an invite as `admin` and returns its token. */
export async function inviteToken(admin: SignedInUser, invitedEmail: string | null = null): Promise<string> {
  const res = await admin.call(api.createInvite, { body: { invitedEmail } });
  if (res.status !== 201) throw new Error(`invite failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
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
