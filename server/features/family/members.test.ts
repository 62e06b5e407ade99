import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as api from '@hearth/contract/family';
import { familyMessages as msg, memberPalette } from '@hearth/contract/family';
import { noFamilyMessage } from '../../platform/auth/family-access.ts';
import { familyMembers, users } from '../../platform/db/schema.ts';
import { changesIn, type Change } from '../../platform/realtime.ts';
import { createTestApp, uniqueEmail, type TestApp } from '../../test/harness.ts';
import { addChild, founder, inviteToken, joinAs } from './test-helpers.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const memberKeys = ['birthday', 'color', 'email', 'id', 'memberNumber', 'name', 'permissionLevel', 'userId'];

async function userRow(id: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row!;
}

/** A user whose family removed them, so they have an account and no family. */
async function familylessUser(name = 'Drifter') {
  const host = await founder(t, 'Host');
  const user = await joinAs(t, host, 'EDIT', name);
  expect((await host.call(api.removeMember, { params: { id: user.memberId } })).status).toBe(204);
  return user;
}

describe('listing members', () => {
  it('answers only the caller\'s family, by member number then name, with exactly the member fields', async () => {
    const admin = await founder(t, 'Zed');
    await founder(t, 'Elsewhere');
    const bob = await addChild(admin, 'Bob');
    const amy = await addChild(admin, 'Amy');
    await admin.call(api.setMemberOrder, { body: [{ id: bob, memberNumber: 2 }, { id: amy, memberNumber: 2 }] });
    const res = await admin.call(api.listMembers);
    expect(res.status).toBe(200);
    expect(res.body.map((m: { name: string }) => m.name)).toEqual(['Zed', 'Amy', 'Bob']);
    for (const m of res.body) expect(Object.keys(m).sort()).toEqual(memberKeys);
    expect(res.body[0]).toMatchObject({ userId: admin.user.id, email: admin.email, permissionLevel: 'ADMIN', memberNumber: 1 });
  });

  it('refuses a user without a family', async () => {
    const drifter = await familylessUser();
    const res = await drifter.call(api.listMembers);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(noFamilyMessage);
  });
});

