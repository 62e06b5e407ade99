import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as api from '@hearth/contract/calendar';
import { buildApp } from '../../app.ts';
import { minutes } from '../../platform/clock.ts';
import { calendarEvents, families } from '../../platform/db/schema.ts';
import type { App } from '../../platform/http/route.ts';
import { createTestApp, signUp, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { feedWindows } from './export.ts';
import { feedParts } from './feed.ts';
import type { FeedRow } from './repository.ts';
import { vtimezone } from './vtimezone.ts';

let t: TestApp;
/** A second server on the same database, as another process would be. */
let other: App;

beforeAll(async () => {
  t = await createTestApp();
  other = await buildApp({ config: t.config, database: t.database, clock: t.clock });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await t.close();
});

async function feedLink(user: SignedInUser): Promise<string> {
  const res = await user.call(api.calendarExportUrl);
  const { pathname, search } = new URL(res.body.calendarUrl);
  return pathname + search;
}

async function fetchFeed(link: string, app: App = t.app) {
  const res = await app.inject({ method: 'GET', url: link });
  return { status: res.statusCode, body: res.body, length: res.headers['content-length'] };
}

const event = (user: SignedInUser, title: string) => user.call(api.createEvent, {
  body: { title, startTime: '2026-03-10T09:00', endTime: '2026-03-10T10:00', recurringPattern: 'WEEKLY' },
});

describe('fetching a feed', () => {
  it('allows 12 fetches a minute a family, then answers 429 with a message, counted across servers', async () => {
    expect(feedWindows).toEqual([{ max: 12, ms: minutes(1) }]);
    const ada = await signUp(t, { name: 'Ada' });
    const bo = await signUp(t, { name: 'Bo' });
    const link = await feedLink(ada);
    const answers = [];
    for (let i = 0; i < 13; i++) answers.push(await fetchFeed(link, i % 2 === 0 ? t.app : other));
    expect(answers.slice(0, 12).map((a) => a.status)).toEqual(Array(12).fill(200));
    expect([answers[12]!.status, JSON.parse(answers[12]!.body).message]).toEqual([429, api.calendarMessages.feedTooMany]);
    expect((await fetchFeed(await feedLink(bo))).status).toBe(200);
    t.clock.advance(minutes(1));
    expect((await fetchFeed(link)).status).toBe(200);
  });

  it('sends a feed while it is made, then the same bytes again until the family\'s events change', async () => {
    const ada = await signUp(t, { name: 'Ada' });
    const link = await feedLink(ada);
    const series = (await event(ada, 'Swim')).body;
    const made = await fetchFeed(link);
    expect(made.length).toBeUndefined();
    const kept = await fetchFeed(link);
    expect([kept.body, kept.length]).toEqual([made.body, String(Buffer.byteLength(made.body))]);

    const changes: [string, () => Promise<unknown>, string][] = [
      ['a new event', () => event(ada, 'Chess'), 'SUMMARY:Chess'],
      ['an edit', () => ada.call(api.updateEvent, {
        params: { id: series.id }, body: { title: 'Swim club', startTime: '2026-03-10T09:00', endTime: '2026-03-10T10:00', recurringPattern: 'WEEKLY' },
      }), 'SUMMARY:Swim club'],
      ['a deleted occurrence', () => ada.call(api.deleteEvent, {
        params: { id: series.id }, query: { deleteType: 'single', occurrenceDate: '2026-03-17' },
      }), 'EXDATE;TZID=America/New_York:20260317T090000'],
      ['a new family name', () => t.db.update(families).set({ name: 'Lovelace' }).where(eq(families.id, ada.user.familyId!)),
        'X-WR-CALNAME:Lovelace Calendar'],
      ['a new zone', () => t.db.update(families).set({ timezone: 'Europe/Paris' }).where(eq(families.id, ada.user.familyId!)),
        'TZID:Europe/Paris'],
    ];
    t.clock.advance(minutes(1));
    for (const [change, make, shows] of changes) {
      await fetchFeed(link, other);
      await make();
      expect((await fetchFeed(link, other)).body, change).toContain(shows);
    }
  });

  it('reads a large family\'s events a page at a time, every event once, ties at the same start included', async () => {
    const cy = await signUp(t, { name: 'Cy' });
    const rows = Array.from({ length: 4500 }, (_, i) => ({
      familyId: cy.user.familyId!, title: `Event ${i}`, startTime: `2026-05-${String(1 + (i % 3)).padStart(2, '0')}T09:00:00`,
      endTime: `2026-05-${String(1 + (i % 3)).padStart(2, '0')}T10:00:00`,
    }));
    for (let i = 0; i < rows.length; i += 1500) await t.db.insert(calendarEvents).values(rows.slice(i, i + 1500));
    const { body } = await fetchFeed(await feedLink(cy));
    const titles = [...body.matchAll(/^SUMMARY:(.*)\r$/gm)].map((m) => m[1]);
    expect(titles).toHaveLength(4500);
    expect(new Set(titles).size).toBe(4500);
  });
});

describe('a feed made in parts', () => {
  const row = (i: number): FeedRow => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, title: `Event ${i}, with ${'a long title '.repeat(i % 9)}`,
    description: i % 3 === 0 ? 'Bring\nboots' : null, location: null, address: null,
    startTime: `2026-04-${String(1 + (i % 28)).padStart(2, '0')}T09:00:00`, endTime: `2026-04-${String(1 + (i % 28)).padStart(2, '0')}T10:00:00`,
    allDay: i % 5 === 0, recurringPattern: i % 7 === 0 ? 'MONTHLY' : null, recurringEndDate: null, seriesId: null, originalDate: null,
  });
  const input = {
    familyName: 'Ada', timezone: 'America/New_York', rows: Array.from({ length: 250 }, (_, i) => row(i)),
    exceptions: new Map([[row(7).id, ['2026-05-08']]]), vtimezone: '',
  };
  beforeAll(async () => { input.vtimezone = await vtimezone(input.timezone, 2026, 2031); });
  // Each event is stamped with the moment it was made.
  const text = (parts: Iterable<string>) => [...parts].join('').replace(/DTSTAMP:[^\r]*/g, 'DTSTAMP');

  it('is the calendar, a header, parts of events and an end, whatever the size of the parts', () => {
    const whole = text(feedParts(input, 1000));
    expect(whole.startsWith('BEGIN:VCALENDAR\r\n') && whole.endsWith('\r\nEND:VCALENDAR')).toBe(true);
    expect(text(feedParts(input, 1))).toBe(whole);
    expect(text(feedParts(input, 100))).toBe(whole);
    expect([...feedParts(input, 100)]).toHaveLength(2 + 3);
  });
});
