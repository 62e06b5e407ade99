import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as accounts from '@hearth/contract/accounts';
import * as api from '@hearth/contract/family';
import { familyMessages as msg } from '@hearth/contract/family';
import { days } from '../../platform/clock.ts';
import { familyMembers, invites, familyEvents } from '../../platform/db/schema.ts';
import { createTestApp, signUp, strongPassword, uniqueEmail, type TestApp } from '../../test/harness.ts';
import { inviteMailWindows } from './service.ts';
import { founder, inviteToken } from './test-helpers.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const register = (email: string, inviteToken: string) =>
  t.call(accounts.register, { body: { email, name: 'Newcomer', password: strongPassword, inviteToken } });

describe('creating invites', () => {
  it('answers a link with a long URL-safe token that expires in 7 days', async () => {
    const admin = await founder(t);
    const res = await admin.call(api.createInvite, { body: { invitedEmail: null } });
    expect(res.status).toBe(201);
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(res.body.inviteUrl).toBe(`http://hearth.test/auth?invite=${res.body.token}`);
    expect(res.body.invitedEmail).toBeNull();
    expect(res.body.createdAt).toBe(t.clock.now().toISOString());
    expect(res.body.expiresAt).toBe(new Date(t.clock.now().getTime() + days(7)).toISOString());
    const again = await admin.call(api.createInvite, { body: {} });
    expect(again.body.token).not.toBe(res.body.token);
  });

  it('records the invite_link_created usage event', async () => {
    const admin = await founder(t);
    await inviteToken(admin);
    const events = await t.db.select().from(familyEvents)
      .where(and(eq(familyEvents.type, 'invite_link_created'), eq(familyEvents.familyId, admin.familyId)));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actorId: admin.user.id, at: t.clock.now() });
  });

  it('mails the link to the invited email', async () => {
    const admin = await founder(t, 'Rosa');
    const email = uniqueEmail('invitee');
    const res = await admin.call(api.createInvite, { body: { invitedEmail: `  ${email.toUpperCase()} ` } });
    expect(res.body.invitedEmail).toBe(email);
    const mail = await t.mailbox.waitFor(email, /invited/);
    expect(mail.subject).toBe("You're invited to join Rosa's Family on Hearth");
    expect(mail.text).toContain(`http://hearth.test/auth?invite=${res.body.token}`);
    expect(mail.text).toContain('Rosa invited you');
  });

  it('refuses an invalid invited email', async () => {
    const admin = await founder(t);
    const res = await admin.call(api.createInvite, { body: { invitedEmail: 'nope' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please enter a valid email address');
  });

  it('sends at most 20 invitation mails per family a day, while links without a mail stay available', async () => {
    const admin = await founder(t);
    expect(inviteMailWindows).toEqual([{ max: 20, ms: days(1) }]);
    for (let i = 0; i < 20; i++) {
      expect((await admin.call(api.createInvite, { body: { invitedEmail: uniqueEmail() } })).status).toBe(201);
    }
    const refused = await admin.call(api.createInvite, { body: { invitedEmail: uniqueEmail() } });
    expect(refused.status).toBe(429);
    expect((await admin.call(api.listInvites)).body).toHaveLength(20);
    expect((await admin.call(api.createInvite, { body: { invitedEmail: null } })).status).toBe(201);
    t.clock.advance(days(1) + 1000);
    expect((await admin.call(api.createInvite, { body: { invitedEmail: uniqueEmail() } })).status).toBe(201);
  });
});

describe('joining through an invite', () => {
  it('joins the family as EDIT, numbered last, and shows in the member list', async () => {
    const admin = await founder(t);
    const token = await inviteToken(admin);
    const joiner = await signUp(t, { name: 'Joiner', inviteToken: token });
    expect(joiner.user).toMatchObject({ familyId: admin.familyId, permissionLevel: 'EDIT' });
    const members = (await admin.call(api.listMembers)).body;
    expect(members.at(-1)).toMatchObject({ userId: joiner.user.id, name: 'Joiner', permissionLevel: 'EDIT', memberNumber: 2 });
  });

  it('works for several people until it expires after 7 days', async () => {
    const admin = await founder(t);
    const token = await inviteToken(admin);
    await signUp(t, { inviteToken: token });
    t.clock.advance(days(7) - 60_000);
    await signUp(t, { inviteToken: token });
    expect((await admin.call(api.listInvites)).body).toHaveLength(1);
    t.clock.advance(60_000);
    const late = await register(uniqueEmail(), token);
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(accounts.messages.inviteInvalid);
    expect((await admin.call(api.listInvites)).body).toEqual([]);
    expect((await admin.call(api.listMembers)).body).toHaveLength(3);
  });

  it('accepts only the invited email when one was given', async () => {
    const admin = await founder(t);
    const email = uniqueEmail('only');
    const token = await inviteToken(admin, email);
    const other = await register(uniqueEmail(), token);
    expect(other.status).toBe(400);
    expect(other.body.message).toBe(accounts.messages.inviteOtherEmail);
    const invited = await signUp(t, { email: email.toUpperCase(), inviteToken: token });
    expect(invited.user.familyId).toBe(admin.familyId);
  });
});

describe('listing and revoking invites', () => {
  it('lists only active invites, newest first, with their fields', async () => {
    const admin = await founder(t);
    const old = await inviteToken(admin);
    t.clock.advance(days(1));
    const revoked = await inviteToken(admin);
    t.clock.advance(days(1));
    const email = uniqueEmail();
    const fresh = await inviteToken(admin, email);
    await admin.call(api.revokeInvite, { params: { token: revoked } });
    const res = await admin.call(api.listInvites);
    expect(res.status).toBe(200);
    expect(res.body.map((i: { token: string }) => i.token)).toEqual([fresh, old]);
    expect(Object.keys(res.body[0]).sort()).toEqual(['createdAt', 'expiresAt', 'id', 'inviteUrl', 'invitedEmail', 'token']);
    expect(res.body[0]).toMatchObject({ invitedEmail: email, inviteUrl: `http://hearth.test/auth?invite=${fresh}` });
  });

  it('refuses a revoked invite at registration', async () => {
    const admin = await founder(t);
    const token = await inviteToken(admin);
    expect((await admin.call(api.revokeInvite, { params: { token } })).status).toBe(204);
    const [row] = await t.db.select().from(invites).where(eq(invites.token, token));
    expect(row?.revokedAt).toEqual(t.clock.now());
    const res = await register(uniqueEmail(), token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(accounts.messages.inviteInvalid);
    const again = await admin.call(api.revokeInvite, { params: { token } });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(msg.inviteNotFound);
  });

  it('answers 404 for another family\'s token, which stays usable', async () => {
    const admin = await founder(t);
    const stranger = await founder(t);
    const token = await inviteToken(admin);
    const res = await stranger.call(api.revokeInvite, { params: { token } });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(msg.inviteNotFound);
    const joiner = await signUp(t, { inviteToken: token });
    expect(joiner.user.familyId).toBe(admin.familyId);
    const [row] = await t.db.select().from(familyMembers).where(eq(familyMembers.userId, joiner.user.id));
    expect(row?.familyId).toBe(admin.familyId);
  });
});
