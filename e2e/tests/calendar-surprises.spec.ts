import { expect, test, type Locator, type Page } from '@playwright/test';
import { mealMessages } from '@hearth/contract/meals';
import { calendarTexts as t } from '../../web/src/features/calendar/texts.ts';
import { eventsViaApi, eventViaApi, familyDate, openCalendar, today } from '../support/calendar-helpers.ts';
import { devices } from '../support/devices.ts';
import { createMealViaApi } from '../support/meals-helpers.ts';
import { signUpViaApi, useSession } from '../support/session.ts';

// Issue 49, "Fix what surprised people": each at 390 px with touch and at 1280 px.

const tile = (page: Page, title: string) => page.locator('.cal-tile', { hasText: title });

/** Keeps a picture of the page with the test's output, to look at. */
const picture = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

/** How far below the top of the time grid's scroller a slot is, in pixels. */
function offsetInScroller(page: Page, time: string): Promise<number> {
  return page.locator(`[data-time="${time}"]`).last().evaluate((slot) => {
    let scroller = slot.parentElement;
    const scrolls = (el: NonNullable<typeof scroller>) => el.scrollHeight > el.clientHeight + 1
      && /auto|scroll/.test(el.ownerDocument.defaultView!.getComputedStyle(el).overflowY);
    while (scroller && !scrolls(scroller)) scroller = scroller.parentElement;
    if (!scroller) throw new Error('the time grid does not scroll');
    return slot.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
  });
}

// A phone shows 3 days where a wider screen shows the week (calendar-phone.spec.ts).
const weekViewOf = (device: (typeof devices)[number]) => ('hasTouch' in device.use ? '3 Days' : 'Week');

