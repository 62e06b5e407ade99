import { expect, test, type Page } from '@playwright/test';
import * as calendar from '@hearth/contract/calendar';
import { calendarTexts as t } from '../../web/src/features/calendar/texts.ts';
import { callApi } from '../support/api.ts';
import { eventsViaApi, now, openCalendar, today } from '../support/calendar-helpers.ts';
import { joinFamilyViaApi } from '../support/family-helpers.ts';
import { itemNamesViaApi } from '../support/grocery-helpers.ts';
import { createListViaApi, createMealViaApi } from '../support/meals-helpers.ts';
import { signUpViaApi, useSession } from '../support/session.ts';

/** Drags in the week time grid from one slot to another of the same day. */
async function dragRange(page: Page, date: string, from: string, to: string) {
  const column = await page.locator(`[role=columnheader][data-date="${date}"]`).boundingBox();
  const start = await page.locator(`[data-time="${from}"]`).last().boundingBox();
  const end = await page.locator(`[data-time="${to}"]`).last().boundingBox();
  if (!column || !start || !end) throw new Error('time grid not found');
  const x = column.x + column.width / 2;
  await page.mouse.move(x, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(x, (start.y + end.y) / 2 + end.height / 2, { steps: 5 });
  await page.mouse.move(x, end.y + end.height / 2, { steps: 5 });
  await page.mouse.up();
}

test('dragging a range in the week grid opens the add form with it; the event shows and the legend filters it', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  await openCalendar(page, ada);
  // No events in the window: the month grid is the default.
  await expect(page.getByRole('tab', { name: 'Month view' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Week view' }).click();
  await dragRange(page, '2026-03-05', '09:00:00', '10:00:00');

  const form = page.getByRole('dialog', { name: t.newEvent });
  await expect(form.getByLabel('Start')).toHaveValue('2026-03-05T09:00');
  await expect(form.getByLabel('End')).toHaveValue('2026-03-05T10:30');
  await form.getByRole('button', { name: t.addEvent }).click();
  await expect(form.getByText(t.titleRequired)).toBeVisible();
  await form.getByLabel('Title').fill('Piano lesson');
  await form.getByLabel('Location').fill('Music school');
  await form.getByLabel('Address').fill('12 Elm St, Springfield');
  await form.getByRole('checkbox', { name: 'Ada' }).check();
  await form.getByRole('button', { name: t.addEvent }).click();
  await expect(form).toBeHidden();

  const [saved] = await eventsViaApi(request, ada, '2026-03-01', '2026-03-31');
  expect(saved).toMatchObject({ title: 'Piano lesson', startTime: '2026-03-05T09:00:00', endTime: '2026-03-05T10:30:00', allDay: false });
  // The tile is one control (issue 49: no link nested in it): the place shows on it, its map link in the form.
  const tile = page.locator('.cal-tile', { hasText: 'Piano lesson' });
  await expect(tile).toContainText('Music school');
  await expect(tile.getByRole('link')).toHaveCount(0);
  await tile.click();
  const edit = page.getByRole('dialog', { name: t.editEvent });
  await expect(edit.getByRole('link', { name: t.mapsLink('Music school') }))
    .toHaveAttribute('href', /google\.com\/maps\/search\/\?api=1&query=12%20Elm%20St/);
  await edit.getByRole('button', { name: 'Cancel' }).click();

  // A family-wide event (no attendees) stays under any filter; Bob's filter hides Ada's lesson.
  await callApi(request, calendar.createEvent, {
    token: ada.token, body: { title: 'Fire drill', startTime: '2026-03-05T13:00', endTime: '2026-03-05T14:00' },
  });
  const bob = await joinFamilyViaApi(request, ada, { name: 'Bob', level: 'EDIT' });
  await page.reload();
  await page.getByRole('tab', { name: 'List view' }).click();
  await expect(page.locator('.cal-tile', { hasText: 'Fire drill' })).toBeVisible();
  await page.getByRole('group', { name: t.membersLabel }).getByRole('button', { name: bob.user.name }).click();
  await expect(page.locator('.cal-tile', { hasText: 'Piano lesson' })).toHaveCount(0);
  await expect(page.locator('.cal-tile', { hasText: 'Fire drill' })).toBeVisible();
  await page.getByRole('button', { name: t.clearFilter }).click();
  await expect(page.locator('.cal-tile', { hasText: 'Piano lesson' })).toBeVisible();
});

test('event form defaults: next full hour, one hour long; the end follows the start; all day ends the day it starts', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  await openCalendar(page, ada);
  await page.getByRole('button', { name: t.addEvent }).click();
  const form = page.getByRole('dialog', { name: t.newEvent });
  await expect(form.getByLabel('Start')).toHaveValue(`${today}T11:00`);
  await expect(form.getByLabel('End')).toHaveValue(`${today}T12:00`);
  await form.getByLabel('Start').fill('2026-03-06T16:30');
  await expect(form.getByLabel('End')).toHaveValue('2026-03-06T17:30');
  await form.getByLabel('End').fill('2026-03-06T16:00');
  await form.getByLabel('Title').fill('Backwards');
  await form.getByRole('button', { name: t.addEvent }).click();
  await expect(form.getByText(t.endAfterStart)).toBeVisible();

  await form.getByLabel('All day').check();
  await form.getByLabel('Start').fill('2026-03-10');
  await expect(form.getByLabel('End')).toHaveValue('2026-03-10');
  await form.getByLabel('End').fill('2026-03-09');
  await form.getByRole('button', { name: t.addEvent }).click();
  await expect(form.getByText(t.allDayEndBeforeStart)).toBeVisible();
  await form.getByLabel('End').fill('2026-03-11');
  await form.getByRole('button', { name: t.addEvent }).click();
  await expect(form).toBeHidden();
  const [saved] = await eventsViaApi(request, ada, '2026-03-01', '2026-03-31');
  expect(saved).toMatchObject({ allDay: true, startTime: '2026-03-10T00:00:00', endTime: '2026-03-11T00:00:00' });
  // With an event in the window the week list is the default.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'List view' })).toHaveAttribute('aria-selected', 'true');
});

test('a weekly event loses one occurrence; the others remain', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  await openCalendar(page, ada);
  await page.getByRole('button', { name: t.addEvent }).click();
  const form = page.getByRole('dialog', { name: t.newEvent });
  await form.getByLabel('Title').fill('Swim practice');
  await form.getByLabel('Start').fill(`${today}T17:00`);
  await form.getByLabel('Repeats').selectOption({ label: t.patterns.WEEKLY });
  await form.getByRole('button', { name: t.addEvent }).click();
  await expect(form).toBeHidden();

  await page.getByRole('tab', { name: 'List view' }).click();
  await expect(page.locator('.cal-tile', { hasText: 'Swim practice' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Next Week' }).click();
  await page.locator('.cal-tile', { hasText: 'Swim practice' }).click();
  await page.getByRole('dialog', { name: t.editEvent }).getByRole('button', { name: 'Delete' }).click();
  const scopes = page.getByRole('dialog', { name: t.deleteRecurringTitle });
  await expect(scopes.getByRole('button', { name: t.deleteFuture })).toBeVisible();
  await expect(scopes.getByRole('button', { name: t.deleteSeries })).toBeVisible();
  await scopes.getByRole('button', { name: t.deleteSingle }).click();
  await expect(scopes).toBeHidden();
  await expect(page.locator('.cal-tile', { hasText: 'Swim practice' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Next Week' }).click();
  await expect(page.locator('.cal-tile', { hasText: 'Swim practice' })).toHaveCount(1);

  const dates = (await eventsViaApi(request, ada, '2026-03-01', '2026-03-31')).map((e) => e.occurrenceDate);
  expect(dates).toEqual(['2026-03-04', '2026-03-18', '2026-03-25']);
});

test('editing one occurrence of a series leaves the others; editing the series moves them all', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  await callApi(request, calendar.createEvent, {
    token: ada.token, body: { title: 'Choir', startTime: '2026-03-02T18:00', endTime: '2026-03-02T19:00', recurringPattern: 'WEEKLY' },
  });
  // The list runs from today, Wednesday 4 March, to Tuesday 10 March: Monday 9 March's occurrence.
  await openCalendar(page, ada);
  await page.locator('.cal-tile', { hasText: 'Choir' }).click();
  const form = page.getByRole('dialog', { name: t.editEvent });
  await expect(form.getByLabel('Start')).toHaveValue('2026-03-09T18:00');
  await expect(form.getByLabel(t.editSingle)).toBeChecked();
  await form.getByLabel('Title').fill('Choir concert');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(form).toBeHidden();
  await expect(page.locator('.cal-tile', { hasText: 'Choir concert' })).toBeVisible();

  await page.getByRole('button', { name: 'Next Week' }).click();
  await page.locator('.cal-tile', { hasText: 'Choir' }).click();
  await form.getByLabel(t.editSeries).check();
  await form.getByLabel('Start').fill('2026-03-16T19:00');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(form).toBeHidden();
  const events = await eventsViaApi(request, ada, '2026-03-01', '2026-03-24');
  expect(events.map((e) => [e.title, e.startTime])).toEqual([
    ['Choir', '2026-03-02T19:00:00'], ['Choir concert', '2026-03-09T18:00:00'], ['Choir', '2026-03-16T19:00:00'], ['Choir', '2026-03-23T19:00:00'],
  ]);
});

test('a dinner from a recipe puts its ingredients on the chosen list; meal types reset the times', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  const list = await createListViaApi(request, ada, 'Weekly Shop');
  await createMealViaApi(request, ada, { name: 'Lasagne', ingredients: [{ name: 'Pasta sheets' }, { name: 'Ricotta', quantity: 2, unit: 'cups' }] });
  await openCalendar(page, ada);
  await page.getByRole('button', { name: t.addMeal }).click();
  const form = page.getByRole('dialog', { name: t.newMeal });
  await expect(form.getByLabel('Meal type')).toHaveValue('DINNER');
  await expect(form.getByLabel('Start')).toHaveValue(`${today}T18:00`);
  await expect(form.getByLabel('End')).toHaveValue(`${today}T19:00`);
  await form.getByLabel('Meal type').selectOption('BREAKFAST');
  await expect(form.getByLabel('Start')).toHaveValue(`${today}T08:00`);
  await expect(form.getByLabel('End')).toHaveValue(`${today}T09:00`);
  await form.getByLabel('Meal type').selectOption('LUNCH');
  await expect(form.getByLabel('Start')).toHaveValue(`${today}T12:00`);
  await form.getByLabel('Meal type').selectOption('DINNER');
  await expect(form.getByLabel('End')).toHaveValue(`${today}T19:00`);

  await form.getByLabel('Recipe').selectOption({ label: 'Lasagne' });
  await expect(form.getByLabel('Title')).toHaveValue('Lasagne');
  await form.getByLabel('Add ingredients to a grocery list').check();
  await form.getByRole('button', { name: t.addMeal }).click();
  await expect(form.getByText(t.groceryListRequired)).toBeVisible();
  await form.getByRole('combobox', { name: 'Grocery list' }).selectOption({ label: 'Weekly Shop' });
  await form.getByRole('button', { name: t.addMeal }).click();
  await expect(form).toBeHidden();

  expect((await itemNamesViaApi(request, ada, list.id)).sort()).toEqual(['Pasta sheets', 'Ricotta']);
  const [meal] = await eventsViaApi(request, ada, today, today);
  expect(meal).toMatchObject({ title: 'Lasagne', isMeal: true, startTime: `${today}T18:00:00` });
  await page.getByRole('tab', { name: 'List view' }).click();
  await page.locator('.cal-tile', { hasText: 'Lasagne' }).click();
  await expect(page.getByRole('dialog', { name: t.editMeal }).getByLabel('Recipe')).toHaveValue(meal!.mealId!);
});

test('export shows the subscription link; copying says Copied! for 2 seconds; the link serves the calendar', async ({ page, request, context }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  await callApi(request, calendar.createEvent, {
    token: ada.token, body: { title: 'Parents evening', startTime: `${today}T19:00`, endTime: `${today}T20:00` },
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await useSession(page, ada);
  await page.goto('/calendar');
  await page.getByRole('button', { name: t.export }).click();
  const dialog = page.getByRole('dialog', { name: t.exportTitle });
  await expect(dialog.getByText(t.exportHint)).toBeVisible();
  const link = await dialog.getByLabel('Subscription link').inputValue();
  expect(link).toContain(calendar.calendarFeedPath);
  await dialog.getByRole('button', { name: t.copyLink }).click();
  await expect(dialog.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => (navigator as unknown as { clipboard: { readText(): Promise<string> } }).clipboard.readText())).toBe(link);
  await expect(dialog.getByRole('button', { name: t.copyLink })).toBeVisible({ timeout: 3000 });

  const feed = await request.get(link);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  expect(await feed.text()).toContain('SUMMARY:Parents evening');

  // An admin's new link replaces the old one.
  await dialog.getByRole('button', { name: t.regenerate }).click();
  await page.getByRole('dialog', { name: t.regenerateTitle }).getByRole('button', { name: t.regenerate }).click();
  await expect(dialog.getByLabel('Subscription link')).not.toHaveValue(link);
  expect((await request.get(link)).status()).toBe(404);
});

test('a read-only member sees the calendar and the export link but no way to change anything', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  await callApi(request, calendar.createEvent, {
    token: ada.token, body: { title: 'Dentist', startTime: `${today}T14:00`, endTime: `${today}T15:00` },
  });
  const cleo = await joinFamilyViaApi(request, ada, { name: 'Cleo', level: 'READ_ONLY' });
  await useSession(page, cleo);
  await page.clock.setFixedTime(now);
  await page.goto('/calendar');
  await expect(page.locator('.cal-tile', { hasText: 'Dentist' })).toBeVisible();
  await expect(page.getByRole('button', { name: t.addEvent })).toHaveCount(0);
  await expect(page.getByRole('button', { name: t.addMeal })).toHaveCount(0);
  await page.locator('.cal-tile', { hasText: 'Dentist' }).click();
  const form = page.getByRole('dialog', { name: t.editEvent });
  await expect(form.getByLabel('Title')).toBeDisabled();
  await expect(form.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
  await form.getByRole('button', { name: 'Close', exact: true }).last().click();
  await page.getByRole('button', { name: t.export }).click();
  await expect(page.getByLabel('Subscription link')).toHaveValue(/feed\.ics\?key=/);
  await expect(page.getByRole('button', { name: t.regenerate })).toHaveCount(0);
});

test('FullCalendar loads with the calendar page only', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  const scripts: string[] = [];
  page.on('request', (r) => { if (r.resourceType() === 'script') scripts.push(r.url()); });
  await useSession(page, ada);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: "Ada's Newsfeed" })).toBeVisible();
  expect(scripts.some((url) => /CalendarPage/.test(url))).toBe(false);
  await page.getByRole('navigation').getByRole('link', { name: 'Calendar' }).first().click();
  await expect(page.getByRole('tablist', { name: 'Change view' })).toBeVisible();
  expect(scripts.some((url) => /CalendarPage/.test(url))).toBe(true);
  await expect(page).toHaveTitle('Calendar · Hearth');
});
