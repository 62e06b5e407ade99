import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import * as family from '@hearth/contract/family';
import { calendarTexts as t } from '../../web/src/features/calendar/texts.ts';
import { callApi } from '../support/api.ts';
import { eventsViaApi, eventViaApi, openCalendar } from '../support/calendar-helpers.ts';
import { signUpViaApi, type ApiSession } from '../support/session.ts';

// Issue 49, "Views that read on a phone": at 390 px with touch and at 1280 px. Today is Wednesday 4 March 2026.

const ada = '#7c3aed';
const bob = '#facc15';

/** Ada (who signs up) and Bob (a child), each with a colour of their own; answers their member ids. */
async function family2(request: APIRequestContext, session: ApiSession) {
  const [own] = await callApi(request, family.listMembers, { token: session.token });
  const child = await callApi(request, family.addMember, { token: session.token, body: { name: 'Bob', email: null, birthday: null } });
  await callApi(request, family.setMemberColor, { token: session.token, params: { id: own!.id }, body: { color: ada } });
  await callApi(request, family.setMemberColor, { token: session.token, params: { id: child.id }, body: { color: bob } });
  return { ada: own!.id, bob: child.id };
}

/** The colour FullCalendar paints an event's tile with. */
const tileColor = (page: Page, title: string) => page.locator('.cal-tile', { hasText: title }).first()
  .evaluate((tile) => tile.closest('[style*="--fc-event-color"]')?.getAttribute('style')?.match(/--fc-event-color:\s*([^;]+)/)?.[1]);

