import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as calendar from '@hearth/contract/calendar';
import * as dashboard from '@hearth/contract/dashboard';
import * as api from '@hearth/contract/family';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { birthdaysIn } from './birthdays.ts';
import { addChild, founder, joinAs } from './test-helpers.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const mia = { id: '00000000-0000-4000-8000-000000000001', name: 'Mia', birthday: '2018-03-05' };
const leap = { id: '00000000-0000-4000-8000-000000000002', name: 'Lee', birthday: '2016-02-29' };
const gran = { id: '00000000-0000-4000-8000-000000000003', name: 'Gran', birthday: '1900-12-31' };
const dates = (from: string, to: string, members = [mia, leap, gran]) =>
  birthdaysIn(members, from, to).map((b) => `${b.date} ${b.title}`);

describe('birthdays in a window', () => {
  it('fall yearly on the birth date, with the age reached, from the first birthday on', () => {
    expect(dates('2026-03-01', '2026-03-31')).toEqual(['2026-03-05 Mia turns 8']);
    expect(dates('2018-01-01', '2019-12-31', [mia])).toEqual(['2019-03-05 Mia turns 1']);
    expect(dates('2010-01-01', '2017-12-31', [mia])).toEqual([]);
  });

  it('put a February 29 birthday on February 28 in other years', () => {
    expect(dates('2027-02-01', '2027-03-31', [leap])).toEqual(['2027-02-28 Lee turns 11']);
    expect(dates('2028-02-01', '2028-03-31', [leap])).toEqual(['2028-02-29 Lee turns 12']);
    expect(dates('2100-02-28', '2100-02-28', [leap])).toEqual(['2100-02-28 Lee turns 84']);
  });

  it('show no age for a placeholder birth year, and run across the new year in date order', () => {
    expect(dates('2026-12-01', '2027-03-31')).toEqual([
      '2026-12-31 Gran\'s birthday', '2027-02-28 Lee turns 11', '2027-03-05 Mia turns 9',
    ]);
    expect(birthdaysIn([gran], '2020-12-31', '2020-12-31')[0]!.age).toBe(120);
  });
});

describe('GET /api/family-members/birthdays', () => {
  it('answers the family\'s birthdays in the window, to any member, and never another family\'s', async () => {
    const ada = await founder(t, 'Ada');
    const miaId = await addChild(ada, 'Mia', { birthday: '2018-03-05' });
    await addChild(ada, 'Nobirthday');
    await ada.call(api.updateMember, { params: { id: ada.memberId }, body: { name: 'Ada', birthday: '1990-03-20' } });
    const other = await founder(t, 'Oz');
    await addChild(other, 'Otto', { birthday: '2015-03-06' });
    const reader = await joinAs(t, ada, 'READ_ONLY', 'Rita');

    const res = await reader.call(api.listBirthdays, { query: { startDate: '2026-03-01', endDate: '2026-03-20' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { memberId: miaId, name: 'Mia', date: '2026-03-05', age: 8, title: 'Mia turns 8' },
      { memberId: ada.memberId, name: 'Ada', date: '2026-03-20', age: 36, title: 'Ada turns 36' },
    ]);
    const otto = await other.call(api.listBirthdays, { query: { startDate: '2026-03-01', endDate: '2026-03-31' } });
    expect(otto.body.map((b: api.Birthday) => b.name)).toEqual(['Otto']);
  });

  it('refuses a window that ends first or is wider than the calendar\'s, and a caller without a session', async () => {
    const ada = await founder(t, 'Ada');
    const ask = (startDate: string, endDate: string) => ada.call(api.listBirthdays, { query: { startDate, endDate } });
    expect([(await ask('2026-03-02', '2026-03-01')).status, (await ask('2026-03-02', '2026-03-01')).body.message])
      .toEqual([400, calendar.calendarMessages.windowInvalid]);
    const wide = await ask('2026-01-01', '2027-02-06');
    expect([wide.status, wide.body.message]).toEqual([400, calendar.calendarMessages.windowTooWide]);
    expect((await ask('2026-01-01', '2027-02-05')).status).toBe(200);
    expect((await ask('2026-02-30', '2026-03-01')).status).toBe(400);
    expect((await t.call(api.listBirthdays, { query: { startDate: '2026-03-01', endDate: '2026-03-02' } })).status).toBe(401);
  });
});

describe('the newsfeed', () => {
  it('answers the birthdays of today and the next 6 days in the family\'s zone, and not another family\'s', async () => {
    // 02:00 UTC on March 6 is still March 5 in New York.
    t.clock.set('2026-03-06T02:00:00Z');
    const ada = await founder(t, 'Ada');
    const miaId = await addChild(ada, 'Mia', { birthday: '2018-03-05' });
    await addChild(ada, 'Lee', { birthday: '2020-03-11' });
    await addChild(ada, 'Late', { birthday: '2020-03-12' });
    const other = await founder(t, 'Oz');
    await addChild(other, 'Otto', { birthday: '2015-03-06' });
    const feed = (await ada.call(dashboard.getNewsfeed)).body as dashboard.Newsfeed;
    expect(feed.upcomingBirthdays.map((b) => `${b.date} ${b.title}`)).toEqual(['2026-03-05 Mia turns 8', '2026-03-11 Lee turns 6']);
    expect(feed.upcomingBirthdays[0]!.memberId).toBe(miaId);
    expect(feed.upcomingEvents).toEqual({});
  });
});
