import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import * as family from '@hearth/contract/family';
import { calendarTexts as t } from '../../web/src/features/calendar/texts.ts';
import { callApi } from '../support/api.ts';
import { eventsViaApi, eventViaApi, familyDate, openCalendar } from '../support/calendar-helpers.ts';
import { devices } from '../support/devices.ts';
import { offlineReady, storedCount } from '../support/offline-helpers.ts';
import { signUpViaApi, useSession, type ApiSession } from '../support/session.ts';

// Issue 49, "More of what families expect": birthdays, place suggestions and the calendar offline, each at 390 px
// with touch and at 1280 px. Suggestions come from the loopback Photon of global-setup.ts (support/photon.ts).

/** Keeps a picture of the page with the test's output, to look at. */
const picture = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

const addMember = (request: APIRequestContext, s: ApiSession, name: string, birthday: string) =>
  callApi(request, family.addMember, { token: s.token, body: { name, birthday } });

for (const device of devices) {
  test.describe(`at ${device.width} px`, () => {
    test.use(device.use);
    const tap = (target: Locator) => (device.use.hasTouch ? target.tap() : target.click());
    const phone = 'hasTouch' in device.use;
    /** A day's birthdays in the month: in its cell, or on a phone in the day list under the grid once the day is tapped. */
    const birthdaysOn = async (page: Page, date: string) => {
      if (!phone) return page.locator(`[data-date="${date}"] .cal-birthday`);
      await tap(page.locator(`[data-date="${date}"]`).first());
      return page.locator('.cal-day-agenda .cal-birthday');
    };

    test('birthdays show on the calendar as read-only all-day entries, with the age when the year is known', async ({ page, request }) => {
      const ada = await signUpViaApi(request, { name: 'Ada' });
      await addMember(request, ada, 'Mia', '2018-03-05');
      await addMember(request, ada, 'Gran', '1900-03-06');
      await addMember(request, ada, 'Leo', '2016-02-29');
      await eventViaApi(request, ada, { title: 'Swim', startTime: '2026-03-05T09:00', endTime: '2026-03-05T10:00' });
      await openCalendar(page, ada);
      // The list opens today (March 4th) for 7 days: Mia's 8th and Gran's, whose year is a placeholder.
      const mia = page.locator('.cal-birthday', { hasText: 'Mia turns 8' });
      await expect(mia).toBeVisible();
      await expect(page.locator('.cal-birthday', { hasText: 'Gran\'s birthday' })).toBeVisible();
      await picture(page, `birthdays-list-${device.width}`);
      await tap(mia);
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // Leo, born on February 29th, has his birthday on the 28th in 2026, in the month.
      await tap(page.getByRole('tab', { name: 'Month' }));
      await tap(page.getByRole('button', { name: /^Previous/ }));
      await expect(await birthdaysOn(page, '2026-02-28')).toHaveText(['Leo turns 10']);
      await picture(page, `birthdays-month-${device.width}`);

      // The legend filters birthdays by member too.
      await tap(page.getByRole('tab', { name: 'Month' }));
      await tap(page.getByRole('button', { name: /^Next/ }));
      await tap(page.getByRole('button', { name: 'Mia', exact: true }));
      if (phone) {
        await expect(await birthdaysOn(page, '2026-03-05')).toHaveText(['Mia turns 8']);
        await expect(await birthdaysOn(page, '2026-03-06')).toHaveCount(0);
      } else await expect(page.locator('.cal-birthday')).toHaveText(['Mia turns 8']);
    });

    test('the newsfeed lists the week\'s birthdays among the upcoming events', async ({ page, request }) => {
      const ada = await signUpViaApi(request, { name: 'Ada' });
      const inTwoDays = familyDate(2);
      await addMember(request, ada, 'Mia', `2018-${inTwoDays.slice(5)}`);
      await useSession(page, ada);
      await page.goto('/');
      const events = page.getByRole('region', { name: 'Upcoming Events' });
      const age = Number(inTwoDays.slice(0, 4)) - 2018;
      await expect(events.getByRole('link', { name: new RegExp(`Mia turns ${age}`) })).toBeVisible();
      await picture(page, `birthdays-newsfeed-${device.width}`);
      await tap(events.getByRole('link', { name: new RegExp(`Mia turns ${age}`) }));
      await expect(page).toHaveURL(/\/calendar$/);
    });

    test('an event\'s address and a restaurant get place suggestions: addresses, and establishments', async ({ page, request }) => {
      const ada = await signUpViaApi(request, { name: 'Ada' });
      await openCalendar(page, ada);
      await tap(page.getByRole('button', { name: t.addEvent }).first());
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Title').fill('Guitar lesson');
      await dialog.getByLabel('Address').fill('carmine');
      const addresses = dialog.getByRole('list', { name: 'Address suggestions' }).getByRole('button');
      await expect(addresses).toHaveText([
        'Joe\'s Pizza, 7 Carmine Street, New York, New York 10014',
        'Carmine Street Guitars, 42 Carmine Street, New York, New York 10014',
        '12 Carmine Street, New York, New York 10014',
      ]);
      await picture(page, `suggestions-address-${device.width}`);
      await tap(addresses.nth(1));
      await expect(dialog.getByLabel('Address')).toHaveValue('42 Carmine Street, New York, New York 10014');
      await expect(addresses).toHaveCount(0);
      await tap(dialog.getByRole('button', { name: t.addEvent }));
      await expect(dialog).toBeHidden();

      await tap(page.getByRole('button', { name: t.addMeal }));
      await dialog.getByLabel('Title').fill('Pizza night');
      await dialog.getByLabel('Eating out').check();
      await dialog.getByLabel('Restaurant name').fill('carmine');
      const restaurants = dialog.getByRole('list', { name: 'Restaurant name suggestions' }).getByRole('button');
      // Establishments only: the guitar shop and the house are no places to eat.
      await expect(restaurants).toHaveText(['Joe\'s Pizza, 7 Carmine Street, New York, New York 10014']);
      await picture(page, `suggestions-restaurant-${device.width}`);
      await tap(restaurants.first());
      await expect(dialog.getByLabel('Restaurant name')).toHaveValue('Joe\'s Pizza');
      await expect(dialog.getByLabel('Restaurant address')).toHaveValue('7 Carmine Street, New York, New York 10014');
      await tap(dialog.getByRole('button', { name: t.addMeal }));
      await expect(dialog).toBeHidden();

      const saved = await eventsViaApi(request, ada, '2026-01-01', familyDate(40));
      expect(saved.map((e) => [e.title, e.location, e.address]).sort()).toEqual([
        ['Guitar lesson', null, '42 Carmine Street, New York, New York 10014'],
        ['Pizza night', 'Joe\'s Pizza', '7 Carmine Street, New York, New York 10014'],
      ]);
    });
  });

  test.describe(`offline at ${device.width} px`, () => {
    // The service worker serves the app shell offline (the suite blocks it elsewhere).
    test.use({ serviceWorkers: 'allow', ...device.use });

    test('opened again with no network, the calendar shows the weeks last seen, read-only', async ({ page, request }) => {
      const ada = await signUpViaApi(request, { name: 'Ada' });
      await eventViaApi(request, ada, { title: 'Swim', startTime: '2026-03-05T09:00', endTime: '2026-03-05T10:00' });
      await addMember(request, ada, 'Mia', '2018-03-06');
      await openCalendar(page, ada);
      await expect(page.locator('.cal-tile', { hasText: 'Swim' })).toBeVisible();
      await expect.poll(() => storedCount(page, ada.user.id, ['calendar', 'events', '2026-02-01', '2026-04-30'])).toBe(1);
      await expect.poll(() => storedCount(page, ada.user.id, ['family', 'birthdays', '2026-02-01', '2026-04-30'])).toBe(1);
      await offlineReady(page);

      await page.context().setOffline(true);
      await page.reload();
      await expect(page.getByText(t.offline)).toBeVisible();
      await expect(page.locator('.cal-tile', { hasText: 'Swim' })).toBeVisible();
      await expect(page.locator('.cal-birthday', { hasText: 'Mia turns 8' })).toBeVisible();
      await expect(page.getByText(t.loading)).toHaveCount(0);
      await expect(page.getByRole('button', { name: t.addEvent })).toHaveCount(0);
      await picture(page, `offline-calendar-${device.width}`);
      // An event opens read-only: its form cannot be saved or deleted.
      await page.locator('.cal-tile', { hasText: 'Swim' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByLabel('Title')).toBeDisabled();
      await expect(dialog.getByRole('button', { name: 'Delete' })).toHaveCount(0);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      // Weeks never opened say so instead of loading forever.
      await page.getByRole('button', { name: /^Next/ }).click();
      await page.getByRole('tab', { name: 'Month' }).click();
      for (let i = 0; i < 3; i++) await page.getByRole('button', { name: /^Next/ }).click();
      await expect(page.getByText(t.offlineNotSeen)).toBeVisible();

      await page.context().setOffline(false);
      await expect(page.getByText(t.offline)).toHaveCount(0);
      // The top bar's (a phone's month also lists the picked day with one of its own).
      await expect(page.getByRole('button', { name: t.addEvent }).first()).toBeVisible();
    });
  });
}
