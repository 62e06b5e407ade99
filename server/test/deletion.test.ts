import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import * as accounts from '@hearth/contract/accounts';
import { deletionMessages as msg, messages } from '@hearth/contract/accounts';
import { accessMessages } from '@hearth/contract/access-messages';
import * as family from '@hearth/contract/family';
import * as grocery from '@hearth/contract/grocery';
import * as locations from '@hearth/contract/locations';
import * as superadmin from '@hearth/contract/superadmin';
import { rawRows } from '../platform/db/client.ts';
import { lastAdminMessage } from '../features/superadmin/service.ts';
import { joinAs } from './factories.ts';
import { createTestApp, signIn, signUp, superadminHeaders, type SignedInUser, type TestApp } from './harness.ts';
import { makeHousehold } from './household.ts';
import { mailedCode } from './mailbox.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const uuidPattern = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** Every table of the schema, read from the catalog: a table added later is walked without a line here. */
async function tables(): Promise<string[]> {
  const rows = await rawRows<{ name: string }>(t.db, sql`select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
  return rows.map((r) => r.name);
}

/** Every row of the database as PostgreSQL writes it (its text form, every column), by table. */
async function dump(): Promise<Map<string, string[]>> {
  const all = new Map<string, string[]>();
  for (const name of await tables()) {
    const rows = await rawRows<{ row: string }>(t.db, sql.raw(`select t::text as row from "${name}" t`));
    all.set(name, rows.map((r) => r.row).sort());
  }
  return all;
}

/** The ids reachable from `start` through the rows that name them (a family: its members, lists, accounts, ...). */
function closure(rows: Map<string, string[]>, start: string): Set<string> {
  const ids = new Set([start]);
  for (let grew = true; grew;) {
    grew = false;
    for (const list of rows.values()) {
      for (const row of list) {
        if (![...row.matchAll(uuidPattern)].some((m) => ids.has(m[0]))) continue;
        for (const m of row.matchAll(uuidPattern)) if (!ids.has(m[0])) { ids.add(m[0]); grew = true; }
      }
    }
  }
  return ids;
}

/** The rows that name none of `ids`, by table. */
function without(rows: Map<string, string[]>, ids: Set<string>): Map<string, string[]> {
  return new Map([...rows].map(([name, list]) => [name, list.filter((row) => ![...row.matchAll(uuidPattern)].some((m) => ids.has(m[0])))]));
}

/** The rows anywhere that hold `text`. */
function holding(rows: Map<string, string[]>, text: string): string[] {
  return [...rows].flatMap(([name, list]) => list.filter((row) => row.includes(text)).map((row) => `${name}: ${row.slice(0, 160)}`));
}

async function account(name = 'Sam'): Promise<SignedInUser> {
  return signUp(t, { name });
}

describe('deleting a family', () => {
  it('removes every row of it from every table in one go, leaves its accounts without a family, and another family byte for byte as it was', { timeout: 120_000 }, async () => {
    const doomed = await makeHousehold(t);
    const other = await makeHousehold(t);
    const secret = `Secret-${randomBytes(6).toString('hex')}`;
    await doomed.editor.call(grocery.addItem, { body: { name: secret, listId: doomed.listIds[0]! }, headers: { 'idempotency-key': secret } });
    await doomed.editor.call(locations.createLocationNote, { body: { locationId: doomed.locationIds[0]!, note: secret, isPersonal: true } });
    const before = await dump();
    const familyIds = closure(before, doomed.familyId);
    expect(familyIds.has(other.familyId)).toBe(false);
    const accountIds = [doomed.admin.user.id, doomed.editor.user.id];

    const res = await doomed.admin.call(family.deleteFamily, { body: { name: 'The Testers' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: msg.familyDeleted });

    const after = await dump();
    expect(holding(after, doomed.familyId)).toEqual([]);
    expect(holding(after, secret)).toEqual([]);
    // What stays of the family's ids: its two accounts (users, their sessions and settings), nothing of the family.
    const left = [...familyIds].filter((id) => !accountIds.includes(id)).flatMap((id) => holding(after, id));
    for (const row of left) expect(row).toMatch(/^(users|sessions|email_tokens|login_codes|notification_preferences|throttle_hits|rate_counts): /);
    expect(without(after, familyIds)).toEqual(without(before, familyIds));
    for (const u of [doomed.admin, doomed.editor]) {
      expect((await u.call(accounts.me)).body).toMatchObject({ familyId: null, permissionLevel: null });
      expect((await u.call(family.listMembers)).body.message).toBe(accessMessages.noFamily);
    }
  });

  it('mails the other accounts, naming nothing the family held, and not the admin who deleted it', async () => {
    const admin = await account('Ada');
    const editor = await joinAs(t, admin, 'EDIT', 'Eve');
    await admin.call(family.setFamilyName, { body: { familyName: 'Hidden Hollow' } });
    await admin.call(grocery.createList, { body: { familyId: admin.user.familyId!, title: 'Hidden list' } });
    expect((await admin.call(family.deleteFamily, { body: { name: 'Hidden Hollow' } })).status).toBe(200);
    const mail = await t.mailbox.waitFor(editor.email, /family on Hearth was deleted/);
    expect(`${mail.subject}\n${mail.text}`).not.toMatch(/Hidden/);
    await t.mailbox.expectNothing(admin.email);
  });

  it('needs the name typed exactly, and an admin', async () => {
    const admin = await account('Ada');
    const editor = await joinAs(t, admin, 'EDIT');
    const reader = await joinAs(t, admin, 'READ_ONLY');
    const name = "Ada's Family";
    for (const typed of ["ada's family", ` ${name}`, `${name} `, '', "Ada's"]) {
      const res = await admin.call(family.deleteFamily, { body: { name: typed } });
      expect([res.status, res.body.message]).toEqual([400, msg.familyNameMismatch]);
    }
    for (const u of [editor, reader]) {
      const res = await u.call(family.deleteFamily, { body: { name } });
      expect([res.status, res.body.message]).toEqual([403, accessMessages.adminOnly]);
    }
    expect((await admin.call(family.listMembers)).body).toHaveLength(3);
    expect((await admin.call(family.deleteFamily, { body: { name } })).status).toBe(200);
    expect((await admin.call(family.deleteFamily, { body: { name } })).body.message).toBe(accessMessages.noFamily);
  });

  it('while members write: each write lands before the deletion and goes with it, or is refused; nothing is half left', { timeout: 60_000 }, async () => {
    const admin = await account('Ada');
    const editor = await joinAs(t, admin, 'EDIT');
    const familyId = admin.user.familyId!;
    const list = (await admin.call(grocery.createList, { body: { familyId, title: 'Race' } })).body;
    const writes = Array.from({ length: 24 }, (_, i) => (i % 2 ? admin : editor).call(grocery.addItem, {
      body: { name: `Item ${i}`, listId: list.id }, headers: { 'idempotency-key': `race-${i}-${familyId}` },
    }));
    const lists = Array.from({ length: 4 }, (_, i) => editor.call(grocery.createList, { body: { familyId, title: `L${i}` } }));
    const deletion = admin.call(family.deleteFamily, { body: { name: "Ada's Family" } });
    const answers = await Promise.all([...writes, ...lists]);
    expect((await deletion).status).toBe(200);
    // Before: written, then gone with the family. After: no family (403) or no list (404). Met: 409, nothing written.
    for (const a of answers) expect([200, 201, 403, 404, 409], JSON.stringify(a.body)).toContain(a.status);
    expect(holding(await dump(), familyId)).toEqual([]);
  });

  it('by the super admin: the name typed exactly, every account told', async () => {
    const admin = await account('Ada');
    const editor = await joinAs(t, admin, 'EDIT');
    const id = admin.user.familyId!;
    const wrong = await t.call(superadmin.deleteFamily, { params: { id }, body: { name: 'nope' }, headers: superadminHeaders() });
    expect([wrong.status, wrong.body.message]).toEqual([400, msg.familyNameMismatch]);
    expect((await t.call(superadmin.deleteFamily, { params: { id }, body: { name: "Ada's Family" } })).status).toBe(401);
    const res = await t.call(superadmin.deleteFamily, { params: { id }, body: { name: "Ada's Family" }, headers: superadminHeaders() });
    expect(res.status).toBe(200);
    for (const u of [admin, editor]) await t.mailbox.waitFor(u.email, /family on Hearth was deleted/);
    expect(holding(await dump(), id)).toEqual([]);
    const again = await t.call(superadmin.deleteFamily, { params: { id }, body: { name: "Ada's Family" }, headers: superadminHeaders() });
    expect(again.status).toBe(404);
  });
});

describe('deleting an account', () => {
  it('with the password: sessions, tokens, devices and personal notes go; the member stays, named, without an account', async () => {
    const admin = await account('Ada');
    const sam = await joinAs(t, admin, 'EDIT', 'Sam');
    const second = await signIn(t, sam.email, sam.password);
    const place = (await admin.call(locations.createLocation, { body: { name: 'Park' } })).body;
    const personal = `Personal-${randomBytes(6).toString('hex')}`;
    await sam.call(locations.createLocationNote, { body: { locationId: place.id, note: personal, isPersonal: true } });
    await sam.call(locations.createLocationNote, { body: { locationId: place.id, note: 'Shared by Sam', isPersonal: false } });
    const list = (await sam.call(grocery.createList, { body: { familyId: admin.user.familyId!, title: 'Sam list' } })).body;

    const wrong = await sam.call(accounts.deleteAccount, { body: { password: 'Wrong-Password-1' } });
    expect([wrong.status, wrong.body.message]).toEqual([400, msg.wrongPassword]);
    const none = await sam.call(accounts.deleteAccount, { body: {} });
    expect([none.status, none.body.message]).toEqual([400, msg.confirmWith]);
    const res = await sam.call(accounts.deleteAccount, { body: { password: sam.password } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: msg.accountDeleted });

    for (const u of [sam, second]) expect((await u.call(accounts.me)).status).toBe(401);
    const rows = await dump();
    // Only its bare id stays: as the subject of the family's own events ("joined"), and in short-lived counters.
    for (const row of holding(rows, sam.user.id)) expect(row).toMatch(/^(family_events|rate_counts): /);
    expect(holding(rows, sam.email)).toEqual([]);
    expect(holding(rows, personal)).toEqual([]);
    const members = (await admin.call(family.listMembers)).body;
    expect(members.find((m: { name: string }) => m.name === 'Sam')).toMatchObject({ userId: null, email: null, permissionLevel: 'EDIT' });
    const notes = (await admin.call(locations.listLocationNotes, { params: { id: place.id } })).body;
    expect(notes.map((n: { note: string }) => n.note)).toEqual(['Shared by Sam']);
    expect((await admin.call(grocery.getItems, { params: { listId: list.id } })).status).toBe(200);
    const login = await t.call(accounts.login, { body: { email: sam.email, password: sam.password } });
    expect([login.status, login.body.message]).toEqual([401, messages.badCredentials]);
  });

  it('with "remove me from the family too": the member goes as well', async () => {
    const admin = await account('Ada');
    const sam = await joinAs(t, admin, 'READ_ONLY', 'Sam');
    expect((await sam.call(accounts.deleteAccount, { body: { password: sam.password, removeFromFamily: true } })).status).toBe(200);
    const members = (await admin.call(family.listMembers)).body;
    expect(members.map((m: { name: string }) => m.name)).toEqual(['Ada']);
  });

  it('with an emailed sign-in code instead of the password', async () => {
    const sam = await account('Sam');
    const bad = await sam.call(accounts.deleteAccount, { body: { code: '000000' } });
    expect([bad.status, bad.body.message]).toEqual([400, messages.codeInvalid]);
    await t.call(accounts.requestCode, { body: { email: sam.email } });
    const code = mailedCode((await t.mailbox.waitFor(sam.email, /sign-in code/)).text);
    expect((await sam.call(accounts.deleteAccount, { body: { code } })).status).toBe(200);
    expect((await sam.call(accounts.me)).status).toBe(401);
  });

  it('refuses (409) the sole admin of a family other accounts are in, until another is admin; a sole account may go', async () => {
    const admin = await account('Ada');
    const eve = await joinAs(t, admin, 'EDIT', 'Eve');
    const res = await admin.call(accounts.deleteAccount, { body: { password: admin.password } });
    expect([res.status, res.body.message]).toEqual([409, msg.soleAdmin]);
    expect((await admin.call(accounts.me)).status).toBe(200);
    const eveMember = (await admin.call(family.listMembers)).body.find((m: { name: string }) => m.name === 'Eve');
    await admin.call(family.updateMember, { params: { id: eveMember.id }, body: { name: 'Eve', email: eve.email, birthday: null, permissionLevel: 'ADMIN' } });
    expect((await admin.call(accounts.deleteAccount, { body: { password: admin.password } })).status).toBe(200);
    expect((await eve.call(family.listMembers)).body).toHaveLength(2);

    const alone = await account('Solo');
    expect((await alone.call(accounts.deleteAccount, { body: { password: alone.password } })).status).toBe(200);
  });

  it('counts wrong passwords as failed sign-ins: past them, 429', async () => {
    const sam = await account('Sam');
    let last = 0;
    for (let i = 0; i < 11; i++) last = (await sam.call(accounts.deleteAccount, { body: { password: `Wrong-${i}-Aa` } })).status;
    expect(last).toBe(429);
  });

  it('by the super admin: the email typed exactly, the same sole-admin rule', async () => {
    const admin = await account('Ada');
    const sam = await joinAs(t, admin, 'EDIT', 'Sam');
    const call = (id: string, body: object) => t.call(superadmin.deleteUser, { params: { id }, body, headers: superadminHeaders() });
    const wrong = await call(sam.user.id, { email: sam.email.toUpperCase() });
    expect([wrong.status, wrong.body.message]).toEqual([400, msg.emailMismatch]);
    const sole = await call(admin.user.id, { email: admin.email });
    expect([sole.status, sole.body.message]).toEqual([409, lastAdminMessage]);
    expect((await call(sam.user.id, { email: sam.email, removeFromFamily: true })).status).toBe(200);
    expect((await sam.call(accounts.me)).status).toBe(401);
    expect((await admin.call(family.listMembers)).body).toHaveLength(1);
    expect((await call(sam.user.id, { email: sam.email })).status).toBe(404);
  });
});
