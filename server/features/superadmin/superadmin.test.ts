import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as accounts from '@hearth/contract/accounts';
import * as grocery from '@hearth/contract/grocery';
import * as api from '@hearth/contract/superadmin';
import { familyMembers, groceryLists, users } from '../../platform/db/schema.ts';
import { delayAfter, maxDelay } from '../../platform/slowdown.ts';
import {
  createTestApp, randomIp, request, signIn, signUp, strongPassword, superadminHeaders, uniqueEmail, type TestApp,
} from '../../test/harness.ts';
import { lastAdminMessage } from './service.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const asAdmin = superadminHeaders();
const admin = (e: Parameters<TestApp['call']>[0], input: Parameters<TestApp['call']>[1] = {}) =>
  t.call(e, { ...input, headers: asAdmin });

async function registerPending(name = 'Pat') {
  const email = uniqueEmail();
  await t.call(accounts.register, { body: { email, name, password: strongPassword } });
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  return row!;
}

describe('super admin authentication', () => {
  it('answers 401 without credentials and with wrong ones', async () => {
    expect((await t.call(api.listUsers)).status).toBe(401);
    const wrong = await t.call(api.listUsers, { headers: superadminHeaders('root', 'guess') });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(api.superadminMessages.authFailed);
  });

  it('does not accept a signed-in user\'s bearer token', async () => {
    const member = await signUp(t);
    expect((await member.call(api.listUsers)).status).toBe(401);
  });

  it('answers 401 on every call when no super admin is configured', async () => {
    const bare = await createTestApp({ env: { SUPERADMIN_USERNAME: '', SUPERADMIN_PASSWORD: '' } });
    try {
      const res = await bare.call(api.listUsers, { headers: asAdmin });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(api.superadminMessages.notConfigured);
    } finally {
      await bare.close();
    }
  });

  it('checks at most 10 passwords of a parallel burst of 200 from one address, and then refuses the right one', async () => {
    const other = await createTestApp();
    try {
      const burst = await Promise.all(Array.from({ length: 200 }, () =>
        other.call(api.listUsers, { headers: superadminHeaders('root', 'nope') })));
      expect(burst.filter((r) => r.status === 401)).toHaveLength(10);
      expect(burst.filter((r) => r.status === 429)).toHaveLength(190);
      expect((await other.call(api.listUsers, { headers: asAdmin })).status).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('pauses an address after 10 failed attempts in 15 minutes', async () => {
    const other = await createTestApp();
    try {
      for (let i = 0; i < 10; i++) {
        expect((await other.call(api.listUsers, { headers: superadminHeaders('root', 'nope') })).status).toBe(401);
      }
      expect((await other.call(api.listUsers, { headers: asAdmin })).status).toBe(429);
      other.clock.advance(15 * 60_000 + 1000);
      expect((await other.call(api.listUsers, { headers: asAdmin })).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('super admin attempts from many addresses', () => {
  it('slow down per username, up to 3 s, and never lock the super admin out', async () => {
    const other = await createTestApp();
    try {
      const from = (ip: string, headers: Record<string, string>) => request(other.app, api.listUsers, { headers }, ip);
      const guesses = await Promise.all(Array.from({ length: 30 }, () => from(randomIp(), superadminHeaders('root', 'nope'))));
      expect(guesses.map((r) => r.status)).toEqual(Array(30).fill(401));
      expect([...other.clock.waits].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => delayAfter(i)));
      // Another username's attempts are counted apart.
      expect((await from(randomIp(), superadminHeaders('admin', 'nope'))).status).toBe(401);
      expect(other.clock.waits.at(-1)).toBe(0);
      expect((await from(randomIp(), asAdmin)).status).toBe(200);
      expect(other.clock.waits.at(-1)).toBe(maxDelay);
      // Signing in forgave the username's failures.
      await from(randomIp(), superadminHeaders('root', 'nope'));
      expect(other.clock.waits.at(-1)).toBe(0);
    } finally {
      await other.close();
    }
  });
});

describe('users', () => {
  it('lists users with status, family and lastLogin, and never a password hash', async () => {
    const member = await signUp(t, { name: 'Lister' });
    const res = await admin(api.listUsers);
    expect(res.status).toBe(200);
    const row = res.body.find((u: { id: string }) => u.id === member.user.id);
    expect(row).toMatchObject({ email: member.email, name: 'Lister', status: 'ACTIVE', familyId: member.user.familyId });
    expect(row.lastLogin).not.toBeNull();
    expect(JSON.stringify(res.body)).not.toContain('argon2');
    expect(Object.keys(row).sort()).toEqual(
      ['createdAt', 'email', 'emailVerified', 'familyId', 'id', 'lastLogin', 'name', 'status'],
    );
  });

  it('lists only PENDING users as pending', async () => {
    const pending = await registerPending();
    const active = await signUp(t);
    const ids = (await admin(api.listPendingUsers)).body.map((u: { id: string }) => u.id);
    expect(ids).toContain(pending.id);
    expect(ids).not.toContain(active.user.id);
  });

  it('approves a pending user, who can then sign in', async () => {
    const pending = await registerPending();
    const res = await admin(api.approveUser, { params: { id: pending.id } });
    expect(res.body.status).toBe('ACTIVE');
    await signIn(t, pending.email, strongPassword);
  });

  it('rejects a user: sign-in then says denied, and open sessions end', async () => {
    const member = await signUp(t);
    expect((await admin(api.rejectUser, { params: { id: member.user.id } })).body.status).toBe('REJECTED');
    expect((await member.call(accounts.me)).status).toBe(401);
    const login = await t.call(accounts.login, { body: { email: member.email, password: member.password } });
    expect(login.status).toBe(403);
    expect(login.body.message).toContain('denied');
  });

  it('sets any of the three statuses directly and refuses others', async () => {
    const member = await signUp(t);
    for (const status of ['PENDING', 'REJECTED', 'ACTIVE'] as const) {
      const res = await admin(api.setUserStatus, { params: { id: member.user.id }, body: { status } });
      expect(res.body.status).toBe(status);
    }
    expect((await admin(api.setUserStatus, { params: { id: member.user.id }, body: { status: 'BANNED' } })).status).toBe(400);
  });

  it('resets a password under the password policy, ending the user\'s sessions', async () => {
    const member = await signUp(t);
    const weak = await admin(api.resetUserPassword, { params: { id: member.user.id }, body: { newPassword: '' } });
    expect(weak.status).toBe(400);
    expect(weak.body.errors).toContain('Password must be at least 8 characters long');
    const ok = await admin(api.resetUserPassword, { params: { id: member.user.id }, body: { newPassword: 'Reset-By-Admin-9' } });
    expect(ok.status).toBe(200);
    expect((await member.call(accounts.me)).status).toBe(401);
    await signIn(t, member.email, 'Reset-By-Admin-9');
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    expect((await admin(api.approveUser, { params: { id: '00000000-0000-4000-8000-000000000000' } })).status).toBe(404);
    expect((await admin(api.approveUser, { params: { id: 'abc' } })).status).toBe(400);
  });
});

/** Another account in the family, at `level`: its id. */
async function addAccount(familyId: string, level: 'ADMIN' | 'EDIT') {
  const [user] = await t.db.insert(users).values({
    email: uniqueEmail('other'), name: 'Other account', passwordHash: 'x', status: 'ACTIVE', familyId,
  }).returning();
  await t.db.insert(familyMembers).values({ familyId, userId: user!.id, name: 'Other account', permissionLevel: level });
  return user!.id;
}

describe('families', () => {
  it('does not count a child marked ADMIN as an admin who would stay with the family\'s other accounts', async () => {
    const family = (await admin(api.createFamily, { body: { name: 'Kids only' } })).body;
    const member = await signUp(t);
    await t.db.insert(familyMembers).values({ familyId: member.user.familyId!, name: 'Child', permissionLevel: 'ADMIN' });
    await addAccount(member.user.familyId!, 'EDIT');
    const res = await admin(api.assignUserToFamily, { params: { id: member.user.id, familyId: family.id } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(lastAdminMessage);
    expect((await member.call(accounts.me)).body.familyId).toBe(member.user.familyId);
  });

  it('creates a family (name required) and lists it with its member count', async () => {
    expect((await admin(api.createFamily, { body: { name: ' ', description: null } })).body.message)
      .toBe('Family name is required');
    const created = await admin(api.createFamily, { body: { name: 'The Smiths', description: 'Up the hill' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'The Smiths', description: 'Up the hill', memberCount: 0 });
    const listed = (await admin(api.listFamilies)).body.find((f: { id: string }) => f.id === created.body.id);
    expect(listed).toMatchObject({ name: 'The Smiths', memberCount: 0 });
  });

  it('moves a self-registered user, sole admin of a family no other account is in; that family keeps its data', async () => {
    const family = (await admin(api.createFamily, { body: { name: 'Movers' } })).body;
    const first = await signUp(t);
    const leftBehind = first.user.familyId!;
    const list = (await first.call(grocery.createList, { body: { familyId: leftBehind, title: 'Old list' } })).body;
    await t.db.insert(familyMembers).values({ familyId: leftBehind, name: 'Child', permissionLevel: 'READ_ONLY' });
    const moved = await admin(api.assignUserToFamily, { params: { id: first.user.id, familyId: family.id } });
    expect(moved.status).toBe(200);
    expect(moved.body.familyId).toBe(family.id);
    expect((await first.call(accounts.me)).body).toMatchObject({ familyId: family.id, permissionLevel: 'ADMIN' });
    // The family left behind is kept as it was, with no account in it: its list and its child stay.
    const [kept] = await t.db.select().from(groceryLists).where(eq(groceryLists.id, list.id));
    expect(kept?.familyId).toBe(leftBehind);
    const stayed = await t.db.select().from(familyMembers).where(eq(familyMembers.familyId, leftBehind));
    expect(stayed.map((m) => [m.name, m.userId])).toEqual([['Child', null]]);
    expect((await first.call(grocery.getLists, { params: { familyId: family.id } })).body).toEqual([]);

    const second = await signUp(t);
    await admin(api.assignUserToFamily, { params: { id: second.user.id, familyId: family.id } });
    expect((await second.call(accounts.me)).body).toMatchObject({ familyId: family.id, permissionLevel: 'EDIT' });
    const count = (await admin(api.listFamilies)).body.find((f: { id: string }) => f.id === family.id).memberCount;
    expect(count).toBe(2);
  });

  it('refuses to move the only admin of a family other accounts are in, until another is an admin', async () => {
    const family = (await admin(api.createFamily, { body: { name: 'Elsewhere' } })).body;
    const first = await signUp(t);
    const other = await addAccount(first.user.familyId!, 'EDIT');
    const refused = await admin(api.assignUserToFamily, { params: { id: first.user.id, familyId: family.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(lastAdminMessage);
    expect((await first.call(accounts.me)).body).toMatchObject({ familyId: first.user.familyId, permissionLevel: 'ADMIN' });

    await t.db.update(familyMembers).set({ permissionLevel: 'ADMIN' }).where(eq(familyMembers.userId, other));
    const ok = await admin(api.assignUserToFamily, { params: { id: first.user.id, familyId: family.id } });
    expect(ok.body.familyId).toBe(family.id);
  });

  it('moves a sole admin whose family has no other account, when two assignments race: each lands once', async () => {
    const family = (await admin(api.createFamily, { body: { name: 'Race' } })).body;
    const first = await signUp(t);
    const answers = await Promise.all([1, 2].map(() =>
      admin(api.assignUserToFamily, { params: { id: first.user.id, familyId: family.id } })));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const rows = await t.db.select().from(familyMembers).where(eq(familyMembers.userId, first.user.id));
    expect(rows.map((r) => r.familyId)).toEqual([family.id]);
  });

  it('counts the members whose email is verified, so a never-verified sign-up\'s family can be told apart', async () => {
    const pending = await registerPending('Vera');
    const verified = await signUp(t, { name: 'Walt' });
    const listed = (await admin(api.listFamilies)).body as api.AdminFamily[];
    expect(listed.find((f) => f.id === pending.familyId)).toMatchObject({ memberCount: 1, verifiedMemberCount: 0 });
    expect(listed.find((f) => f.id === verified.user.familyId)).toMatchObject({ memberCount: 1, verifiedMemberCount: 1 });
  });

  it('answers 404 when assigning to an unknown family', async () => {
    const member = await signUp(t);
    const res = await admin(api.assignUserToFamily, {
      params: { id: member.user.id, familyId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(res.status).toBe(404);
  });
});
