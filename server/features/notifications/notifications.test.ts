import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import * as calendar from '@hearth/contract/calendar';
import { eventTypes, type EventType } from '@hearth/contract/events';
import * as family from '@hearth/contract/family';
import * as grocery from '@hearth/contract/grocery';
import * as meals from '@hearth/contract/meals';
import * as api from '@hearth/contract/notifications';
import { modules } from '../../app.ts';
import { days, minutes } from '../../platform/clock.ts';
import { familyMembers, notifications } from '../../platform/db/schema.ts';
import { Events } from '../../platform/events.ts';
import { Notifier } from '../../platform/notifications/notifier.ts';
import { assignedRule } from '../../platform/notifications/rules.ts';
import { coalescingWindowMs, prune } from '../../platform/notifications/store.ts';
import { Realtime } from '../../platform/realtime.ts';
import { joinAs } from '../../test/factories.ts';
import { createTestApp, signUp, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { okBody as ok } from '../../test/answers.ts';

let t: TestApp;
let ada: SignedInUser; // ADMIN
let ed: SignedInUser; // EDIT
let rory: SignedInUser; // READ_ONLY
let bo: SignedInUser; // another family's
let familyId: string;


const inbox = async (user: SignedInUser) =>
  (await ok<{ notifications: api.Notification[] }>(user.call(api.listNotifications, { query: { limit: 50 } }))).notifications;
const texts = async (user: SignedInUser) => (await inbox(user)).map((n) => n.text);
const unread = async (user: SignedInUser) => (await ok<{ count: number }>(user.call(api.unreadNotificationCount))).count;
const readAll = (...users: SignedInUser[]) => Promise.all(users.map((u) => ok(u.call(api.markAllNotificationsRead))));
/** What each member was told since the last `readAll`: the unread texts. */
const told = async () => {
  const out: Record<string, string[]> = {};
  for (const [name, user] of Object.entries({ ada, ed, rory, bo })) {
    out[name] = (await inbox(user)).filter((n) => !n.read).map((n) => n.text);
  }
  return out;
};
const nobody = { ada: [], ed: [], rory: [], bo: [] };

const newList = async (user: SignedInUser, title: string) =>
  ok<{ id: string }>(user.call(grocery.createList, { body: { familyId, title } }));
const add = (user: SignedInUser, listId: string, name: string) => ok(user.call(grocery.addItem, { body: { name, listId } }));

beforeAll(async () => {
  t = await createTestApp();
  ada = await signUp(t, { name: 'Ada' });
  familyId = ada.user.familyId!;
  ed = await joinAs(t, ada, 'EDIT', 'Ed');
  rory = await joinAs(t, ada, 'READ_ONLY', 'Rory');
  bo = await signUp(t, { name: 'Bo' });
  await ok(ada.call(family.addMember, { body: { name: 'Kid', birthday: '2019-05-01' } }));
  await ok(ada.call(family.setFamilyName, { body: { familyName: 'The Lovelaces' } }));
});
afterAll(async () => { await t.close(); });

describe('who is told of what', () => {
  it('items added tell the list\'s followers (its creator and whoever added to it), coalesced, never the actor', async () => {
    const costco = await newList(ada, 'Costco');
    for (const name of ['Milk', 'Eggs', 'Bread', 'Rice', 'Beans']) await add(ed, costco.id, name);
    expect(await told()).toEqual({ ...nobody, ada: ['Ed added 5 items to Costco'] });
    expect(await unread(ada)).toBe(1);

    // Ed follows it now (he added to it): Ada's add tells him.
    await readAll(ada);
    await add(ada, costco.id, 'Tea');
    expect(await told()).toEqual({ ...nobody, ed: ['Ada added 1 item to Costco'] });

    // A recipe's ingredients count into the same open row.
    const meal = await ok<{ id: string }>(ada.call(meals.createMeal, { body: {
      name: 'Pancakes', ingredients: [{ name: 'Flour' }, { name: 'Sugar' }, { name: 'Butter' }],
    } }));
    await ok(ada.call(meals.addMealToGroceryList, { params: { id: meal.id }, query: { groceryListId: costco.id } }));
    expect(await told()).toEqual({ ...nobody, ed: ['Ada added 4 items to Costco'] });
    await readAll(ed);
  });

  it('follow and unfollow on a list; an unfollow holds when the member adds again', async () => {
    const list = await newList(ada, 'Hardware');
    expect(await ok(rory.call(api.getListFollow, { params: { listId: list.id } }))).toEqual({ following: false, muted: false });
    expect(await ok(rory.call(api.setListFollow, { params: { listId: list.id }, body: { following: true } })))
      .toEqual({ following: true, muted: false });
    await add(ed, list.id, 'Screws');
    expect(await told()).toEqual({ ...nobody, ada: ['Ed added 1 item to Hardware'], rory: ['Ed added 1 item to Hardware'] });
    await readAll(ada, rory);

    await ok(ed.call(api.setListFollow, { params: { listId: list.id }, body: { following: false } }));
    await add(ed, list.id, 'Nails');
    await readAll(ada, rory);
    await add(ada, list.id, 'Glue');
    expect(await told()).toEqual({ ...nobody, rory: ['Ada added 1 item to Hardware'] });
    await readAll(rory);
  });

  it('a comment tells the list\'s followers; a reply tells the comment\'s author, once', async () => {
    const list = await newList(ada, 'Party');
    await add(ed, list.id, 'Cake');
    await readAll(ada);
    const comment = await ok<{ id: string }>(ada.call(grocery.addComment, { body: { listId: list.id, text: 'Chocolate?' } }));
    expect(await told()).toEqual({ ...nobody, ed: ['Ada commented on Party'] });
    await readAll(ed);
    await ok(ed.call(grocery.addComment, { body: { listId: list.id, text: 'Yes', parentId: comment.id } }));
    expect(await told()).toEqual({ ...nobody, ada: ['Ed replied to your comment on Party'] });
    await readAll(ada);
  });

  it('events tell their attendees with an account (everyone for a family event), created, changed and cancelled', async () => {
    const members = await ok<{ id: string; name: string; userId: string | null }[]>(ada.call(family.listMembers));
    const edMember = members.find((m) => m.name === 'Ed')!;
    const kid = members.find((m) => m.name === 'Kid')!;
    const dentist = await ok<{ id: string }>(ada.call(calendar.createEvent, { body: {
      title: 'Dentist', startTime: '2026-03-03T09:30:00', endTime: '2026-03-03T10:30:00', attendeeIds: [edMember.id, kid.id],
    } }));
    expect(await told()).toEqual({ ...nobody, ed: ['Ada added Dentist to the calendar'] });
    await readAll(ed);
    const picnic = await ok<{ id: string }>(ed.call(calendar.createEvent, { body: {
      title: 'Picnic', startTime: '2026-03-04T12:00:00', endTime: '2026-03-04T14:00:00',
    } }));
    expect(await told()).toEqual({ ...nobody, ada: ['Ed added Picnic to the calendar'], rory: ['Ed added Picnic to the calendar'] });
    await readAll(ada, rory);
    await ok(ada.call(calendar.updateEvent, {
      params: { id: dentist.id }, query: { editType: 'series' },
      body: { title: 'Dentist (moved)', startTime: '2026-03-03T11:00:00', endTime: '2026-03-03T12:00:00', attendeeIds: [edMember.id] },
    }));
    expect(await told()).toEqual({ ...nobody, ed: ['Ada changed Dentist (moved)'] });
    await readAll(ed);
    await ok(ada.call(calendar.deleteEvent, { params: { id: picnic.id }, query: { deleteType: 'series' } }));
    expect(await told()).toEqual({ ...nobody, ed: ['Ada cancelled Picnic'], rory: ['Ada cancelled Picnic'] });
    await readAll(ed, rory);
    // The child has no account: no row names anyone but accounts.
    const recipients = await t.db.select({ id: notifications.recipientId }).from(notifications);
    const accounts = await t.db.select({ userId: familyMembers.userId }).from(familyMembers);
    expect(recipients.every((r) => accounts.some((a) => a.userId === r.id))).toBe(true);
  });

  it('an invite accepted tells whoever made it, on registration and by an existing account', async () => {
    const invite = await ok<{ token: string }>(ada.call(family.createInvite, { body: { invitedEmail: null } }));
    const newt = await signUp(t, { name: 'Newt', inviteToken: invite.token });
    expect((await told()).ada).toEqual(['Newt accepted your invite and joined The Lovelaces']);
    await readAll(ada, ed, rory, newt);
    const second = await ok<{ token: string }>(ada.call(family.createInvite, { body: { invitedEmail: null } }));
    const cy = await signUp(t, { name: 'Cy' });
    await ok(cy.call(family.acceptInvite, { params: { token: second.token } }));
    expect(await told()).toEqual({ ...nobody, ada: ['Cy accepted your invite and joined The Lovelaces'] });
    await readAll(ada);
  });

  it('assigned things tell the assignee through the hook a feature registers', async () => {
    const events = new Events(t.clock, new Realtime(t.database), new Notifier([assignedRule('meal_updated')]));
    const subjectId = crypto.randomUUID();
    await t.db.transaction((tx) => events.record(tx, {
      familyId, actorId: ada.user.id, type: 'meal_updated', subjectId, data: { assignedToUserId: rory.user.id, title: 'Take out the bins' },
    }));
    // Another family's member named as assignee is never told.
    await t.db.transaction((tx) => events.record(tx, {
      familyId, actorId: ada.user.id, type: 'meal_updated', subjectId, data: { assignedToUserId: bo.user.id, title: 'x' },
    }));
    expect(await told()).toEqual({ ...nobody, rory: ['Ada assigned you Take out the bins'] });
    await readAll(rory);
  });

  it('every other event type tells no one', async () => {
    const notifying = new Set<EventType>([
      'add_grocery_item', 'recipe_items_added', 'comment_added', 'calendar_event_created', 'calendar_event_updated',
      'calendar_event_deleted', 'member_joined',
    ]);
    const rules = modules.flatMap((m) => m.notifications ?? []);
    // The table above covers every type a rule tells of: a new rule needs its own row there.
    expect(new Set(rules.filter((r) => r.notify).map((r) => r.type))).toEqual(notifying);
    const events = new Events(t.clock, new Realtime(t.database), new Notifier(rules));
    const list = await newList(ada, 'Everything');
    await add(ed, list.id, 'x');
    await readAll(ada);
    const event = await ok<{ id: string }>(ada.call(calendar.createEvent, { body: {
      title: 'Family day', startTime: '2026-03-05T09:00:00', endTime: '2026-03-05T10:00:00',
    } }));
    await readAll(ed, rory);
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(notifications);
    for (const type of eventTypes.filter((e) => !notifying.has(e))) {
      for (const subjectId of [list.id, event.id]) {
        await t.db.transaction((tx) => events.record(tx, { familyId, actorId: ed.user.id, type, subjectId, data: { listId: list.id } }));
      }
    }
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(notifications)).toEqual(before);
  });
});