const picture = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test.describe('at 390 px with touch', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the month shows a bar per event and a count; the tapped day\'s events are listed under the grid', async ({ page, request }) => {
    const session = await signUpViaApi(request, { name: 'Ada' });
    const ids = await family2(request, session);
    for (const [i, title] of ['Swimming', 'Piano', 'Dentist', 'Choir', 'Chess'].entries()) {
      await eventViaApi(request, session, { title, startTime: `2026-03-04T1${i}:00`, endTime: `2026-03-04T1${i}:30`, attendeeIds: [ids.ada] });
    }
    await eventViaApi(request, session, { title: 'Soup', startTime: '2026-03-05T18:00', endTime: '2026-03-05T19:00', isMeal: true });
    await eventViaApi(request, session, {
      title: 'Parents evening', startTime: '2026-03-05T19:00', endTime: '2026-03-05T20:00', attendeeIds: [ids.bob, ids.ada], location: 'School',
    });
    await openCalendar(page, session);
    await page.getByRole('tab', { name: 'Month view' }).tap();

    // Bars in the cells, no truncated titles: 3 bars and "+2" on the 4th, 2 bars on the 5th.
    const cell = (date: string) => page.locator(`[role=cell][data-date="${date}"]`);
    await expect(cell('2026-03-04').locator('.cal-bar')).toHaveCount(3);
    await expect(cell('2026-03-04')).toContainText('+2');
    await expect(cell('2026-03-05').locator('.cal-bar')).toHaveCount(2);
    await expect(page.locator('.cal-tile')).toHaveCount(0);

    // Today's events are listed under the grid; a tap on another day lists that day's.
    const today = page.getByRole('region', { name: t.dayEvents('Wednesday, March 4') });
    await expect(today.getByRole('listitem')).toHaveCount(5);
    await cell('2026-03-05').tap();
    const thursday = page.getByRole('region', { name: t.dayEvents('Thursday, March 5') });
    await expect(thursday.getByRole('button', { name: /Soup/ })).toBeVisible();
    await expect(thursday.getByRole('button', { name: /Parents evening/ })).toContainText('School');
    await picture(page, 'month-390');

    await thursday.getByRole('button', { name: /Parents evening/ }).tap();
    const form = page.getByRole('dialog', { name: t.editEvent });
    await expect(form.getByLabel('Title')).toHaveValue('Parents evening');
    await form.getByRole('button', { name: 'Cancel' }).tap();

    // The day's own Add Event starts on that day.
    await thursday.getByRole('button', { name: t.addEvent }).tap();
    await expect(page.getByRole('dialog', { name: t.newEvent }).getByLabel('Start')).toHaveValue(/^2026-03-05T\d\d:00$/);
  });

  test('3 days with their dates instead of the week; a tap on an empty slot adds an event there', async ({ page, request }) => {
    const session = await signUpViaApi(request, { name: 'Ada' });
    await eventViaApi(request, session, { title: 'Piano', startTime: '2026-03-05T16:00', endTime: '2026-03-05T17:00' });
    await openCalendar(page, session);
    await expect(page.getByRole('tab', { name: 'Week view' })).toHaveCount(0);
    await page.getByRole('tab', { name: '3 Days view' }).tap();
    await expect(page.locator('[role=columnheader][data-date]')).toHaveText([/4 Wed$/, /5 Thu$/, /6 Fri$/]);
    await expect(page.locator('.cal-tile', { hasText: 'Piano' })).toBeVisible();
    await picture(page, 'three-days-390');
    await page.getByRole('button', { name: 'Next 3 Days' }).tap();
    await expect(page.locator('[role=columnheader][data-date]')).toHaveText([/7 Sat$/, /8 Sun$/, /9 Mon$/]);

    await page.getByRole('tab', { name: 'Day view' }).tap();
    const slot = page.locator('[data-time="09:00:00"]').last();
    await slot.scrollIntoViewIfNeeded();
    const box = (await slot.boundingBox())!;
    await page.touchscreen.tap(box.x + box.width * 0.75, box.y + box.height / 2);
    const form = page.getByRole('dialog', { name: t.newEvent });
    await expect(form.getByLabel('Start')).toHaveValue('2026-03-07T09:00');
    await expect(form.getByLabel('End')).toHaveValue('2026-03-07T10:00');
  });

  test('a long press then a drag moves an event by touch', async ({ page, context, request }) => {
    const session = await signUpViaApi(request, { name: 'Ada' });
    await eventViaApi(request, session, { title: 'Dentist', startTime: '2026-03-05T10:00', endTime: '2026-03-05T11:00' });
    await openCalendar(page, session);
    await page.getByRole('tab', { name: '3 Days view' }).tap();
    const tile = page.locator('.cal-tile', { hasText: 'Dentist' });
    await tile.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const from = (await tile.boundingBox())!;
    const column = (await page.locator('[role=columnheader][data-date]').first().boundingBox())!;
    const slot = (await page.locator('[data-time="10:00:00"]').last().boundingBox())!;
    // Playwright's touchscreen only taps: the press, hold and move go through the DevTools protocol as a finger would.
    const cdp = await context.newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) => cdp.send('Input.dispatchTouchEvent', {
      type, touchPoints: type === 'touchEnd' ? [] : [{ x, y, id: 1 }],
    });
    const x = from.x + from.width / 2;
    const y = from.y + 8;
    await touch('touchStart', x, y);
    // Held past FullCalendar's long-press delay (1 s): a shorter press scrolls the grid instead.
    await page.waitForTimeout(1200);
    const [dx, dy] = [column.width, 2 * slot.height];
    for (let i = 1; i <= 10; i++) await touch('touchMove', x + (dx * i) / 10, y + (dy * i) / 10);
    await touch('touchEnd', x + dx, y + dy);
    await expect.poll(async () => (await eventsViaApi(request, session, '2026-03-01', '2026-03-31'))
      .filter((e) => e.title === 'Dentist').map((e) => [e.startTime, e.endTime]))
      .toEqual([['2026-03-06T11:00:00', '2026-03-06T12:00:00']]);
  });

  test('moving an occurrence in its edit sheet saves it alone unless all are chosen', async ({ page, request }) => {
    const session = await signUpViaApi(request, { name: 'Ada' });
    await eventViaApi(request, session, { title: 'Choir', startTime: '2026-03-02T18:00', endTime: '2026-03-02T19:00', recurringPattern: 'WEEKLY' });
    await openCalendar(page, session);
    await page.getByRole('tab', { name: '3 Days view' }).tap();
    await page.getByRole('button', { name: 'Next 3 Days' }).tap();
    await page.locator('.cal-tile', { hasText: 'Choir' }).tap();
    const form = page.getByRole('dialog', { name: t.editEvent });
    await expect(form.getByLabel(t.editSingle)).toBeChecked();
    await form.getByLabel('Start').fill('2026-03-09T19:00');
    await expect(form.getByLabel('End')).toHaveValue('2026-03-09T20:00');
    await form.getByRole('button', { name: 'Save Changes' }).tap();
    await expect(form).toBeHidden();
    const events = await eventsViaApi(request, session, '2026-03-01', '2026-03-17');
    expect(events.map((e) => [e.title, e.startTime])).toEqual([
      ['Choir', '2026-03-02T18:00:00'], ['Choir', '2026-03-09T19:00:00'], ['Choir', '2026-03-16T18:00:00'],
    ]);
  });
});

