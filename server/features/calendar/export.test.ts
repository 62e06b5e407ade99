import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import * as api from '@hearth/contract/calendar';
import * as family from '@hearth/contract/family';
import * as superadmin from '@hearth/contract/superadmin';
import { families } from '../../platform/db/schema.ts';
import { createTestApp, signUp, superadminHeaders, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { joinAs } from '../../test/factories.ts';

let t: TestApp;
let ada: SignedInUser;
let ed: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  ada = await signUp(t, { name: 'Ada' });
  ed = await joinAs(t, ada, 'EDIT', 'Ed');
});
afterAll(async () => { await t.close(); });

/** Parses a feed the way a subscriber does: its VTIMEZONE registered first, so TZID times become instants. */
function parse(body: string) {
  const cal = new ICAL.Component(ICAL.parse(body));
  for (const vtz of cal.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(vtz));
  return cal;
}

async function feedOf(url: string) {
  const { pathname, search } = new URL(url);
  const res = await t.app.inject({ method: 'GET', url: pathname + search });
  return { status: res.statusCode, type: res.headers['content-type'], body: res.body };
}

async function exportUrl(user: SignedInUser): Promise<string> {
  const res = await user.call(api.calendarExportUrl);
  expect(res.status).toBe(200);
  return res.body.calendarUrl;
}