describe('preferences', () => {
  it('a muted kind and a muted list are not told', async () => {
    const list = await newList(ada, 'Muted');
    const prefs = await ok(ada.call(api.setNotificationPreferences, {
      body: { mutedKinds: ['list_items'], mutedListIds: [], quietHours: { start: '22:00', end: '07:00' }, digest: false },
    }));
    expect(prefs).toEqual({ mutedKinds: ['list_items'], mutedListIds: [], quietHours: { start: '22:00', end: '07:00' }, digest: false, timezone: 'America/New_York' });
    await add(ed, list.id, 'a');
    expect((await told()).ada).toEqual([]);
    await ok(ada.call(api.setNotificationPreferences, { body: { mutedKinds: [], mutedListIds: [list.id], quietHours: null, digest: false } }));
    expect(await ok(ada.call(api.getListFollow, { params: { listId: list.id } }))).toEqual({ following: true, muted: true });
    await add(ed, list.id, 'b');
    await ok(ed.call(grocery.addComment, { body: { listId: list.id, text: 'hello' } }));
    expect((await told()).ada).toEqual([]);
    await ok(ada.call(api.setNotificationPreferences, { body: { mutedKinds: [], mutedListIds: [], quietHours: null, digest: false } }));
    await add(ed, list.id, 'c');
    expect((await told()).ada).toEqual(['Ed added 1 item to Muted']);
    await readAll(ada);
  });

  it('refuses bad preferences with clear messages, and another family\'s list as missing', async () => {
    const refuse = async (body: Record<string, unknown>, status: number, message: string) => {
      const res = await ada.call(api.setNotificationPreferences, { body: { mutedKinds: [], mutedListIds: [], quietHours: null, digest: false, ...body } });
      expect([res.status, res.body.message]).toEqual([status, message]);
    };
    await refuse({ mutedKinds: ['everything'] }, 400, api.notificationMessages.kindInvalid);
    await refuse({ quietHours: { start: '25:00', end: '07:00' } }, 400, api.notificationMessages.timeInvalid);
    await refuse({ quietHours: { start: '07:00', end: '07:00' } }, 400, api.notificationMessages.quietHoursBoth);
    await refuse({ mutedListIds: Array.from({ length: 201 }, () => crypto.randomUUID()) }, 400, api.notificationMessages.tooManyMutedLists);
    const theirs = await ok<{ id: string }>(bo.call(grocery.createList, { body: { familyId: bo.user.familyId!, title: 'Theirs' } }));
    await refuse({ mutedListIds: [theirs.id] }, 404, api.notificationMessages.listNotFound);
    const follow = await ada.call(api.setListFollow, { params: { listId: theirs.id }, body: { following: true } });
    expect([follow.status, follow.body.message]).toEqual([404, api.notificationMessages.listNotFound]);
    expect((await ada.call(api.getListFollow, { params: { listId: theirs.id } })).status).toBe(404);
  });
});