for (const device of devices) {
  test.describe(`at ${device.width} px`, () => {
    test.use(device.use);
    const tap = (target: Locator) => (device.use.hasTouch ? target.tap() : target.click());

    test('choosing a meal type keeps the chosen date and changes only the time', async ({ page, request }) => {
      const ada = await signUpViaApi(request, { name: 'Ada' });
      await eventViaApi(request, ada, { title: 'Soup', startTime: '2026-03-05T18:00', endTime: '2026-03-05T19:00', isMeal: true });
      await openCalendar(page, ada);

      await tap(page.getByRole('button', { name: t.addMeal }));
      const form = page.getByRole('dialog', { name: t.newMeal });
      await form.getByLabel('Start').fill('2026-03-06T18:00');
      await form.getByLabel('Meal type').selectOption('LUNCH');
      await expect(form.getByLabel('Start')).toHaveValue('2026-03-06T12:00');
      await expect(form.getByLabel('End')).toHaveValue('2026-03-06T13:00');
      await form.getByLabel('Meal type').selectOption('BREAKFAST');
      await expect(form.getByLabel('Start')).toHaveValue('2026-03-06T08:00');
      await form.getByLabel('Title').fill('Pancakes');
      await tap(form.getByRole('button', { name: t.addMeal }));
      await expect(form).toBeHidden();

      await tap(tile(page, 'Soup'));
      const edit = page.getByRole('dialog', { name: t.editMeal });
      await edit.getByLabel('Meal type').selectOption('LUNCH');
      await expect(edit.getByLabel('Start')).toHaveValue('2026-03-05T12:00');
      await expect(edit.getByLabel('End')).toHaveValue('2026-03-05T13:00');
      await tap(edit.getByRole('button', { name: 'Save Changes' }));
      await expect(edit).toBeHidden();
      const meals = await eventsViaApi(request, ada, '2026-03-01', '2026-03-31');
      expect(meals.map((m) => [m.title, m.startTime, m.endTime])).toEqual([
        ['Soup', '2026-03-05T12:00:00', '2026-03-05T13:00:00'], ['Pancakes', '2026-03-06T08:00:00', '2026-03-06T09:00:00'],
      ]);
    });

    test('an occurrence of a series is edited and deleted alone unless more is chosen', async ({ page, request }) => {
      const ada = await signUpViaApi(request, { name: 'Ada' });
      await eventViaApi(request, ada, { title: 'Choir', startTime: '2026-03-02T18:00', endTime: '2026-03-02T19:00', recurringPattern: 'WEEKLY' });
      await openCalendar(page, ada);

      await tap(tile(page, 'Choir'));
      const form = page.getByRole('dialog', { name: t.editEvent });
      await expect(form.getByLabel(t.editSingle)).toBeChecked();
      await expect(form.getByLabel(t.editSeries)).not.toBeChecked();
      await expect(form.getByLabel('Start')).toHaveValue('2026-03-09T18:00');
      await form.getByLabel('Title').fill('Choir concert');
      await tap(form.getByRole('button', { name: 'Save Changes' }));
      await expect(form).toBeHidden();

      await tap(page.getByRole('button', { name: 'Next Week' }));
      await tap(tile(page, 'Choir'));
      await tap(form.getByRole('button', { name: 'Delete' }));
      const scopes = page.getByRole('dialog', { name: t.deleteRecurringTitle });
      await expect(scopes.getByRole('button', { name: t.deleteSingle })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(scopes).toBeHidden();

      const events = await eventsViaApi(request, ada, '2026-03-01', '2026-03-24');
      expect(events.map((e) => [e.title, e.startTime])).toEqual([
        ['Choir', '2026-03-02T18:00:00'], ['Choir concert', '2026-03-09T18:00:00'], ['Choir', '2026-03-23T18:00:00'],
      ]);
    });

    test('each newsfeed entry opens what it shows; an eating-out meal opens its event with the place', async ({ page, request }) => {
      const ada = await signUpViaApi(request, { name: 'Ada' });
      const recipe = await createMealViaApi(request, ada, { name: 'Lasagne' });
      const tomorrow = familyDate(1);
      await eventViaApi(request, ada, {
        title: 'Pizza night', startTime: `${tomorrow}T19:00`, endTime: `${tomorrow}T20:00`, isMeal: true, isEatingOut: true,
        restaurantName: 'Luigi\'s', restaurantAddress: '5 Oak Ave, Springfield',
      });
      await eventViaApi(request, ada, {
        title: 'Lasagne night', startTime: `${familyDate(2)}T18:00`, endTime: `${familyDate(2)}T19:00`, isMeal: true, recipeId: recipe.id,
      });
      // A weekly lesson that began before the newsfeed's days: its entry opens tomorrow's occurrence.
      await eventViaApi(request, ada, {
        title: 'Piano', startTime: `${familyDate(-6)}T17:00`, endTime: `${familyDate(-6)}T18:00`, recurringPattern: 'WEEKLY',
      });
      await useSession(page, ada);
      await page.goto('/');
      const meals = page.getByRole('region', { name: 'Upcoming Meals' });
      const events = page.getByRole('region', { name: 'Upcoming Events' });

      await tap(meals.getByRole('link', { name: /Pizza night/ }));
      const meal = page.getByRole('dialog', { name: t.editMeal });
      await expect(meal.getByLabel('Eating out')).toBeChecked();
      await expect(meal.getByLabel('Restaurant name')).toHaveValue('Luigi\'s');
      await expect(meal.getByLabel('Restaurant address')).toHaveValue('5 Oak Ave, Springfield');
      await expect(meal.getByLabel('Start')).toHaveValue(`${tomorrow}T19:00`);
      await expect(page.getByText(mealMessages.notFound)).toHaveCount(0);
      await tap(meal.getByRole('button', { name: 'Cancel' }));
      await expect(meal).toBeHidden();
      await expect(tile(page, 'Pizza night')).toBeVisible();

      await page.goto('/');
      await tap(events.getByRole('link', { name: /Piano/ }));
      const event = page.getByRole('dialog', { name: t.editEvent });
      await expect(event.getByLabel('Title')).toHaveValue('Piano');
      await expect(event.getByLabel('Start')).toHaveValue(`${tomorrow}T17:00`);

      await page.goto('/');
      await tap(meals.getByRole('link', { name: /Lasagne night/ }));
      await expect(page).toHaveURL(new RegExp(`/meals/${recipe.id}$`));
      await expect(page.getByRole('heading', { name: 'Lasagne', exact: true })).toBeVisible();
    });

    test('the list starts today and shows the next 7 days; later days come by paging', async ({ page, request }) => {
      const ada = await signUpViaApi(request, { name: 'Ada' });
      // Today is Wednesday 4 March.
      for (const [title, date] of [
        ['Past lesson', '2026-03-03'], ['Dentist', '2026-03-04'], ['Sunday dinner', '2026-03-08'],
        ['Tuesday swim', '2026-03-10'], ['Next Wednesday', '2026-03-11'],
      ] as const) {
        await eventViaApi(request, ada, { title, startTime: `${date}T16:00`, endTime: `${date}T17:00` });
      }
      await openCalendar(page, ada);
      await expect(page.getByRole('tab', { name: 'List view' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.locator('.cal-tile-title')).toHaveText(['Dentist', 'Sunday dinner', 'Tuesday swim']);
      await picture(page, `calendar-list-${device.width}`);

      await tap(page.getByRole('button', { name: 'Next Week' }));
      await expect(page.locator('.cal-tile-title')).toHaveText(['Next Wednesday']);
      await tap(page.getByRole('button', { name: 'Previous Week' }));
      await tap(page.getByRole('button', { name: 'Previous Week' }));
      await expect(page.locator('.cal-tile-title')).toHaveText(['Past lesson']);
    });

    test('the week grid holds every hour and opens at the week\'s first event, or at 07:00', async ({ page, request }) => {
      const ada = await signUpViaApi(request, { name: 'Ada' });
      await eventViaApi(request, ada, { title: 'Meeting', startTime: '2026-03-02T10:00', endTime: '2026-03-02T11:00' });
      await eventViaApi(request, ada, { title: 'Flight', startTime: '2026-03-05T05:15', endTime: '2026-03-05T07:00' });
      await openCalendar(page, ada);
      await tap(page.getByRole('tab', { name: `${weekViewOf(device)} view` }));
      await expect.poll(() => offsetInScroller(page, '05:00:00')).toBeLessThan(4);
      expect(await offsetInScroller(page, '05:00:00')).toBeGreaterThan(-4);
      // The flight is drawn from 05:15, a quarter of the way down its hour.
      const [flight, five, six] = await Promise.all([
        page.locator('.fc-event', { hasText: 'Flight' }).or(tile(page, 'Flight')).first().boundingBox(),
        page.locator('[data-time="05:00:00"]').last().boundingBox(),
        page.locator('[data-time="06:00:00"]').last().boundingBox(),
      ]);
      expect(flight!.y - five!.y).toBeCloseTo((six!.y - five!.y) / 4, -1);
      await picture(page, `calendar-week-${device.width}`);

      // A week without events opens at 07:00; the first and last hours are a scroll away.
      await tap(page.getByRole('button', { name: `Next ${weekViewOf(device)}` }));
      await expect.poll(() => offsetInScroller(page, '07:00:00')).toBeLessThan(4);
      expect(await offsetInScroller(page, '07:00:00')).toBeGreaterThan(-4);
      for (const time of ['00:00:00', '23:30:00']) {
        await page.locator(`[data-time="${time}"]`).last().scrollIntoViewIfNeeded();
        await expect(page.locator(`[data-time="${time}"]`).last()).toBeInViewport();
      }
    });

    for (const { locale, event, meal, slot } of [
      { locale: 'en-US', event: /^4:30\sPM - 5:30\sPM$/, meal: /6:00\sPM - 7:00\sPM/, slot: /^4:00\sPM$/ },
      { locale: 'en-GB', event: /^16:30 - 17:30$/, meal: /18:00 - 19:00/, slot: /^16:00$/ },
    ]) {
      test.describe(`in ${locale}`, () => {
        test.use({ locale });

        test('the newsfeed and the calendar write times alike, in the browser\'s locale', async ({ page, request }) => {
          const ada = await signUpViaApi(request, { name: 'Ada' });
          // The newsfeed's days are the server's (real) next 7; the calendar's clock is the tests' fixed today.
          for (const date of [familyDate(1), today]) {
            await eventViaApi(request, ada, { title: 'Piano', startTime: `${date}T16:30`, endTime: `${date}T17:30` });
            await eventViaApi(request, ada, { title: 'Tacos', startTime: `${date}T18:00`, endTime: `${date}T19:00`, isMeal: true });
          }
          await useSession(page, ada);
          await page.goto('/');
          await expect(page.getByRole('region', { name: 'Upcoming Events' }).locator('.nf-time')).toHaveText(event);
          await expect(page.getByRole('region', { name: 'Upcoming Meals' }).getByRole('link', { name: /Tacos/ })).toContainText(meal);

          await openCalendar(page, ada);
          await expect(tile(page, 'Piano').locator('.cal-tile-time')).toHaveText(event);
          await expect(tile(page, 'Tacos').locator('.cal-tile-time')).toHaveText(meal);
          await tap(page.getByRole('tab', { name: `${weekViewOf(device)} view` }));
          await expect(page.locator('[data-time="16:00:00"]').first()).toHaveText(slot);
        });
      });
    }
  });
}
