import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@hearth/contract/family';
import { familyMessages as msg } from '@hearth/contract/family';
import type { PermissionLevel } from '@hearth/contract/permissions';
import { createTestApp, signUp, type Answer, type TestApp } from '../../test/harness.ts';
import { addChild, familyState, founder, inviteToken, joinAs, type Member } from './test-helpers.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const levels: PermissionLevel[] = ['ADMIN', 'EDIT', 'READ_ONLY'];

interface FamilyCall {
  name: string;
  allowed: PermissionLevel[];
  /** Makes a fresh target as the admin (a member id or invite token), so one attempt never spoils the next. */
  prepare?: (admin: Member) => Promise<string>;
  run(caller: Member, target: string): Promise<Answer>;
}

const ALL: PermissionLevel[] = ['ADMIN', 'EDIT', 'READ_ONLY'];
const EDITORS: PermissionLevel[] = ['ADMIN', 'EDIT'];
const ADMIN: PermissionLevel[] = ['ADMIN'];
const child = (admin: Member) => addChild(admin);

const calls: FamilyCall[] = [
  { name: 'list members', allowed: ALL, run: (c) => c.call(api.listMembers) },
  { name: 'read family name and timezone', allowed: ALL, run: (c) => c.call(api.getFamilyName) },
  { name: 'add a member', allowed: EDITORS, run: (c) => c.call(api.addMember, { body: { name: 'New kid' } }) },
  {
    name: 'add an ADMIN member', allowed: ADMIN,
    run: (c) => c.call(api.addMember, { body: { name: 'New admin kid', permissionLevel: 'ADMIN' } }),
  },
  {
    name: 'edit a member\'s details', allowed: EDITORS, prepare: child,
    run: (c, id) => c.call(api.updateMember, { params: { id }, body: { name: 'Renamed' } }),
  },
  {
    name: 'change a member\'s permission level', allowed: ADMIN, prepare: child,
    run: (c, id) => c.call(api.updateMember, { params: { id }, body: { name: 'Child', permissionLevel: 'EDIT' } }),
  },
  {
    name: 'remove another member', allowed: ADMIN, prepare: child,
    run: (c, id) => c.call(api.removeMember, { params: { id } }),
  },
  {
    name: 'change a member\'s colour', allowed: ALL, prepare: child,
    run: (c, id) => c.call(api.setMemberColor, { params: { id }, body: { color: '#336699' } }),
  },
  {
    name: 'set member order numbers', allowed: ADMIN, prepare: child,
    run: (c, id) => c.call(api.setMemberOrder, { body: [{ id, memberNumber: 40 }] }),
  },
  { name: 'auto-assign member numbers', allowed: ADMIN, run: (c) => c.call(api.autoAssignNumbers) },
  {
    name: 'rename the family', allowed: ADMIN,
    run: (c) => c.call(api.setFamilyName, { body: { familyName: `Renamed by ${c.user.name}` } }),
  },
  { name: 'change the timezone', allowed: ADMIN, run: (c) => c.call(api.setTimezone, { body: { timezone: 'Asia/Tokyo' } }) },
  {
    name: 'set the default reminder', allowed: ADMIN,
    run: (c) => c.call(api.setDefaultReminder, { body: { defaultReminderMinutes: 30 } }),
  },
  {
    name: 'set the first day of the week', allowed: ADMIN,
    run: (c) => c.call(api.setFirstDayOfWeek, { body: { firstDayOfWeek: 0 } }),
  },
  { name: 'list invites', allowed: ADMIN, run: (c) => c.call(api.listInvites) },
  { name: 'create an invite', allowed: ADMIN, run: (c) => c.call(api.createInvite, { body: { invitedEmail: null } }) },
  {
    name: 'revoke an invite', allowed: ADMIN, prepare: (admin) => inviteToken(admin),
    run: (c, token) => c.call(api.revokeInvite, { params: { token } }),
  },
];

