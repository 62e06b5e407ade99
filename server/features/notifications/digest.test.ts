import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as calendar from '@hearth/contract/calendar';
import * as family from '@hearth/contract/family';
import * as grocery from '@hearth/contract/grocery';
import * as api from '@hearth/contract/notifications';
import { Events } from '../../platform/events.ts';
import { createMailer } from '../../platform/mail/mailer.ts';
import { Notifier } from '../../platform/notifications/notifier.ts';
import { assignedRule } from '../../platform/notifications/rules.ts';
import { prune } from '../../platform/notifications/store.ts';
import { Realtime } from '../../platform/realtime.ts';
import { ManualClock } from '../../platform/clock.ts';
import { joinAs } from '../../test/factories.ts';
import { createTestApp, signUp, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { MorningDigest } from './digest.ts';
import { okBody as ok } from '../../test/answers.ts';

let t: TestApp;
let ada: SignedInUser; // ADMIN, New York
let ed: SignedInUser; // EDIT, New York
let rory: SignedInUser; // READ_ONLY, New York
let bo: SignedInUser; // ADMIN of another family, London

const digestOn = (user: SignedInUser, digest = true) =>
  ok(user.call(api.setNotificationPreferences, { body: { mutedKinds: [], mutedListIds: [], quietHours: null, digest } }));
/** The minute job of one server process (a new one each time, as another process would be). */
const run = () => new MorningDigest({ db: t.db, clock: t.clock, mailer: processMailer(), log: t.app.log, config: t.config }).run();
const processMailer = () => createMailer({ smtpUrl: t.config.smtpUrl, from: t.config.mailFrom, log: { info: () => {} } });
/** An hour-long event (or meal) at a local time of the family. */
const event = (user: SignedInUser, title: string, startTime: string, extra: Record<string, unknown> = {}) => {
  const hour = Number(startTime.slice(11, 13)) + 1;
  const endTime = `${startTime.slice(0, 11)}${String(hour).padStart(2, '0')}${startTime.slice(13)}`;
  return ok(user.call(calendar.createEvent, { body: { title, startTime, endTime, ...extra } }));
};
const at = async (instant: string) => {
  t.clock.set(instant);
  await run();
};

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock('2026-03-06T12:00:00Z') });
  ada = await signUp(t, { name: 'Ada' });
  ed = await joinAs(t, ada, 'EDIT', 'Ed');
  rory = await joinAs(t, ada, 'READ_ONLY', 'Rory');
  bo = await signUp(t, { name: 'Bo' });
  await ok(ada.call(family.setTimezone, { body: { timezone: 'America/New_York' } }));
  await ok(bo.call(family.setTimezone, { body: { timezone: 'Europe/London' } }));
  for (const user of [ada, rory, bo]) await digestOn(user);
});
afterAll(async () => { await t.close(); });

