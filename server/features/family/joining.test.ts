import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as api from '@hearth/contract/family';
import { familyMessages as msg } from '@hearth/contract/family';
import { messages } from '@hearth/contract/accounts';
import { families, familyMembers, invites, users } from '../../platform/db/schema.ts';
import { createTestApp, signUp, uniqueEmail, type TestApp } from '../../test/harness.ts';
import { founder, inviteToken, joinAs, type Member } from './test-helpers.ts';

/**
 * Issue #10 item 7: adding a person by email answers the same for every email and never links an account; the
 * person gets an invitation, and only they, signed in, can accept it.
 */

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

async function userFamily(userId: string) {
  const [row] = await t.db.select({ familyId: users.familyId }).from(users).where(eq(users.id, userId));
  return row!.familyId;
}

async function memberRow(id: string) {
  const [row] = await t.db.select().from(familyMembers).where(eq(familyMembers.id, id));
  return row;
}

/** The token of the invitation mailed to `email` (the link's ?invite= value). */
async function mailedToken(email: string): Promise<string> {
  const mail = await t.mailbox.waitFor(email, /invited/);
  const token = /invite=([A-Za-z0-9_%-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no invite link in ${mail.text}`);
  return decodeURIComponent(token);
}

describe('adding a member by email', () => {
  it('answers alike for an unknown email, a familyless account and another family\'s account, linking none', async () => {
    const admin = await founder(t, 'Ada');
    const other = await founder(t, 'Olga');
    const drifter = await joinAs(t, other, 'EDIT', 'Drifter');
    expect((await other.call(api.removeMember, { params: { id: drifter.memberId } })).status).toBe(204);
    const emails = [uniqueEmail('nobody'), drifter.email, other.email];
    const answers = [];
    for (const email of emails) {
      const res = await admin.call(api.addMember, { body: { name: 'Guest', email, permissionLevel: 'EDIT' } });
      answers.push({ status: res.status, keys: Object.keys(res.body).sort(), userId: res.body.userId, email: res.body.email });
    }
    expect(answers).toEqual(emails.map((email) => ({
      status: 201, keys: ['birthday', 'color', 'email', 'id', 'memberNumber', 'name', 'permissionLevel', 'userId'],
      userId: null, email,
    })));
    expect(await userFamily(drifter.user.id)).toBeNull();
    expect(await userFamily(other.user.id)).toBe(other.familyId);
    for (const email of emails) expect(await mailedToken(email)).toBeTruthy();
    const bound = await t.db.select({ invitedEmail: invites.invitedEmail }).from(invites)
      .where(eq(invites.familyId, admin.familyId));
    expect(bound.map((i) => i.invitedEmail).sort()).toEqual([...emails].sort());
  });

  it('refuses a userId, writing nothing', async () => {
    const admin = await founder(t, 'Ada');
    const other = await founder(t, 'Olga');
    const res = await admin.call(api.addMember, { body: { name: 'Poach', userId: other.user.id } });
    expect([res.status, res.body.message]).toEqual([400, msg.joinByInvite]);
    expect((await admin.call(api.listMembers)).body).toHaveLength(1);
    expect(await userFamily(other.user.id)).toBe(other.familyId);
  });

  it('refuses an email that is already a member of this family', async () => {
    const admin = await founder(t, 'Ada');
    const editor = await joinAs(t, admin, 'EDIT');
    const res = await admin.call(api.addMember, { body: { name: 'Again', email: editor.email.toUpperCase() } });
    expect([res.status, res.body.message]).toEqual([409, msg.alreadyInThisFamily]);
  });

  it('a new account registering with the mailed invite becomes that member, keeping its level', async () => {
    const admin = await founder(t, 'Ada');
    const email = uniqueEmail('newcomer');
    const added = await admin.call(api.addMember, { body: { name: 'Grandma', email, permissionLevel: 'READ_ONLY' } });
    const joined = await signUp(t, { name: 'Gran', email, inviteToken: await mailedToken(email) });
    expect(joined.user.familyId).toBe(admin.familyId);
    expect(await memberRow(added.body.id)).toMatchObject({ userId: joined.user.id, permissionLevel: 'READ_ONLY', name: 'Grandma' });
    expect((await admin.call(api.listMembers)).body).toHaveLength(2);
  });
});

describe('accepting an invite with an existing account', () => {
  async function invited(admin: Member, person: Member) {
    const added = await admin.call(api.addMember, { body: { name: 'Cousin', email: person.email, permissionLevel: 'EDIT' } });
    expect(added.status).toBe(201);
    return { memberId: added.body.id as string, token: await mailedToken(person.email) };
  }

  it('shows the family, then moves the account in, as the member added for it, leaving its old family intact', async () => {
    const admin = await founder(t, 'Ada');
    const cousin = await founder(t, 'Cy');
    const { memberId, token } = await invited(admin, cousin);
    // Anyone holding the link sees whose family it is and who invited them, signed in or not.
    const preview = await t.call(api.previewInvite, { params: { token } });
    // An email invite's landing fills in the address it was sent to.
    expect([preview.status, preview.body]).toEqual([200, { familyName: "Ada's Family", inviterName: 'Ada', invitedEmail: cousin.email }]);
    const accepted = await cousin.call(api.acceptInvite, { params: { token } });
    expect([accepted.status, accepted.body]).toEqual([200, { familyId: admin.familyId }]);
    expect(await userFamily(cousin.user.id)).toBe(admin.familyId);
    expect(await memberRow(memberId)).toMatchObject({ userId: cousin.user.id, permissionLevel: 'EDIT' });
    expect(await memberRow(cousin.memberId)).toBeUndefined();
    expect(await t.db.$count(families, eq(families.id, cousin.familyId))).toBe(1);
    const seen = await cousin.call(api.listMembers);
    expect(seen.body.map((m: { id: string }) => m.id)).toContain(memberId);
    const again = await cousin.call(api.acceptInvite, { params: { token } });
    expect([again.status, again.body.message]).toEqual([409, msg.alreadyInThisFamily]);
  });

  it('a plain invite link, without a member added first, adds the account as an EDIT member', async () => {
    const admin = await founder(t, 'Ada');
    const joiner = await founder(t, 'Jo');
    const token = await inviteToken(admin);
    expect((await t.call(api.previewInvite, { params: { token } })).body.invitedEmail).toBeNull();
    expect((await joiner.call(api.acceptInvite, { params: { token } })).status).toBe(200);
    const members = (await admin.call(api.listMembers)).body as { userId: string | null; permissionLevel: string }[];
    expect(members.find((m) => m.userId === joiner.user.id)?.permissionLevel).toBe('EDIT');
  });

  it('refuses another email\'s invite, an unusable token, and a sole admin whose family has other accounts', async () => {
    const admin = await founder(t, 'Ada');
    const cousin = await founder(t, 'Cy');
    const stranger = await founder(t, 'Sam');
    const { token } = await invited(admin, cousin);
    const res = await stranger.call(api.acceptInvite, { params: { token } });
    expect([res.status, res.body.message]).toEqual([403, messages.inviteOtherEmail]);
    for (const call of [api.previewInvite, api.acceptInvite]) {
      const bad = await stranger.call(call, { params: { token: 'no-such-token' } });
      expect([bad.status, bad.body.message]).toEqual([404, messages.inviteInvalid]);
    }
    await joinAs(t, cousin, 'EDIT', 'Cy\'s partner');
    const refused = await cousin.call(api.acceptInvite, { params: { token } });
    expect([refused.status, refused.body.message]).toEqual([409, msg.soleAdminLeaving]);
    expect(await userFamily(cousin.user.id)).toBe(cousin.familyId);
    expect(await memberRow(cousin.memberId)).toMatchObject({ familyId: cousin.familyId, permissionLevel: 'ADMIN' });
    const revoked = await inviteToken(admin);
    expect((await admin.call(api.revokeInvite, { params: { token: revoked } })).status).toBe(204);
    for (const call of [api.previewInvite, api.acceptInvite]) {
      const late = await stranger.call(call, { params: { token: revoked } });
      expect([late.status, late.body.message]).toEqual([404, messages.inviteInvalid]);
    }
  });
});