describe('adding members', () => {
  it('adds a member without an account: READ_ONLY, the next unused palette colour, numbered last', async () => {
    const admin = await founder(t);
    await addChild(admin, 'First');
    const res = await admin.call(api.addMember, { body: { name: '  Kid  ' } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: res.body.id, userId: null, name: 'Kid', email: null, birthday: null, permissionLevel: 'READ_ONLY',
      color: memberPalette[2], memberNumber: 3,
    });
    const colours = (await admin.call(api.listMembers)).body.map((m: { color: string }) => m.color);
    expect(colours).toEqual([memberPalette[0], memberPalette[1], memberPalette[2]]);
    const [first] = (await admin.call(api.listMembers)).body;
    await admin.call(api.setMemberColor, { params: { id: first.id }, body: { color: '#123456' } });
    // A colour given up is handed out again before the palette moves on.
    expect((await admin.call(api.addMember, { body: { name: 'Next' } })).body.color).toBe(memberPalette[0]);
  });

  it('keeps the email and birthday of a member whose email has no account, without linking anyone', async () => {
    const admin = await founder(t);
    const email = uniqueEmail('nobody');
    const res = await admin.call(api.addMember, {
      body: { name: 'Gran', email: email.toUpperCase(), birthday: '1950-02-28', permissionLevel: 'EDIT' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ userId: null, email, birthday: '1950-02-28', permissionLevel: 'EDIT' });
  });

  it('treats empty email and birthday as none', async () => {
    const admin = await founder(t);
    const res = await admin.call(api.addMember, { body: { name: 'Tot', email: '', birthday: '', userId: null } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: null, birthday: null, userId: null });
  });

  it('answers the spec\'s messages for invalid input', async () => {
    const admin = await founder(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '   ' }, 'Name is required'],
      [{ name: 'x'.repeat(101) }, 'Name must be less than 100 characters'],
      [{ name: 'A', email: 'not-an-email' }, 'Please enter a valid email address'],
      [{ name: 'A', birthday: '2023-02-29' }, 'Please enter a valid date'],
      [{ name: 'A', birthday: 'yesterday' }, 'Please enter a valid date'],
      // Year 0 exists for JavaScript (a leap year even) but not for PostgreSQL: once a 500.
      [{ name: 'A', birthday: '0000-02-29' }, 'Please enter a valid date'],
    ];
    for (const [body, message] of cases) {
      const res = await admin.call(api.addMember, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await admin.call(api.addMember, { body: { name: 'A', permissionLevel: 'OWNER' } })).status).toBe(400);
    expect((await admin.call(api.addMember, { body: { name: 'x'.repeat(100) } })).status).toBe(201);
  });

  it('lets an EDIT member add EDIT and READ_ONLY members but not ADMINs', async () => {
    const admin = await founder(t);
    const editor = await joinAs(t, admin, 'EDIT');
    expect((await editor.call(api.addMember, { body: { name: 'E', permissionLevel: 'EDIT' } })).status).toBe(201);
    expect((await editor.call(api.addMember, { body: { name: 'R' } })).status).toBe(201);
    const res = await editor.call(api.addMember, { body: { name: 'A', permissionLevel: 'ADMIN' } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(msg.permissionAdminOnly);
    expect((await admin.call(api.listMembers)).body).toHaveLength(4);
  });
});

describe('editing members', () => {
  it('changes name, email and birthday; empty fields clear them', async () => {
    const admin = await founder(t);
    const id = await addChild(admin, 'Kid', { permissionLevel: 'EDIT', birthday: '2015-06-01' });
    const res = await admin.call(api.updateMember, {
      params: { id }, body: { name: 'Kiddo', email: 'Kid@Example.test', birthday: '2015-06-02' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, name: 'Kiddo', email: 'kid@example.test', birthday: '2015-06-02', permissionLevel: 'EDIT' });
    const cleared = await admin.call(api.updateMember, { params: { id }, body: { name: 'Kiddo', email: '', birthday: '' } });
    expect(cleared.body).toMatchObject({ email: null, birthday: null });
  });

  it('keeps email, birthday and permission level that a PUT leaves out', async () => {
    const admin = await founder(t);
    const id = await addChild(admin, 'Kid', { email: 'kid@example.test', birthday: '2016-01-31', permissionLevel: 'EDIT' });
    const res = await admin.call(api.updateMember, { params: { id }, body: { name: 'Renamed' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Renamed', email: 'kid@example.test', birthday: '2016-01-31', permissionLevel: 'EDIT' });
    const cleared = await admin.call(api.updateMember, { params: { id }, body: { name: 'Renamed', email: null, birthday: null } });
    expect(cleared.body).toMatchObject({ email: null, birthday: null });
  });

  it('validates edits with the same messages', async () => {
    const admin = await founder(t);
    const id = await addChild(admin);
    const empty = await admin.call(api.updateMember, { params: { id }, body: { name: '' } });
    expect(empty.body.message).toBe('Name is required');
    const date = await admin.call(api.updateMember, { params: { id }, body: { name: 'A', birthday: '2024-13-01' } });
    expect(date.status).toBe(400);
    expect(date.body.message).toBe('Please enter a valid date');
  });

  it('lets an EDIT member edit anyone\'s details but not change a permission level', async () => {
    const admin = await founder(t);
    const editor = await joinAs(t, admin, 'EDIT');
    const renamed = await editor.call(api.updateMember, {
      params: { id: admin.memberId }, body: { name: 'Boss', permissionLevel: 'ADMIN' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Boss', permissionLevel: 'ADMIN' });
    for (const [id, level] of [[admin.memberId, 'EDIT'], [editor.memberId, 'ADMIN'], [editor.memberId, 'READ_ONLY']]) {
      const res = await editor.call(api.updateMember, { params: { id: id! }, body: { name: 'X', permissionLevel: level } });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(msg.permissionAdminOnly);
    }
    const [row] = await t.db.select().from(familyMembers).where(eq(familyMembers.id, editor.memberId));
    expect(row).toMatchObject({ permissionLevel: 'EDIT', name: 'EDIT member' });
  });

  it('lets an admin change permission levels', async () => {
    const admin = await founder(t);
    const editor = await joinAs(t, admin, 'EDIT');
    const res = await admin.call(api.updateMember, { params: { id: editor.memberId }, body: { name: 'E', permissionLevel: 'READ_ONLY' } });
    expect(res.body.permissionLevel).toBe('READ_ONLY');
    const write = await editor.call(api.addMember, { body: { name: 'nope' } });
    expect(write.status).toBe(403);
  });
});

describe('the last admin', () => {
  it('cannot be demoted, until another account is admin', async () => {
    const admin = await founder(t);
    const other = await joinAs(t, admin, 'EDIT');
    const demote = () => admin.call(api.updateMember, {
      params: { id: admin.memberId }, body: { name: 'Founder', permissionLevel: 'EDIT' },
    });
    const refused = await demote();
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(msg.lastAdmin);
    await admin.call(api.updateMember, { params: { id: other.memberId }, body: { name: 'O', permissionLevel: 'ADMIN' } });
    expect((await demote()).status).toBe(200);
    const back = await other.call(api.updateMember, { params: { id: other.memberId }, body: { name: 'O', permissionLevel: 'READ_ONLY' } });
    expect(back.status).toBe(409);
  });

  it('is not replaced by a member without an account marked ADMIN', async () => {
    const admin = await founder(t);
    await addChild(admin, 'Kid', { permissionLevel: 'ADMIN' });
    const res = await admin.call(api.updateMember, {
      params: { id: admin.memberId }, body: { name: 'Founder', permissionLevel: 'READ_ONLY' },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(msg.lastAdmin);
  });

  it('cannot remove themself, so the family keeps its admin', async () => {
    const admin = await founder(t);
    const res = await admin.call(api.removeMember, { params: { id: admin.memberId } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(msg.cannotRemoveSelf);
    expect((await admin.call(api.listMembers)).body).toHaveLength(1);
  });
});

describe('removing members', () => {
  it('removes a member without an account', async () => {
    const admin = await founder(t);
    const id = await addChild(admin);
    expect((await admin.call(api.removeMember, { params: { id } })).status).toBe(204);
    expect((await admin.call(api.listMembers)).body.map((m: { id: string }) => m.id)).not.toContain(id);
    expect((await admin.call(api.removeMember, { params: { id } })).status).toBe(404);
  });

  it('takes the family away from a linked account, which loses access at once', async () => {
    const admin = await founder(t);
    const editor = await joinAs(t, admin, 'EDIT');
    expect((await editor.call(api.listMembers)).status).toBe(200);
    expect((await admin.call(api.removeMember, { params: { id: editor.memberId } })).status).toBe(204);
    expect((await userRow(editor.user.id)).familyId).toBeNull();
    expect(await t.db.select().from(familyMembers).where(eq(familyMembers.userId, editor.user.id))).toHaveLength(0);
    expect((await editor.call(api.listMembers)).status).toBe(403);
    expect((await editor.call(api.addMember, { body: { name: 'sneaky' } })).status).toBe(403);
  });

  it('lets an admin remove another admin', async () => {
    const admin = await founder(t);
    const second = await joinAs(t, admin, 'ADMIN');
    expect((await admin.call(api.removeMember, { params: { id: second.memberId } })).status).toBe(204);
    expect((await second.call(api.listMembers)).status).toBe(403);
  });
});

describe('colours', () => {
  it('lets any member, even READ_ONLY, change any member\'s colour', async () => {
    const admin = await founder(t);
    const reader = await joinAs(t, admin, 'READ_ONLY');
    const res = await reader.call(api.setMemberColor, { params: { id: admin.memberId }, body: { color: '#12AB9f' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: admin.memberId, color: '#12ab9f' });
  });

  it('accepts only #rrggbb colours', async () => {
    const admin = await founder(t);
    for (const color of ['red', '#fff', '#12345g', '12345678', '#1234567']) {
      const res = await admin.call(api.setMemberColor, { params: { id: admin.memberId }, body: { color } });
      expect(res.status, color).toBe(400);
      expect(res.body.message).toBe(msg.invalidColor);
    }
  });
});

describe('member order', () => {
  it('sets member numbers and answers the members in the new order', async () => {
    const admin = await founder(t, 'Ann');
    const kid = await addChild(admin, 'Kid');
    const res = await admin.call(api.setMemberOrder, {
      body: [{ id: kid, memberNumber: 1 }, { id: admin.memberId, memberNumber: 2 }],
    });
    expect(res.status).toBe(200);
    expect(res.body.map((m: { name: string; memberNumber: number }) => [m.name, m.memberNumber])).toEqual([['Kid', 1], ['Ann', 2]]);
    expect((await admin.call(api.listMembers)).body.map((m: { name: string }) => m.name)).toEqual(['Kid', 'Ann']);
  });

  it('accepts only whole numbers of at least 1, each member once', async () => {
    const admin = await founder(t);
    for (const memberNumber of [0, -1, 1.5, '2', null]) {
      const res = await admin.call(api.setMemberOrder, { body: [{ id: admin.memberId, memberNumber }] });
      expect(res.status, String(memberNumber)).toBe(400);
      expect(res.body.message).toBe(msg.invalidMemberNumber);
    }
    const twice = await admin.call(api.setMemberOrder, {
      body: [{ id: admin.memberId, memberNumber: 1 }, { id: admin.memberId, memberNumber: 2 }],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe(msg.duplicateInOrder);
  });

  it('changes nothing when one id is unknown', async () => {
    const admin = await founder(t);
    const kid = await addChild(admin);
    const res = await admin.call(api.setMemberOrder, {
      body: [{ id: kid, memberNumber: 7 }, { id: crypto.randomUUID(), memberNumber: 8 }],
    });
    expect(res.status).toBe(404);
    const [row] = await t.db.select().from(familyMembers).where(eq(familyMembers.id, kid));
    expect(row?.memberNumber).toBe(2);
  });

  it('auto-assigns 1..n in the current order: by number, unnumbered last, then name', async () => {
    const admin = await founder(t, 'Mia');
    const zoe = await addChild(admin, 'Zoe');
    const al = await addChild(admin, 'Al');
    const ben = await addChild(admin, 'Ben');
    await admin.call(api.setMemberOrder, {
      body: [{ id: admin.memberId, memberNumber: 9 }, { id: zoe, memberNumber: 4 }, { id: ben, memberNumber: 4 }],
    });
    await t.db.update(familyMembers).set({ memberNumber: null }).where(eq(familyMembers.id, al));
    const res = await admin.call(api.autoAssignNumbers);
    expect(res.status).toBe(200);
    expect(res.body.map((m: { name: string; memberNumber: number }) => [m.name, m.memberNumber]))
      .toEqual([['Ben', 1], ['Zoe', 2], ['Mia', 3], ['Al', 4]]);
  });

  it('numbers a newly added member after the highest number', async () => {
    const admin = await founder(t);
    await admin.call(api.setMemberOrder, { body: [{ id: admin.memberId, memberNumber: 5 }] });
    const res = await admin.call(api.addMember, { body: { name: 'Next' } });
    expect(res.body.memberNumber).toBe(6);
  });
});

describe('family name and timezone', () => {
  it('answers the name and the default timezone to any member', async () => {
    const admin = await founder(t, 'Ola');
    const reader = await joinAs(t, admin, 'READ_ONLY');
    const res = await reader.call(api.getFamilyName);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ familyName: "Ola's Family", timezone: 'America/New_York', defaultReminderMinutes: null, firstDayOfWeek: 1 });
  });

  it('renames the family, trimmed, with the spec\'s messages', async () => {
    const admin = await founder(t);
    const res = await admin.call(api.setFamilyName, { body: { familyName: '  The Smiths ' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ familyName: 'The Smiths', timezone: 'America/New_York', defaultReminderMinutes: null, firstDayOfWeek: 1 });
    expect((await admin.call(api.getFamilyName)).body.familyName).toBe('The Smiths');
    const empty = await admin.call(api.setFamilyName, { body: { familyName: '  ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Family name is required');
    const long = await admin.call(api.setFamilyName, { body: { familyName: 'x'.repeat(101) } });
    expect(long.body.message).toBe('Family name must be less than 100 characters');
    expect((await admin.call(api.setFamilyName, { body: { familyName: 'x'.repeat(100) } })).status).toBe(200);
  });

  it('starts weeks on Monday until an admin chooses another day, 0 (Sunday) to 6 (Saturday)', async () => {
    const admin = await founder(t);
    const reader = await joinAs(t, admin, 'READ_ONLY');
    for (const day of [0, 6, 1]) {
      const res = await admin.call(api.setFirstDayOfWeek, { body: { firstDayOfWeek: day } });
      expect([res.status, res.body.firstDayOfWeek]).toEqual([200, day]);
      if (day === 0) expect((await reader.call(api.getFamilyName)).body.firstDayOfWeek).toBe(0);
    }
    for (const bad of [-1, 7, 1.5, '1', null]) {
      const res = await admin.call(api.setFirstDayOfWeek, { body: { firstDayOfWeek: bad } });
      expect([res.status, res.body.message]).toEqual([400, 'Please choose a day of the week']);
    }
    expect((await reader.call(api.getFamilyName)).body.firstDayOfWeek).toBe(1);
  });

  it('accepts exactly the eleven listed timezones', async () => {
    const admin = await founder(t);
    expect(api.timezones).toEqual([
      'America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles', 'America/Anchorage',
      'Pacific/Honolulu', 'UTC', 'Europe/London', 'Europe/Paris', 'Asia/Tokyo', 'Australia/Sydney',
    ]);
    for (const timezone of api.timezones) {
      const res = await admin.call(api.setTimezone, { body: { timezone } });
      expect(res.status, timezone).toBe(200);
      expect(res.body.timezone).toBe(timezone);
    }
    for (const timezone of ['Europe/Berlin', 'utc', '']) {
      const res = await admin.call(api.setTimezone, { body: { timezone } });
      expect(res.status, timezone).toBe(400);
      expect(res.body.message).toBe('Please choose one of the listed timezones');
    }
    expect((await admin.call(api.getFamilyName)).body.timezone).toBe('Australia/Sydney');
  });
});

describe('live changes', () => {
  it('publishes a family change for every member, family and invite write', async () => {
    const admin = await founder(t);
    const changes: Change[] = [];
    const stop = await t.database.listen('hearth_changes', (payload) => changes.push(...changesIn(payload)));
    try {
      const kid = await addChild(admin);
      await admin.call(api.updateMember, { params: { id: kid }, body: { name: 'Kiddo' } });
      await admin.call(api.setMemberColor, { params: { id: kid }, body: { color: '#000000' } });
      await admin.call(api.setMemberOrder, { body: [{ id: kid, memberNumber: 1 }] });
      await admin.call(api.autoAssignNumbers);
      await admin.call(api.setFamilyName, { body: { familyName: 'Live' } });
      await admin.call(api.setTimezone, { body: { timezone: 'UTC' } });
      await admin.call(api.setDefaultReminder, { body: { defaultReminderMinutes: 60 } });
      await admin.call(api.setFirstDayOfWeek, { body: { firstDayOfWeek: 0 } });
      await admin.call(api.revokeInvite, { params: { token: await inviteToken(admin) } });
      await admin.call(api.removeMember, { params: { id: kid } });
      await expect.poll(() => changes.filter((c) => c.familyId === admin.familyId).map((c) => c.kind)).toEqual([
        'member_created', 'member_updated', 'member_updated', 'members_reordered', 'members_reordered',
        'family_renamed', 'family_timezone_changed', 'family_default_reminder_changed',
        'family_first_day_of_week_changed', 'invite_link_created', 'invite_revoked', 'member_removed',
        'member_removed',
      ]);
      // The removal refreshes the calendar too (its attendees, and the subscription link when an account leaves).
      expect(changes.filter((c) => c.topic !== 'family').map((c) => [c.kind, c.topic])).toEqual([['member_removed', 'calendar']]);
      expect(changes.every((c) => c.byUserId === admin.user.id)).toBe(true);
    } finally {
      await stop();
    }
  });

  it('does not publish a refused write', async () => {
    const admin = await founder(t);
    const reader = await joinAs(t, admin, 'READ_ONLY');
    const changes: Change[] = [];
    const stop = await t.database.listen('hearth_changes', (payload) => changes.push(...changesIn(payload)));
    try {
      expect((await reader.call(api.setFamilyName, { body: { familyName: 'Nope' } })).status).toBe(403);
      await admin.call(api.setMemberColor, { params: { id: admin.memberId }, body: { color: '#111111' } });
      await expect.poll(() => changes.length).toBe(1);
      expect(changes[0]!.kind).toBe('member_updated');
    } finally {
      await stop();
    }
  });
});