describe('morning email digest', () => {
  it('is off until the member turns it on, and shows in the preferences', async () => {
    expect((await ok(ed.call(api.getNotificationPreferences))).digest).toBe(false);
    expect((await ok(ada.call(api.getNotificationPreferences))).digest).toBe(true);
    const res = await ada.call(api.setNotificationPreferences, {
      body: { mutedKinds: [], mutedListIds: [], quietHours: null, digest: 'yes' as unknown as boolean },
    });
    expect(res.status).toBe(400);
  });

  it('goes at 07:00 family time on both sides of a daylight-saving change, in two timezones, once a day', async () => {
    // New York springs forward on 8 March 2026, London on 29 March.
    await event(ada, 'Swimming', '2026-03-07T09:00:00');
    await event(ada, 'Piano', '2026-03-09T16:30:00');
    await event(bo, 'Football', '2026-03-28T10:00:00');
    await event(bo, 'Dentist', '2026-03-30T08:15:00');

    await at('2026-03-07T11:59:00Z'); // 06:59 EST
    await t.mailbox.expectNothing(ada.email, 50);
    await at('2026-03-07T12:00:00Z'); // 07:00 EST
    const saturday = await t.mailbox.waitFor(ada.email, /Hearth: your Saturday 7 March/);
    expect(saturday.text).toContain('09:00  Swimming');
    await at('2026-03-07T12:01:00Z');
    await at('2026-03-07T15:00:00Z');
    await t.mailbox.expectNothing(ada.email, 50);

    await at('2026-03-09T10:59:00Z'); // 06:59 EDT
    await t.mailbox.expectNothing(ada.email, 50);
    await at('2026-03-09T11:00:00Z'); // 07:00 EDT
    expect((await t.mailbox.waitFor(ada.email, /Monday 9 March/)).text).toContain('16:30  Piano');

    await at('2026-03-28T06:59:00Z'); // 06:59 GMT
    await t.mailbox.expectNothing(bo.email, 50);
    await at('2026-03-28T07:00:00Z');
    expect((await t.mailbox.waitFor(bo.email, /Saturday 28 March/)).text).toContain('10:00  Football');
    await at('2026-03-30T05:59:00Z'); // 06:59 BST
    await t.mailbox.expectNothing(bo.email, 50);
    await at('2026-03-30T06:00:00Z'); // 07:00 BST
    expect((await t.mailbox.waitFor(bo.email, /Monday 30 March/)).text).toContain('08:15  Dentist');
    // A member of Ada's family got the same days; never a word of the other family's, nor they of hers.
    const rorys = [await t.mailbox.waitFor(rory.email, /7 March/), await t.mailbox.waitFor(rory.email, /9 March/)];
    expect(rorys.map((m) => m.text).join()).toMatch(/Swimming[^]*Piano/);
    for (const m of rorys) expect(m.text).not.toMatch(/Football|Dentist/);
    await t.mailbox.expectNothing(bo.email, 50);
  });

  it('is skipped when there is nothing to say, and a morning missed goes out until noon only', async () => {
    await at('2026-03-11T11:00:00Z'); // 07:00 in New York, an empty day
    await t.mailbox.expectNothing(ada.email, 100);
    await event(ada, 'Late start', '2026-03-12T18:00:00');
    await at('2026-03-12T16:00:00Z'); // 12:00 EDT: the server was down all morning
    await t.mailbox.expectNothing(ada.email, 100);
    await event(ada, 'Catch-up', '2026-03-13T18:00:00');
    await at('2026-03-13T15:59:00Z'); // 11:59 EDT
    expect((await t.mailbox.waitFor(ada.email, /Friday 13 March/)).text).toContain('Catch-up');
  });

  it('tells what was added to lists since the last digest, the meals, and what is assigned to me; READ_ONLY members too', async () => {
    const list = await ok<{ id: string }>(ada.call(grocery.createList, { body: { title: 'Costco' } }));
    await ok(rory.call(api.setListFollow, { params: { listId: list.id }, body: { following: true } }));
    t.clock.set('2026-03-14T20:00:00Z');
    for (const name of ['Milk', 'Eggs']) await ok(ed.call(grocery.addItem, { body: { name, listId: list.id } }));
    await event(ada, 'Chicken tacos', '2026-03-15T18:00:00', { isMeal: true, mealType: 'DINNER' });
    const events = new Events(t.clock, new Realtime(t.database), new Notifier([assignedRule('meal_updated')]));
    await t.db.transaction((tx) => events.record(tx, {
      familyId: ada.user.familyId!, actorId: ada.user.id, type: 'meal_updated', subjectId: crypto.randomUUID(),
      data: { assignedToUserId: rory.user.id, title: 'Take out the bins' },
    }));

    await at('2026-03-15T11:00:00Z');
    const mail = await t.mailbox.waitFor(rory.email, /Sunday 15 March/);
    expect(mail.text).toContain('Meals today\n- 18:00  Chicken tacos');
    expect(mail.text).toContain('Added to lists\n- Ed added 2 items to Costco');
    expect(mail.text).toContain('Assigned to you\n- Ada assigned you Take out the bins');
    const adas = await t.mailbox.waitFor(ada.email, /Sunday 15 March/);
    expect(adas.text).toContain('Ed added 2 items to Costco');
    expect(adas.text).not.toContain('Assigned to you');

    // The next morning tells only what came since (the minute job has closed yesterday's rows meanwhile).
    t.clock.set('2026-03-15T20:00:00Z');
    await prune(t.db, t.clock);
    await ok(ed.call(grocery.addItem, { body: { name: 'Rice', listId: list.id } }));
    await at('2026-03-16T11:00:00Z');
    const monday = await t.mailbox.waitFor(rory.email, /Monday 16 March/);
    expect(monday.text).toContain('Ed added 1 item to Costco');
    expect(monday.text).not.toMatch(/2 items|Take out the bins|Chicken tacos/);
  });

  it('goes exactly once a member and day when several processes run the job at the same time', async () => {
    await event(ada, 'Parents evening', '2026-03-18T19:00:00');
    t.clock.set('2026-03-18T11:00:00Z');
    await Promise.all([run(), run(), run(), run()]);
    await new Promise((r) => setTimeout(r, 300));
    const sent = t.mailbox.received.filter((m) => /Wednesday 18 March/.test(m.subject));
    expect(sent.map((m) => m.to).sort()).toEqual([ada.email, rory.email].map((e) => e.toLowerCase()).sort());
    t.mailbox.received.splice(0);
  });

  it('stops from the link in the mail without signing in, reveals nothing, and a second use is fine', async () => {
    await event(ada, 'Book club', '2026-03-19T19:00:00');
    await at('2026-03-19T11:00:00Z');
    const mail = await t.mailbox.waitFor(ada.email, /Thursday 19 March/);
    const link = /https?:\/\/\S+\/unsubscribe\?token=(\S+)/.exec(mail.text);
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]!);
    expect(token).not.toContain(ada.user.id);
    expect(token).not.toContain(ada.email);
    expect(token.length).toBeGreaterThanOrEqual(40);

    const first = await t.call(api.unsubscribeDigest, { body: { token } });
    expect(first).toMatchObject({ status: 200, body: { unsubscribed: true } });
    expect(await t.call(api.unsubscribeDigest, { body: { token } })).toMatchObject({ status: 200, body: { unsubscribed: true } });
    expect((await ok(ada.call(api.getNotificationPreferences))).digest).toBe(false);
    expect((await ok(rory.call(api.getNotificationPreferences))).digest).toBe(true);

    const wrong = await t.call(api.unsubscribeDigest, { body: { token: `${token.slice(0, -2)}xx` } });
    expect(wrong).toMatchObject({ status: 404, body: { message: api.notificationMessages.unsubscribeLinkInvalid } });

    await event(ada, 'Book club again', '2026-03-20T19:00:00');
    await at('2026-03-20T11:00:00Z');
    await t.mailbox.expectNothing(ada.email, 100);
    // Turned on again, the old mail's link still works.
    await digestOn(ada);
    expect((await t.call(api.unsubscribeDigest, { body: { token } })).status).toBe(200);
    expect((await ok(ada.call(api.getNotificationPreferences))).digest).toBe(false);
  });

  it('carries List-Unsubscribe with an RFC 8058 one-click POST the mail app can send', async () => {
    await event(ada, 'Yoga', '2026-03-21T07:30:00');
    await at('2026-03-21T11:00:00Z');
    const mail = await t.mailbox.waitFor(rory.email, /Saturday 21 March/);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const url = /^<(https?:\/\/[^>]+)>$/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1];
    expect(url).toBeDefined();
    const { pathname, search } = new URL(url!);
    expect(pathname).toBe(api.unsubscribeDigestOneClick.path);
    const res = await t.app.inject({
      method: 'POST', url: `${pathname}${search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect((await ok(rory.call(api.getNotificationPreferences))).digest).toBe(false);
  });
});