describe('permission matrix', () => {
  let family: Record<PermissionLevel, Member>;
  beforeAll(async () => {
    const admin = await founder(t, 'ADMIN');
    family = { ADMIN: admin, EDIT: await joinAs(t, admin, 'EDIT'), READ_ONLY: await joinAs(t, admin, 'READ_ONLY') };
  });

  for (const c of calls) {
    const refused = levels.filter((l) => !c.allowed.includes(l));
    it(`${c.name}: allowed to ${c.allowed.join(', ')}${refused.length ? `; 403 for ${refused.join(', ')}` : ''}`, async () => {
      for (const level of levels) {
        const target = (await c.prepare?.(family.ADMIN)) ?? '';
        const before = await familyState(t, family.ADMIN.familyId);
        const res = await c.run(family[level], target);
        if (c.allowed.includes(level)) {
          expect(res.status, `${level}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
        } else {
          expect(res.status, level).toBe(403);
          expect(res.body.message).toBeTruthy();
          expect(await familyState(t, family.ADMIN.familyId)).toEqual(before);
        }
      }
    });
  }

  it('tells a READ_ONLY member that they can only view, and an EDIT member what only admins do', async () => {
    const readOnly = await family.READ_ONLY.call(api.addMember, { body: { name: 'X' } });
    expect(readOnly.body.message).toBe('Your permission level is read-only: you can view but not change this.');
    const edit = await family.EDIT.call(api.setFamilyName, { body: { familyName: 'X' } });
    expect(edit.body.message).toBe('Only a family admin can do this.');
    const level = await family.EDIT.call(api.addMember, { body: { name: 'X', permissionLevel: 'ADMIN' } });
    expect(level.body.message).toBe(msg.permissionAdminOnly);
  });
});

describe('isolation between families', () => {
  it('answers 404 for every id of another family, exactly as for a missing one, and changes nothing there', async () => {
    const a = await founder(t, 'Family A admin');
    const aEditor = await joinAs(t, a, 'EDIT');
    const aChild = await addChild(a, 'A child');
    const aToken = await inviteToken(a);
    const b = await founder(t, 'Family B admin');
    const bReader = await joinAs(t, b, 'READ_ONLY');
    const before = await familyState(t, a.familyId);
    const missing = crypto.randomUUID();

    const idCalls = (id: string) => [
      b.call(api.updateMember, { params: { id }, body: { name: 'Hijacked' } }),
      b.call(api.updateMember, { params: { id }, body: { name: 'Hijacked', permissionLevel: 'READ_ONLY' } }),
      b.call(api.removeMember, { params: { id } }),
      b.call(api.setMemberColor, { params: { id }, body: { color: '#000000' } }),
      bReader.call(api.setMemberColor, { params: { id }, body: { color: '#000000' } }),
      b.call(api.setMemberOrder, { body: [{ id, memberNumber: 1 }] }),
      b.call(api.setMemberOrder, { body: [{ id: b.memberId, memberNumber: 3 }, { id, memberNumber: 1 }] }),
    ];
    for (const id of [aChild, a.memberId, aEditor.memberId]) {
      const answers = await Promise.all(idCalls(id));
      const controls = await Promise.all(idCalls(missing));
      answers.forEach((res, i) => {
        expect(res.status, `call ${i} with ${id}`).toBe(404);
        expect(res.body).toEqual(controls[i]!.body);
      });
    }
    const revoke = await b.call(api.revokeInvite, { params: { token: aToken } });
    expect(revoke.status).toBe(404);
    expect(revoke.body).toEqual((await b.call(api.revokeInvite, { params: { token: 'no-such-token' } })).body);

    // Calls without ids act on the caller's own family only.
    const members = (await b.call(api.listMembers)).body.map((m: { id: string }) => m.id).sort();
    expect(members).toEqual([b.memberId, bReader.memberId].sort());
    expect((await b.call(api.setFamilyName, { body: { familyName: 'B renamed' } })).body.familyName).toBe('B renamed');
    expect((await b.call(api.setTimezone, { body: { timezone: 'Europe/Paris' } })).status).toBe(200);
    expect((await b.call(api.autoAssignNumbers)).body.map((m: { id: string }) => m.id).sort()).toEqual(members);
    const bToken = await inviteToken(b);
    const bTokens = (await b.call(api.listInvites)).body.map((i: { token: string }) => i.token);
    expect(bTokens).toHaveLength(2);
    expect(bTokens).toContain(bToken);
    expect(bTokens).not.toContain(aToken);
    expect((await b.call(api.getFamilyName)).body).toEqual({ familyName: 'B renamed', timezone: 'Europe/Paris', defaultReminderMinutes: null, firstDayOfWeek: 1 });
    const link = await b.call(api.addMember, { body: { name: 'Poach', userId: aEditor.user.id } });
    expect([link.status, link.body.message]).toEqual([400, api.familyMessages.joinByInvite]);

    expect(await familyState(t, a.familyId)).toEqual(before);
    expect((await a.call(api.getFamilyName)).body).toEqual({ familyName: "Family A admin's Family", timezone: 'America/New_York', defaultReminderMinutes: null, firstDayOfWeek: 1 });
    expect((await signUp(t, { inviteToken: aToken })).user.familyId).toBe(a.familyId);
  });
});
