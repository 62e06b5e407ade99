import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as api from '@hearth/contract/calendar';
import * as family from '@hearth/contract/family';
import * as notificationsApi from '@hearth/contract/notifications';
import { calendarEvents, calendarReminders, notificationPreferences, notifications } from '../../platform/db/schema.ts';
import { PushSender } from '../../platform/notifications/push.ts';
import { okBody as ok } from '../../test/answers.ts';
import { joinAs } from '../../test/factories.ts';
import { signUp, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { appWithPushService } from '../../test/push-app.ts';
import { pushServiceAgent, type Device, type PushService } from '../../test/push-service.ts';
import { createList, createMeal } from '../meals/testing.ts';
import { ReminderJob } from './reminders.ts';

let t: TestApp;
let service: PushService;
let ada: SignedInUser;
let ed: SignedInUser;
let rita: SignedInUser;
let otto: SignedInUser;
let adaPhone: Device;
let job: ReminderJob;

const create = (user: SignedInUser, body: Record<string, unknown>) => ok<api.CalendarEvent>(user.call(api.createEvent, { body }));
/** A member's reminders, newest first: their lines. */
async function remindersOf(user: SignedInUser): Promise<string[]> {
  const rows = await t.db.select({ title: notifications.title }).from(notifications)
    .where(and(eq(notifications.recipientId, user.user.id), eq(notifications.kind, 'reminders')))
    .orderBy(notifications.createdAt, notifications.title);
  return rows.map((r) => r.title);
}
/** The reminders sent since the test began, per member. */
async function told(...users: SignedInUser[]): Promise<string[][]> {
  return Promise.all(users.map(remindersOf));
}

beforeAll(async () => {
  ({ service, t } = await appWithPushService());
  ada = await signUp(t, { name: 'Ada' });
  ed = await joinAs(t, ada, 'EDIT', 'Ed');
  rita = await joinAs(t, ada, 'READ_ONLY', 'Rita');
  // A child without an account.
  await ok(ada.call(family.addMember, { body: { name: 'Kit' } }));
  otto = await signUp(t, { name: 'Otto' });
  adaPhone = service.device('ada-phone');
  await ok(ada.call(notificationsApi.subscribePush, { body: adaPhone.subscription }));
  job = new ReminderJob({ db: t.db, clock: t.clock });
});
afterAll(async () => {
  await t.close();
  await service.stop();
});
beforeEach(async () => {
  await t.db.delete(notifications);
  // Tests move the clock back and forth: a push "sent" at a later time would hold the next ones back.
  await t.db.update(notificationPreferences).set({ lastPushAt: null });
});

describe('event reminders', () => {
  it('reminds every account member of a family event at the time chosen, once; READ_ONLY too, a child without account never', async () => {
    // 2026-03-01T12:00Z is 07:00 in New York.
    t.clock.set('2026-03-01T12:00:00Z');
    const swim = await create(ada, { title: 'Swim', startTime: '2026-03-01T09:00:00', endTime: '2026-03-01T10:00:00', reminderMinutes: 30 });
    expect(swim.reminderMinutes).toBe(30);
    await create(otto, { title: 'Otto secret', startTime: '2026-03-01T09:00:00', endTime: '2026-03-01T10:00:00', reminderMinutes: 30 });
    await job.run();
    expect(await told(ada, ed, rita, otto)).toEqual([[], [], [], []]);
    t.clock.set('2026-03-01T13:29:59Z');
    await job.run();
    expect(await told(ada)).toEqual([[]]);
    t.clock.set('2026-03-01T13:30:00Z');
    await job.run();
    await job.run();
    expect(await told(ada, ed, rita, otto)).toEqual([
      ['Swim today at 09:00'], ['Swim today at 09:00'], ['Swim today at 09:00'], ['Otto secret today at 09:00'],
    ]);
    // Ada made it, and is reminded all the same: a reminder has no actor. The notification leads to the occurrence.
    const list = await ok(ada.call(notificationsApi.listNotifications, { query: {} }));
    expect(list.notifications[0]).toMatchObject({
      kind: 'reminders', text: 'Swim today at 09:00', path: `/calendar?event=${swim.id}&date=2026-03-01`,
    });
  });

  it('reminds only the attendees of an event that has them (their accounts)', async () => {
    t.clock.set('2026-03-02T12:00:00Z');
    const members = await ok<family.FamilyMember[]>(ada.call(family.listMembers));
    const ids = (names: string[]) => members.filter((m) => names.includes(m.name)).map((m) => m.id);
    await create(ada, { title: 'Piano', startTime: '2026-03-02T08:00:00', endTime: '2026-03-02T09:00:00', reminderMinutes: 0,
      attendeeIds: ids(['Rita', 'Kit']) });
    t.clock.set('2026-03-02T13:00:30Z');
    await job.run();
    expect(await told(ada, ed, rita)).toEqual([[], [], ['Piano starts now (08:00)']]);
  });

  it('reminds of every occurrence of a series at the same local time across New York\'s spring change', async () => {
    t.clock.set('2026-03-01T00:00:00Z');
    await create(ed, { title: 'Choir', startTime: '2026-03-01T19:00:00', endTime: '2026-03-01T20:00:00',
      recurringPattern: 'WEEKLY', reminderMinutes: 60 });
    await job.run();
    // 18:00 EST is 23:00Z; after 8 March 18:00 EDT is 22:00Z.
    for (const due of ['2026-03-01T23:00:00Z', '2026-03-08T22:00:00Z', '2026-03-15T22:00:00Z']) {
      t.clock.set(new Date(new Date(due).getTime() - 1000));
      await job.run();
      const before = (await remindersOf(ada)).length;
      t.clock.set(due);
      await job.run();
      expect((await remindersOf(ada)).length, due).toBe(before + 1);
    }
    expect(await remindersOf(ada)).toEqual(['Choir today at 19:00', 'Choir today at 19:00', 'Choir today at 19:00']);
  });

  it('reminds all-day events at 08:00 family time, and the day before, across Sydney\'s autumn change', async () => {
    await ok(ada.call(family.setTimezone, { body: { timezone: 'Australia/Sydney' } }));
    t.clock.set('2026-04-01T00:00:00Z');
    const fete = await create(ada, { title: 'School fete', startTime: '2026-04-05T00:00:00', endTime: '2026-04-05T00:00:00',
      allDay: true, reminderMinutes: 1440 });
    await create(ada, { title: 'Market', startTime: '2026-04-05T00:00:00', endTime: '2026-04-05T00:00:00', allDay: true, reminderMinutes: 0 });
    await job.run();
    const [row] = await t.db.select().from(calendarReminders).where(eq(calendarReminders.eventId, fete.id));
    // 08:00 AEDT (+11) on the 4th.
    expect(row!.fireAt!.toISOString()).toBe('2026-04-03T21:00:00.000Z');
    t.clock.set('2026-04-03T21:00:00Z');
    await job.run();
    // 08:00 AEST (+10) on the 5th.
    t.clock.set('2026-04-04T22:00:00Z');
    await job.run();
    expect(await remindersOf(ed)).toEqual(['Tomorrow: School fete', 'Today: Market']);
    await ok(ada.call(family.setTimezone, { body: { timezone: 'America/New_York' } }));
  });

  it('sends a reminder missed while the server was down if under an hour late, and drops it past the hour', async () => {
    t.clock.set('2026-03-03T12:00:00Z');
    await create(ada, { title: 'Late one', startTime: '2026-03-03T10:00:00', endTime: '2026-03-03T11:00:00', reminderMinutes: 0 });
    await create(ada, { title: 'Lost one', startTime: '2026-03-03T09:00:00', endTime: '2026-03-03T10:00:00', reminderMinutes: 0 });
    await job.run();
    // Down from before 09:00 until 10:59 (New York): 09:00 is 1 h 59 min late, 10:00 is 59 min late.
    t.clock.set('2026-03-03T15:59:00Z');
    await job.run();
    expect(await remindersOf(ada)).toEqual(['Late one starts now (10:00)']);
  });

  it('skips a reminder already due when its event was set up, and reminds again when the event moves', async () => {
    t.clock.set('2026-03-04T14:05:00Z');
    const soon = await create(ada, { title: 'Call', startTime: '2026-03-04T09:10:00', endTime: '2026-03-04T09:30:00', reminderMinutes: 10 });
    await job.run();
    expect(await remindersOf(ada)).toEqual([]);
    await ok(ada.call(api.updateEvent, { params: { id: soon.id }, query: {},
      body: { title: 'Call', startTime: '2026-03-04T10:00:00', endTime: '2026-03-04T10:30:00' } }));
    // The edit kept the reminder (not sent), and it follows the new time.
    t.clock.set('2026-03-04T14:50:00Z');
    await job.run();
    expect(await remindersOf(ada)).toEqual(['Call today at 10:00']);
  });

  it('tells no one who switched reminders off', async () => {
    await ok(rita.call(notificationsApi.setNotificationPreferences, { body: { mutedKinds: ['reminders'], mutedListIds: [], quietHours: null, digest: false } }));
    t.clock.set('2026-03-05T12:00:00Z');
    await create(ada, { title: 'Vet', startTime: '2026-03-05T09:00:00', endTime: '2026-03-05T10:00:00', reminderMinutes: 60 });
    t.clock.set('2026-03-05T13:00:00Z');
    await job.run();
    expect(await told(ada, rita)).toEqual([['Vet today at 09:00'], []]);
    await ok(rita.call(notificationsApi.setNotificationPreferences, { body: { mutedKinds: [], mutedListIds: [], quietHours: null, digest: false } }));
  });
});

describe('meal reminders', () => {
  it('name the meal and the list holding its recipe\'s ingredients', async () => {
    t.clock.set('2026-03-06T12:00:00Z');
    const listId = await createList(t, ada.user.familyId!, 'Costco');
    const tacos = await createMeal(ada, { name: 'Chicken tacos', ingredients: [{ name: 'Tortillas', quantity: 8, unit: null }] });
    await create(ada, { title: 'Chicken tacos', startTime: '2026-03-06T18:00:00', endTime: '2026-03-06T19:00:00', isMeal: true,
      recipeId: tacos.id, addToGroceryList: true, selectedGroceryListId: listId, reminderMinutes: 60 });
    await create(ada, { title: 'Toast', startTime: '2026-03-07T08:00:00', endTime: '2026-03-07T09:00:00', isMeal: true, reminderMinutes: 1440 });
    // 08:00 the day before the breakfast, and 17:00 on the dinner's day.
    t.clock.set('2026-03-06T13:00:00Z');
    await job.run();
    expect(await remindersOf(ed)).toEqual(['Breakfast tomorrow: Toast']);
    t.clock.set('2026-03-06T22:00:00Z');
    await job.run();
    expect(await remindersOf(ed)).toEqual(['Breakfast tomorrow: Toast', 'Dinner tonight: Chicken tacos — ingredients on Costco']);
  });
});

describe('push', () => {
  /** What the pushes to Ada's phone said, as it reads them. */
  const pushed = () => service.received.filter((r) => r.path === '/push/ada-phone').map((r) => JSON.parse(adaPhone.decrypt(r.body)));

  it('pushes the reminder\'s line to the member\'s device, held back by quiet hours until they end', async () => {
    await ok(ada.call(notificationsApi.setNotificationPreferences, {
      body: { mutedKinds: [], mutedListIds: [], quietHours: { start: '22:00', end: '07:00' }, digest: false },
    }));
    t.clock.set('2026-03-09T12:00:00Z');
    const early = await create(ada, { title: 'Early swim', startTime: '2026-03-10T06:30:00', endTime: '2026-03-10T07:30:00', reminderMinutes: 30 });
    // 06:00 EDT on the 10th: inside quiet hours. The bell has it; the phone waits.
    t.clock.set('2026-03-10T10:00:00Z');
    await job.run();
    const sender = new PushSender({ database: t.database, clock: t.clock, config: t.config, log: t.app.log, agent: pushServiceAgent });
    await sender.wake();
    expect(await remindersOf(ada)).toEqual(['Early swim today at 06:30']);
    expect(pushed().filter((p) => p.body.includes('Early swim'))).toEqual([]);
    t.clock.set('2026-03-10T11:00:00Z');
    await sender.wake();
    for (let tries = 0; tries < 100 && !pushed().some((p) => p.body.includes('Early swim')); tries++) await new Promise((r) => setTimeout(r, 50));
    expect(pushed().filter((p) => p.body.includes('Early swim'))).toEqual([
      { title: 'Hearth', body: 'Early swim today at 06:30', path: `/calendar?event=${early.id}&date=2026-03-10` },
    ]);
    await ok(ada.call(notificationsApi.setNotificationPreferences, { body: { mutedKinds: [], mutedListIds: [], quietHours: null, digest: false } }));
  });
});

describe('the family default', () => {
  it('is what a new event starts with; an edit that leaves the reminder out keeps the event\'s', async () => {
    const set = await ok<family.FamilySettings>(ada.call(family.setDefaultReminder, { body: { defaultReminderMinutes: 10 } }));
    expect(set.defaultReminderMinutes).toBe(10);
    expect((await ok<family.FamilySettings>(rita.call(family.getFamilyName))).defaultReminderMinutes).toBe(10);
    const e = await create(ed, { title: 'Default', startTime: '2026-03-20T09:00:00', endTime: '2026-03-20T10:00:00' });
    expect(e.reminderMinutes).toBe(10);
    const none = await create(ed, { title: 'None', startTime: '2026-03-20T09:00:00', endTime: '2026-03-20T10:00:00', reminderMinutes: null });
    expect(none.reminderMinutes).toBeNull();
    const edited = await ok<api.CalendarEvent>(ed.call(api.updateEvent, { params: { id: e.id }, query: {},
      body: { title: 'Default, renamed', startTime: '2026-03-20T09:00:00', endTime: '2026-03-20T10:00:00' } }));
    expect(edited.reminderMinutes).toBe(10);
    expect((await ok<family.FamilySettings>(otto.call(family.getFamilyName))).defaultReminderMinutes).toBeNull();
    await ok(ada.call(family.setDefaultReminder, { body: { defaultReminderMinutes: null } }));
  });

  it('is set by an admin only, to one of the choices', async () => {
    const refused = await ed.call(family.setDefaultReminder, { body: { defaultReminderMinutes: 30 } });
    expect(refused.status).toBe(403);
    for (const bad of [15, '10', -1]) {
      const res = await ada.call(family.setDefaultReminder, { body: { defaultReminderMinutes: bad } });
      expect([res.status, res.body.message]).toEqual([400, 'Reminder must be none, at start, 10 minutes, 30 minutes, 1 hour or 1 day before']);
    }
    const res = await ed.call(api.createEvent, { body: { title: 'X', startTime: '2026-03-20T09:00:00', endTime: '2026-03-20T10:00:00', reminderMinutes: 5 } });
    expect([res.status, res.body.message]).toEqual([400, 'Reminder must be none, at start, 10 minutes, 30 minutes, 1 hour or 1 day before']);
  });
});

describe('bounds', () => {
  it('works through more due reminders than one batch holds, each sent once', async () => {
    t.clock.set('2026-03-21T12:00:00Z');
    const at = t.clock.now();
    const rows = Array.from({ length: 250 }, (_, i) => ({
      familyId: ada.user.familyId!, title: `Batch ${i}`, startTime: '2026-03-21T09:00:00', endTime: '2026-03-21T10:00:00',
      reminderMinutes: 0, createdAt: at, updatedAt: at,
    }));
    await t.db.insert(calendarEvents).values(rows);
    t.clock.set('2026-03-21T13:00:00Z');
    expect(await job.run()).toBe(250);
    expect(await job.run()).toBe(0);
    expect((await remindersOf(rita)).length).toBe(250);
  });
});