describe('the subscription feed', () => {
  it('serves the series with RRULE, EXDATE, an edited occurrence with RECURRENCE-ID, in the family\'s zone', async () => {
    const series = (await ada.call(api.createEvent, { body: {
      title: 'Swim', startTime: '2026-03-01T09:00', endTime: '2026-03-01T10:00', recurringPattern: 'BI_WEEKLY', recurringEndDate: '2026-06-30',
    } })).body;
    await ada.call(api.deleteEvent, { params: { id: series.id }, query: { deleteType: 'single', occurrenceDate: '2026-03-15' } });
    await ada.call(api.updateEvent, {
      params: { id: series.id }, query: { editType: 'single', occurrenceDate: '2026-03-29' },
      body: { title: 'Swim gala', startTime: '2026-03-29T11:00', endTime: '2026-03-29T13:00' },
    });
    await ada.call(api.createEvent, { body: { title: 'Fair', allDay: true, startTime: '2026-08-01T00:00', endTime: '2026-08-02T00:00' } });

    const feed = await feedOf(await exportUrl(ed));
    expect(feed.status).toBe(200);
    expect(feed.type).toMatch(/^text\/calendar/);
    const cal = parse(feed.body);
    expect(cal.getFirstSubcomponent('vtimezone')!.getFirstPropertyValue('tzid')).toBe('America/New_York');
    const events = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const main = events.find((e) => e.summary === 'Swim' && !e.isRecurrenceException())!;
    expect(main.startDate.toString()).toBe('2026-03-01T09:00:00');
    expect(main.component.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('America/New_York');
    const rule = main.component.getFirstPropertyValue('rrule') as ICAL.Recur;
    expect([rule.freq, rule.interval]).toEqual(['WEEKLY', 2]);
    const exdates = main.component.getAllProperties('exdate').map((p) => String(p.getFirstValue()));
    expect(exdates).toEqual(['2026-03-15T09:00:00']);
    const gala = events.find((e) => e.summary === 'Swim gala')!;
    expect(gala.uid).toBe(main.uid);
    expect(String(gala.recurrenceId)).toBe('2026-03-29T09:00:00');
    // The deleted 15th is skipped; 09:00 local is 14:00 UTC (EST) before the March change and 13:00 UTC (EDT) after.
    const it = main.iterator();
    const instants = [it.next(), it.next()].map((d) => d!.toJSDate().toISOString());
    expect(instants).toEqual(['2026-03-01T14:00:00.000Z', '2026-03-29T13:00:00.000Z']);
    const fair = events.find((e) => e.summary === 'Fair')!;
    expect([fair.startDate.isDate, fair.startDate.toString(), fair.endDate.toString()]).toEqual([true, '2026-08-01', '2026-08-03']);
  });

  it('uses the family\'s zone: Europe/London 09:00 is 09:00 UTC in winter and 08:00 UTC in summer', async () => {
    const lon = await signUp(t, { name: 'Lou' });
    await t.db.update(families).set({ timezone: 'Europe/London' }).where(eq(families.id, lon.user.familyId!));
    await lon.call(api.createEvent, { body: { title: 'Tea', startTime: '2026-03-22T09:00', endTime: '2026-03-22T10:00', recurringPattern: 'WEEKLY' } });
    const cal = parse((await feedOf(await exportUrl(lon))).body);
    const tea = new ICAL.Event(cal.getFirstSubcomponent('vevent')!);
    const it = tea.iterator();
    expect([it.next(), it.next()].map((d) => d!.toJSDate().toISOString())).toEqual(['2026-03-22T09:00:00.000Z', '2026-03-29T08:00:00.000Z']);
  });

  it('keeps one link per family, lets only an admin replace it, and the old link stops', async () => {
    const first = await exportUrl(ada);
    expect(await exportUrl(ed)).toBe(first);
    const refused = await ed.call(api.regenerateCalendarExportUrl);
    expect(refused.status).toBe(403);
    expect(await exportUrl(ada)).toBe(first);
    const fresh = await ada.call(api.regenerateCalendarExportUrl);
    expect(fresh.status).toBe(200);
    expect(fresh.body.calendarUrl).not.toBe(first);
    expect((await feedOf(first)).status).toBe(404);
    expect((await feedOf(fresh.body.calendarUrl)).status).toBe(200);
  });

  it('gets a new secret when an account leaves the family, however it leaves', async () => {
    const hal = await signUp(t, { name: 'Hal' });
    const memberId = async (name: string) => ((await hal.call(family.listMembers)).body as family.FamilyMember[])
      .find((m) => m.name === name)!.id;
    /** The link the leaver kept stops; the family's new one works. */
    const leaves = async (leaver: SignedInUser, leave: () => Promise<number>, status: number) => {
      const kept = await exportUrl(leaver);
      expect(await exportUrl(hal)).toBe(kept);
      expect(await leave()).toBe(status);
      expect((await feedOf(kept)).status).toBe(404);
      const renewed = await exportUrl(hal);
      expect(renewed).not.toBe(kept);
      expect((await feedOf(renewed)).status).toBe(200);
    };

    const kid = await joinAs(t, hal, 'READ_ONLY', 'Kid');
    await leaves(kid, async () => (await hal.call(family.removeMember, { params: { id: await memberId('Kid') } })).status, 204);

    const teen = await joinAs(t, hal, 'EDIT', 'Teen');
    const elsewhere = await signUp(t, { name: 'Elsewhere' });
    const token = (await elsewhere.call(family.createInvite, { body: { invitedEmail: null } })).body.token as string;
    await leaves(teen, async () => (await teen.call(family.acceptInvite, { params: { token } })).status, 200);

    const gran = await joinAs(t, hal, 'EDIT', 'Gran');
    await leaves(gran, async () => (await t.call(superadmin.assignUserToFamily, {
      params: { id: gran.user.id, familyId: elsewhere.user.familyId! }, headers: superadminHeaders(),
    })).status, 200);

    // A leave refused (the sole admin of a family with other accounts) keeps the link; so does removing a member
    // without an account, who never had it.
    const link = await exportUrl(hal);
    const another = (await elsewhere.call(family.createInvite, { body: { invitedEmail: null } })).body.token as string;
    await joinAs(t, hal, 'EDIT', 'Stays');
    expect((await hal.call(family.acceptInvite, { params: { token: another } })).status).toBe(409);
    const baby = await hal.call(family.addMember, { body: { name: 'Baby', email: null, birthday: null, permissionLevel: 'READ_ONLY' } });
    expect((await hal.call(family.removeMember, { params: { id: baby.body.id } })).status).toBe(204);
    expect(await exportUrl(hal)).toBe(link);
  });

  it('answers a made-up link 404', async () => {
    expect((await feedOf('http://x/api/calendar/feed.ics?key=nothing')).status).toBe(404);
    expect((await feedOf('http://x/api/calendar/feed.ics')).status).toBe(404);
    expect((await feedOf('http://x/api/calendar/feed.ics?key=a&key=b')).status).toBe(404);
  });
});
