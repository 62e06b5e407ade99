import { expect, test, type Page } from '@playwright/test';
import * as family from '@hearth/contract/family';
import { reminderLabels, reminderMessages } from '@hearth/contract/reminders';
import { calendarTexts as t } from '../../web/src/features/calendar/texts.ts';
import { callApi } from '../support/api.ts';
import { eventsViaApi, eventViaApi, openCalendar } from '../support/calendar-helpers.ts';
import { signUpViaApi } from '../support/session.ts';

/** Screenshots for a person to look at, in the test's output folder. */
const picture = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

for (const device of [
  { width: 390, use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
  { width: 1280, use: { viewport: { width: 1280, height: 800 } } },
]) {
  test.describe(`reminders at ${device.width} px`, () => {
    test.use(device.use);

    test('a new event starts with the family default; the reminder chosen is saved and shown again', async ({ page, request }) => {
      const ada = await signUpViaApi(request, { name: 'Ada' });
      await callApi(request, family.setDefaultReminder, { token: ada.token, body: { defaultReminderMinutes: 60 } });
      await openCalendar(page, ada);
      await page.getByRole('button', { name: t.addEvent }).first().click();
      const form = page.getByRole('dialog', { name: t.newEvent });
      const reminder = form.getByLabel(reminderMessages.label);
      await expect(reminder.locator('option:checked')).toHaveText(reminderLabels[60]);
      await form.getByLabel('Title').fill('Dentist');
      await reminder.selectOption({ label: reminderLabels[10] });
      await picture(page, `event-form-${device.width}`);
      await form.getByRole('button', { name: t.addEvent }).click();
      await expect(form).toBeHidden();
      const saved = (await eventsViaApi(request, ada, '2026-03-01', '2026-03-31')).find((e) => e.title === 'Dentist');
      expect(saved?.reminderMinutes).toBe(10);

      await page.locator('.cal-tile, .cal-bar', { hasText: 'Dentist' }).first().click();
      const edit = page.getByRole('dialog', { name: t.editEvent });
      await expect(edit.getByLabel(reminderMessages.label).locator('option:checked')).toHaveText(reminderLabels[10]);
      // All day: 08:00 on the day or the day before.
      await edit.getByLabel('All day').check();
      await expect(edit.getByLabel(reminderMessages.label).locator('option:checked')).toHaveText('On the day at 08:00');
      await edit.getByLabel(reminderMessages.label).selectOption({ label: 'The day before at 08:00' });
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await expect(edit).toBeHidden();
      const edited = (await eventsViaApi(request, ada, '2026-03-01', '2026-03-31')).find((e) => e.title === 'Dentist');
      expect(edited).toMatchObject({ allDay: true, reminderMinutes: 1440 });
    });

    test('the meal form has the reminder; the family page sets the default', async ({ page, request }) => {
      const ada = await signUpViaApi(request, { name: 'Ada' });
      await eventViaApi(request, ada, { title: 'Chicken tacos', startTime: '2026-03-04T18:00', endTime: '2026-03-04T19:00', isMeal: true,
        reminderMinutes: 30 });
      await openCalendar(page, ada);
      await page.locator('.cal-tile, .cal-bar', { hasText: 'Chicken tacos' }).first().click();
      const meal = page.getByRole('dialog', { name: t.editMeal });
      await expect(meal.getByLabel(reminderMessages.label).locator('option:checked')).toHaveText(reminderLabels[30]);
      await picture(page, `meal-form-${device.width}`);
      await meal.getByRole('button', { name: 'Cancel' }).click();

      await page.goto('/family');
      const setting = page.getByLabel(reminderMessages.defaultLabel);
      await setting.selectOption({ label: reminderLabels[1440] });
      await expect.poll(async () => (await callApi(request, family.getFamilyName, { token: ada.token })).defaultReminderMinutes).toBe(1440);
      await picture(page, `family-default-${device.width}`);
    });
  });
}