describe('reading and marking', () => {
  it('pages newest first, marks one and all read, and answers 404 for another member\'s notification', async () => {
    const list = await newList(ed, 'Paging');
    for (const name of ['a', 'b', 'c']) {
      const other = await newList(ed, `P-${name}`);
      await ok(ada.call(api.setListFollow, { params: { listId: other.id }, body: { following: true } }));
      t.clock.advance(1000);
      await add(ed, other.id, name);
    }
    await ok(ada.call(api.setListFollow, { params: { listId: list.id }, body: { following: true } }));
    const first = await ok<{ notifications: api.Notification[]; nextCursor: string }>(ada.call(api.listNotifications, { query: { limit: 2 } }));
    expect(first.notifications.map((n) => n.text)).toEqual(['Ed added 1 item to P-c', 'Ed added 1 item to P-b']);
    expect(first.notifications[0]).toMatchObject({ kind: 'list_items', read: false, count: 1, path: expect.stringMatching(/^\/list\//) });
    const second = await ok<{ notifications: api.Notification[] }>(ada.call(api.listNotifications, { query: { limit: 2, before: first.nextCursor } }));
    expect(second.notifications[0]!.text).toBe('Ed added 1 item to P-a');
    expect((await ada.call(api.listNotifications, { query: { before: 'nonsense' } })).body.message).toBe(api.notificationMessages.cursorInvalid);

    expect(await unread(ada)).toBe(3);
    const id = first.notifications[0]!.id;
    expect((await ed.call(api.markNotificationRead, { params: { id } })).status).toBe(404);
    expect((await bo.call(api.markNotificationRead, { params: { id } })).status).toBe(404);
    expect((await ada.call(api.markNotificationRead, { params: { id } })).status).toBe(204);
    expect(await unread(ada)).toBe(2);
    expect((await ada.call(api.markAllNotificationsRead)).status).toBe(204);
    expect(await unread(ada)).toBe(0);
    // A read row takes no more: the next add is a new notification.
    t.clock.advance(1000);
    await add(ed, first.notifications[0]!.subjectId, 'd');
    expect((await inbox(ada)).slice(0, 2).map((n) => [n.text, n.read])).toEqual([
      ['Ed added 1 item to P-c', false], ['Ed added 1 item to P-c', true],
    ]);
    await readAll(ada);
  });

  it('another family sees none of it, and a member who moved sees only the new family\'s', async () => {
    expect(await inbox(bo)).toEqual([]);
    const count = (await inbox(ada)).length;
    expect(count).toBeGreaterThan(0);
    const theirs = await ok<{ token: string }>(bo.call(family.createInvite, { body: { invitedEmail: null } }));
    const walker = await joinAs(t, ada, 'EDIT', 'Walker');
    const list = await newList(ada, 'Walker list');
    await ok(walker.call(api.setListFollow, { params: { listId: list.id }, body: { following: true } }));
    await add(ed, list.id, 'x');
    expect(await texts(walker)).toEqual(['Ed added 1 item to Walker list']);
    await ok(walker.call(family.acceptInvite, { params: { token: theirs.token } }));
    expect(await inbox(walker)).toEqual([]);
    expect(await unread(walker)).toBe(0);
  });
});

describe('bounds', () => {
  it('an open row coalesces within the window only; rows go after 60 days; a member keeps the newest 500', async () => {
    const list = await newList(ed, 'Window');
    await ok(rory.call(api.setListFollow, { params: { listId: list.id }, body: { following: true } }));
    await add(ed, list.id, 'a');
    t.clock.advance(coalescingWindowMs + minutes(1));
    await prune(t.db, t.clock);
    await add(ed, list.id, 'b');
    expect((await texts(rory)).slice(0, 2)).toEqual(['Ed added 1 item to Window', 'Ed added 1 item to Window']);

    const now = t.clock.now().getTime();
    const row = (at: number, i: number) => ({
      familyId, recipientId: rory.user.id, kind: 'list_items', action: 'add_grocery_item', actorName: 'Ed',
      subjectId: list.id, title: `Old ${i}`, count: 1, groupKey: `bulk:${i}`, open: false,
      createdAt: new Date(at), updatedAt: new Date(at),
    });
    await t.db.insert(notifications).values(Array.from({ length: 520 }, (_, i) => row(now - minutes(10 + i), i)));
    await t.db.insert(notifications).values(row(now - days(61), 9999));
    await prune(t.db, t.clock);
    const kept = await t.db.select({ title: notifications.title }).from(notifications).where(eq(notifications.recipientId, rory.user.id));
    expect(kept).toHaveLength(api.notificationLimits.perMember);
    expect(kept.map((k) => k.title)).not.toContain('Old 9999');
    expect(kept.map((k) => k.title)).toContain('Window');
    expect(kept.map((k) => k.title)).not.toContain('Old 519');
  });
});
