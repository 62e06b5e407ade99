import { expect, test } from '@playwright/test';
import * as api from '@hearth/contract/notifications';
import { callApi } from '../support/api.ts';
import { joinFamilyViaApi } from '../support/family-helpers.ts';
import { addItemInForm, newListViaApi } from '../support/grocery-helpers.ts';
import { signUpViaApi, useSession } from '../support/session.ts';

const shots = process.env.E2E_SCREENSHOTS;

test('the bell counts another member\'s adds live, the panel opens the list and marks them read', async ({ browser, page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  const ed = await joinFamilyViaApi(request, ada, { name: 'Ed', level: 'EDIT' });
  const listId = await newListViaApi(request, ada, 'Costco');
  // Ed's joining told Ada already; she starts with nothing unread.
  await callApi(request, api.markAllNotificationsRead, { token: ada.token });

  await useSession(page, ada);
  await page.goto('/lists');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  const edContext = await browser.newContext();
  const edPage = await edContext.newPage();
  await useSession(edPage, ed);
  await edPage.goto(`/list/${listId}`);
  await addItemInForm(edPage, { name: 'Milk' });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await addItemInForm(edPage, { name: 'Eggs' });

  await bell.click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  await expect(panel.getByRole('button', { name: /Ed added 2 items to Costco/ })).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  if (shots) await page.screenshot({ path: `${shots}/panel-1280.png` });
  await panel.getByRole('button', { name: /Ed added 2 items to Costco/ }).click();
  await expect(page).toHaveURL(new RegExp(`/list/${listId}$`));
  await expect(bell).toHaveAccessibleName('Notifications');
  await edContext.close();
});

test('follow on the list page, and the preferences page at phone and desktop widths', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  const ed = await joinFamilyViaApi(request, ada, { name: 'Ed', level: 'EDIT' });
  const listId = await newListViaApi(request, ada, 'Hardware');
  await useSession(page, ed);
  await page.goto(`/list/${listId}`);
  const follow = page.getByRole('button', { name: 'Follow' });
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await follow.click();
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  expect(await callApi(request, api.getListFollow, { token: ed.token, params: { listId } })).toEqual({ following: true, muted: false });
  await page.getByRole('button', { name: 'Mute notifications' }).click();
  await expect(page.getByRole('button', { name: 'Mute notifications' })).toHaveAttribute('aria-pressed', 'true');

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 860 });
    await page.goto('/notifications/settings');
    await expect(page.getByRole('heading', { name: 'Notification settings' })).toBeVisible();
    await expect(page.getByText('Hardware')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enable notifications on this device' })).toBeVisible();
    await expect(page.getByText(/add Hearth to the Home Screen/)).toBeVisible();
    if (shots) await page.screenshot({ path: `${shots}/settings-${width}.png`, fullPage: true });
  }
  await page.getByLabel(api.notificationKindLabels.comments).uncheck();
  await page.getByLabel('Hold notifications on my devices during quiet hours').check();
  await page.getByLabel('From').fill('21:30');
  await page.getByRole('button', { name: 'Unmute Hardware' }).click();
  await page.getByLabel(api.digestTexts.label).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  expect(await callApi(request, api.getNotificationPreferences, { token: ed.token })).toMatchObject({
    mutedKinds: ['comments'], mutedListIds: [], quietHours: { start: '21:30', end: '07:00' }, digest: true,
  });
  // Equal quiet hours are refused in the form, with the server's message.
  await page.getByLabel('From').fill('07:00');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(api.notificationMessages.quietHoursBoth)).toBeVisible();
  // Permission is asked only when pressed: nothing was asked on load.
  expect(await page.evaluate('Notification.permission')).toBe('default');
});

test('the morning email\'s unsubscribe page asks first, works signed out, and says when a link is not valid', async ({ page }) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 860 });
    await page.goto('/unsubscribe?token=not-a-real-token');
    await expect(page.getByRole('heading', { name: 'Stop the morning email' })).toBeVisible();
    if (shots) await page.screenshot({ path: `${shots}/unsubscribe-${width}.png`, fullPage: true });
  }
  await page.getByRole('button', { name: 'Stop the morning email' }).click();
  await expect(page.getByText(api.notificationMessages.unsubscribeLinkInvalid)).toBeVisible();
  await page.goto('/unsubscribe');
  await expect(page.getByText(/This link is incomplete/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stop the morning email' })).toHaveCount(0);
});