test.describe('at 1280 px', () => {
  test('events wear their first attendee\'s colour with the others\' dots; meals keep theirs; the legend filters', async ({ page, request }) => {
    const session = await signUpViaApi(request, { name: 'Ada' });
    const ids = await family2(request, session);
    await eventViaApi(request, session, { title: 'Swimming', startTime: '2026-03-04T17:00', endTime: '2026-03-04T18:00', attendeeIds: [ids.ada] });
    await eventViaApi(request, session, {
      title: 'Parents evening', startTime: '2026-03-04T19:00', endTime: '2026-03-04T20:00', attendeeIds: [ids.ada, ids.bob],
    });
    await eventViaApi(request, session, { title: 'Football', startTime: '2026-03-05T16:00', endTime: '2026-03-05T17:00', attendeeIds: [ids.bob] });
    await eventViaApi(request, session, { title: 'Soup', startTime: '2026-03-05T18:00', endTime: '2026-03-05T19:00', isMeal: true, attendeeIds: [ids.bob] });
    await eventViaApi(request, session, { title: 'Fair', startTime: '2026-03-06T10:00', endTime: '2026-03-06T11:00' });
    await openCalendar(page, session);
    await page.getByRole('tab', { name: 'Week view' }).click();
    await expect(page.locator('[role=columnheader][data-date="2026-03-04"]')).toHaveText(/4 Wed$/);

    expect(await tileColor(page, 'Swimming')).toBe(ada);
    expect(await tileColor(page, 'Football')).toBe(bob);
    expect(await tileColor(page, 'Parents evening')).toBe(ada);
    expect(await tileColor(page, 'Soup')).toBe('#ea580c');
    expect(await tileColor(page, 'Fair')).toBe('#2563eb');
    // Several attendees: the first one's colour, the others' dots.
    const parents = page.locator('.cal-tile', { hasText: 'Parents evening' });
    await expect(parents.getByRole('img', { name: 'Bob' })).toBeVisible();
    await expect(parents.getByRole('img', { name: 'Ada' })).toHaveCount(0);
    await picture(page, 'week-1280');

    await page.getByRole('group', { name: t.membersLabel }).getByRole('button', { name: 'Bob' }).click();
    await expect(page.locator('.cal-tile', { hasText: 'Swimming' })).toHaveCount(0);
    await expect(page.locator('.cal-tile', { hasText: 'Parents evening' })).toBeVisible();
    await expect(page.locator('.cal-tile', { hasText: 'Football' })).toBeVisible();
    await expect(page.locator('.cal-tile', { hasText: 'Fair' })).toBeVisible();
  });

  test('dragging an event saves it; a repeating one asks, and this occurrence is the default', async ({ page, request }) => {
    const session = await signUpViaApi(request, { name: 'Ada' });
    await eventViaApi(request, session, { title: 'Choir', startTime: '2026-03-02T18:00', endTime: '2026-03-02T19:00', recurringPattern: 'WEEKLY' });
    await eventViaApi(request, session, { title: 'Dentist', startTime: '2026-03-05T10:00', endTime: '2026-03-05T11:00' });
    await openCalendar(page, session);
    await page.getByRole('tab', { name: 'Week view' }).click();

    /** Drags `title`'s tile by `days` columns and `slots` half hours. */
    const drag = async (title: string, days: number, slots: number, handle?: (tile: Locator) => Locator) => {
      const tile = page.locator('.cal-tile', { hasText: title });
      // In the middle of the grid's scroller, away from the edges where a drag scrolls the grid.
      await tile.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      const from = (await (handle ? handle(tile) : tile).boundingBox())!;
      const column = (await page.locator('[role=columnheader][data-date]').first().boundingBox())!;
      const slot = (await page.locator('[data-time="10:00:00"]').last().boundingBox())!;
      const x = from.x + from.width / 2;
      const y = from.y + (handle ? from.height / 2 : 8);
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + (days * column.width) / 2, y + (slots * slot.height) / 2, { steps: 5 });
      await page.mouse.move(x + days * column.width, y + slots * slot.height, { steps: 5 });
      await page.mouse.up();
    };

    // A plain event moves a day on and an hour later at once.
    await drag('Dentist', 1, 2);
    await expect.poll(async () => (await eventsViaApi(request, session, '2026-03-01', '2026-03-31'))
      .filter((e) => e.title === 'Dentist').map((e) => [e.startTime, e.endTime]))
      .toEqual([['2026-03-06T11:00:00', '2026-03-06T12:00:00']]);
    await expect(page.locator('.cal-tile', { hasText: 'Dentist' })).toContainText('11:00');

    // A repeating one asks; Enter takes this occurrence.
    await drag('Choir', 0, -2);
    const scopes = page.getByRole('dialog', { name: t.moveTitle });
    await expect(scopes.getByRole('button', { name: t.moveSingle })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(scopes).toBeHidden();
    await expect.poll(async () => (await eventsViaApi(request, session, '2026-03-01', '2026-03-10'))
      .filter((e) => e.title === 'Choir').map((e) => e.startTime))
      .toEqual(['2026-03-02T17:00:00', '2026-03-09T18:00:00']);

    // Next week's occurrence: Cancel puts it back; all occurrences move the series by as much.
    await page.getByRole('button', { name: 'Next Week' }).click();
    await drag('Choir', 0, -2);
    await scopes.getByRole('button', { name: 'Cancel' }).click();
    await expect(scopes).toBeHidden();
    await expect(page.locator('.cal-tile', { hasText: 'Choir' })).toContainText('6:00');
    await drag('Choir', 0, -2);
    await scopes.getByRole('button', { name: t.moveSeries }).click();
    await expect.poll(async () => (await eventsViaApi(request, session, '2026-03-01', '2026-03-17'))
      .filter((e) => e.title === 'Choir').map((e) => e.startTime))
      .toEqual(['2026-03-02T17:00:00', '2026-03-09T17:00:00', '2026-03-16T17:00:00']);
  });
});
