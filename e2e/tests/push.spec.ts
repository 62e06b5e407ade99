import { expect, test } from '@playwright/test';
import * as api from '@hearth/contract/notifications';
import { PushService } from '../../server/test/push-service.ts';
import { callApi } from '../support/api.ts';
import { joinFamilyViaApi } from '../support/family-helpers.ts';
import { addItemViaApi, newListViaApi } from '../support/grocery-helpers.ts';
import { e2eUrl } from '../support/hearth.ts';
import { signUpViaApi, useSession } from '../support/session.ts';

/**
 * Web Push end to end, with the app's real service worker. Headless Chromium refuses `pushManager.subscribe()`
 * ("Registration failed - permission denied", whatever permission is granted), and a real subscription would need
 * Google's push service anyway: the device the server pushes to is the loopback push service's (which checks the
 * VAPID signature and decrypts the payload with the device's key), and what it received is handed to the browser's
 * service worker through the DevTools protocol, as the browser's push service would.
 */
test.use({ serviceWorkers: 'allow' });

const service = new PushService();
test.beforeAll(async () => { await service.start(); });
test.afterAll(async () => { await service.stop(); });

test('a push from another member\'s change is shown by the service worker, and its tap opens the list', async ({ page, context, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  const ed = await joinFamilyViaApi(request, ada, { name: 'Ed', level: 'EDIT' });
  const listId = await newListViaApi(request, ada, 'Costco');
  const device = service.device(`ada-${listId}`);
  await callApi(request, api.subscribePush, { token: ada.token, body: device.subscription });

  await context.grantPermissions(['notifications']);
  await useSession(page, ada);
  await page.goto('/lists');
  await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
  // The worker controls pages loaded after it took over: a tap navigates such a window.
  await page.reload();
  await expect.poll(() => page.evaluate('navigator.serviceWorker.controller !== null')).toBe(true);

  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL === `${e2eUrl}/` && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');

  await addItemViaApi(request, ed, listId, 'Milk');
  const [sent] = (await service.waitFor(1)).filter((r) => r.path === new URL(device.endpoint).pathname);
  const payload = device.decrypt(sent!.body);
  expect(JSON.parse(payload)).toEqual({ title: 'Hearth', body: 'Ed added 1 item to Costco', path: `/list/${listId}` });

  await cdp.send('ServiceWorker.deliverPushMessage', { origin: e2eUrl, registrationId: await registrationId, data: payload });
  const shown = () => page.evaluate(`navigator.serviceWorker.ready.then((r) => r.getNotifications())
    .then((all) => all.map((n) => ({ title: n.title, body: n.body })))`);
  await expect.poll(shown).toEqual([{ title: 'Hearth', body: 'Ed added 1 item to Costco' }]);

  // The tap: the browser's own notificationclick needs a notification centre headless Chromium does not have, so
  // the worker is handed the event as the browser would (the shown notification, the listener's waitUntil awaited).
  const worker = context.serviceWorkers().find((w) => w.url().startsWith(e2eUrl))!;
  await worker.evaluate(`(async () => {
    const [notification] = await self.registration.getNotifications();
    const event = new NotificationEvent('notificationclick', { notification });
    let handled = Promise.resolve();
    Object.defineProperty(event, 'waitUntil', { value: (work) => { handled = work; } });
    self.dispatchEvent(event);
    await handled;
  })()`);
  await expect(page).toHaveURL(`${e2eUrl}/list/${listId}`);
  await expect(page.getByRole('heading', { name: 'Costco' })).toBeVisible();
  await expect.poll(shown).toEqual([]);
});

test('logout stops push on the device: the server forgets it and the browser unsubscribes', async ({ page, context, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  const ed = await joinFamilyViaApi(request, ada, { name: 'Ed', level: 'EDIT' });
  const listId = await newListViaApi(request, ada, 'Market');
  const thisDevice = service.device(`this-${listId}`);
  const otherDevice = service.device(`other-${listId}`);
  for (const device of [thisDevice, otherDevice]) await callApi(request, api.subscribePush, { token: ada.token, body: device.subscription });

  // The browser's side of this device's subscription (headless Chromium cannot make a real one, see above).
  await page.addInitScript(`(() => {
    window.pushUnsubscribed = false;
    const subscription = { endpoint: ${JSON.stringify(thisDevice.endpoint)}, unsubscribe: async () => { window.pushUnsubscribed = true; return true; } };
    PushManager.prototype.getSubscription = async () => (window.pushUnsubscribed ? null : subscription);
  })()`);
  await context.grantPermissions(['notifications']);
  await useSession(page, ada);
  await page.goto('/notifications/settings');
  await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
  await expect(page.getByText('Notifications are on for this device.')).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).filter({ visible: true }).first().click();
  await expect(page).toHaveURL(/\/auth$/);
  expect(await page.evaluate('window.pushUnsubscribed')).toBe(true);

  // Ada's other device still takes her pushes; the one she signed out of no longer does.
  const before = service.received.length;
  await addItemViaApi(request, ed, listId, 'Plums');
  await service.waitFor(before + 1);
  // Both devices are sent to in one pass: a moment more shows whether a second push follows.
  await page.waitForTimeout(1000);
  const after = service.received;
  expect(after.slice(before).map((r) => r.path)).toEqual([new URL(otherDevice.endpoint).pathname]);
});
