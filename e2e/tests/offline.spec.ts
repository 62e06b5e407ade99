import { expect, test, type Page } from '@playwright/test';
import * as accounts from '@hearth/contract/accounts';
import * as grocery from '@hearth/contract/grocery';
import { callApi } from '../support/api.ts';
import { password } from '../support/hearth.ts';
import { joinFamilyViaApi } from '../support/family-helpers.ts';
import { addItemInForm, addItemViaApi, expectItems, itemsViaApi, itemRow, itemRows, newListViaApi } from '../support/grocery-helpers.ts';
import { moveUp, offlineReady, offlineText, storedQueue } from '../support/offline-helpers.ts';
import { signInViaApi, signUpViaApi, useSession } from '../support/session.ts';

// The service worker is what these tests are about (the suite blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const row = itemRow;

test('a shopping trip with no signal: changes survive a reload offline and reach the server once when back', async ({ browser, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  const ben = await joinFamilyViaApi(request, ada, { name: 'Ben', level: 'EDIT' });
  const listId = await newListViaApi(request, ada, 'Supermarket');
  await addItemViaApi(request, ada, listId, 'Apples');
  await addItemViaApi(request, ada, listId, 'Bread');

  const adaContext = await browser.newContext();
  const benContext = await browser.newContext();
  const page = await adaContext.newPage();
  const benPage = await benContext.newPage();
  await useSession(page, ada);
  await useSession(benPage, ben);
  const benStream = benPage.waitForResponse((r) => r.url().endsWith('/api/live'));
  await page.goto(`/list/${listId}`);
  await benPage.goto(`/list/${listId}`);
  expect((await benStream).status()).toBe(200);
  await expectItems(page, ['Bread', 'Apples']);
  await offlineReady(page);

  await adaContext.setOffline(true);
  await expect(page.getByText(offlineText)).toBeVisible();
  for (const name of ['Milk', 'Eggs', 'Tea']) await addItemInForm(page, { name });
  await expectItems(page, ['Tea', 'Eggs', 'Milk', 'Bread', 'Apples']);
  // Checked off: one added offline, one from before.
  await page.getByLabel('Purchased: Eggs').click();
  await page.getByLabel('Purchased: Bread').click();
  await expectItems(page, ['Tea', 'Milk', 'Apples']);
  // Deleted: one added offline; the delete is queued once its undo has run out.
  await page.getByRole('button', { name: 'Delete Milk' }).click();
  await expectItems(page, ['Tea', 'Apples']);
  await expect(page.locator('.snackbar')).toHaveCount(0, { timeout: 10_000 });
  await moveUp(page, 'Apples', 1);
  await expectItems(page, ['Apples', 'Tea']);
  await expect(page.getByText('7 changes waiting')).toBeVisible();
  const queue = ['add-item', 'add-item', 'add-item', 'toggle', 'toggle', 'delete', 'reorder'];
  await expect.poll(() => storedQueue(page, ada.user.id)).toEqual(queue);

  // A cold reload with no network: the shell from the service worker, the list and the queue from IndexedDB.
  // Timed in the page, from the start of the navigation to the list shown: an observer installed before the app's
  // code notes the first change of the page that shows it (polling from the test would start late).
  await page.addInitScript(() => {
    // Browser code; the tests' TypeScript knows no DOM.
    const browser = globalThis as unknown as {
      document: { querySelectorAll(selector: string): Iterable<{ textContent: string | null }> };
      performance: { now(): number };
      MutationObserver: new (callback: () => void) => { observe(target: unknown, options: object): void; disconnect(): void };
      listShownAt?: number;
    };
    const observer = new browser.MutationObserver(() => {
      const names = [...browser.document.querySelectorAll('[data-testid="grocery-item"] .item-name')].map((e) => e.textContent);
      if (names.join('|') !== 'Apples|Tea') return;
      browser.listShownAt = Math.round(browser.performance.now());
      observer.disconnect();
    });
    observer.observe(browser.document, { childList: true, subtree: true, characterData: true });
  });
  await page.reload({ waitUntil: 'commit' });
  await expect.poll(() => page.evaluate<number | null>('globalThis.listShownAt ?? null')).not.toBeNull();
  const openMs = await page.evaluate<number>('globalThis.listShownAt');
  test.info().annotations.push({ type: 'offline cold reload (ms)', description: String(openMs) });
  // A figure for the closing note, not a pass mark: timings vary with the machine's load (performance is judged
  // by figures, not by timed tests). Measured here because only a real offline reload shows it.
  console.log(`offline cold reload: list shown in ${openMs} ms`);
  await expect(page.getByText(offlineText)).toBeVisible();
  await expect(page.getByText('7 changes waiting')).toBeVisible();
  expect(await storedQueue(page, ada.user.id)).toEqual(queue);
  await page.getByLabel('Show Purchased Items').check();
  await expect(page.getByRole('region', { name: 'Purchased (2)' }).locator('.item-name')).toHaveText(['Eggs', 'Bread']);

  await adaContext.setOffline(false);
  await expect(page.getByText('Synced')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(offlineText)).toHaveCount(0);
  const onServer = await itemsViaApi(request, ada, listId);
  expect(onServer.map((i) => [i.name, i.isPurchased])).toEqual(expect.arrayContaining([
    ['Apples', false], ['Tea', false], ['Eggs', true], ['Bread', true],
  ]));
  expect(onServer).toHaveLength(4);
  const open = onServer.filter((i) => !i.isPurchased).map((i) => i.name);
  expect(open).toEqual(['Apples', 'Tea']);
  await expect.poll(() => storedQueue(page, ada.user.id)).toEqual([]);
  // Ben's open list follows without a reload.
  await expectItems(benPage, ['Apples', 'Tea']);
  await adaContext.close();
  await benContext.close();
});

test('an add whose answer is lost on the way is sent again and still adds one item', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  const listId = await newListViaApi(request, ada, 'Corner shop');
  await useSession(page, ada);
  await page.goto(`/list/${listId}`);
  await expect(page.getByText('No items to show.')).toBeVisible();

  let lost = 0;
  const keys: string[] = [];
  await page.route('**/api/grocery', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (lost > 0) return route.fallback();
    lost++;
    // The server adds the item and answers; the answer never reaches the page.
    await route.fetch();
    await route.abort('connectionreset');
  });
  await addItemInForm(page, { name: 'Coffee', qty: '2' });
  // Sent again (after a pause) under the same key; the server answers the first answer.
  await expect.poll(() => keys.length, { timeout: 15_000 }).toBe(2);
  expect(lost).toBe(1);
  expect(new Set(keys).size).toBe(1);
  await expect(row(page, 'Coffee')).not.toHaveClass(/pending/);
  await expect(row(page, 'Coffee')).toHaveCount(1);
  // A second add of the same name would have raised the quantity to 4.
  const items: grocery.GroceryItem[] = await itemsViaApi(request, ada, listId);
  expect(items.map((i) => [i.name, i.quantity])).toEqual([['Coffee', 2]]);
});

test('installable: a manifest with its icons, and a service worker that controls the page after a reload', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  await useSession(page, ada);
  await page.goto('/lists');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = await (await request.get(href!)).json();
  expect(manifest).toMatchObject({ name: 'Hearth', short_name: 'Hearth', start_url: '/', display: 'standalone', theme_color: '#b45309' });
  const sizes = manifest.icons.map((i: { sizes: string; purpose?: string }) => `${i.sizes}${i.purpose ? ` ${i.purpose}` : ''}`);
  expect(sizes).toEqual(['192x192', '512x512', '512x512 maskable']);
  for (const icon of manifest.icons as { src: string; sizes: string }[]) {
    const png = await (await request.get(icon.src)).body();
    // The PNG header's width and height.
    expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
  }
  expect((await request.get('/sw.js')).headers()['cache-control']).toBe('no-cache');
  await offlineReady(page);
  await page.reload();
  expect(await page.evaluate<string | undefined>('navigator.serviceWorker.controller?.scriptURL')).toMatch(/\/sw\.js$/);
});

test('a read-only member offline sees the list and can queue nothing', async ({ browser, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  const cleo = await joinFamilyViaApi(request, ada, { name: 'Cleo', level: 'READ_ONLY' });
  const listId = await newListViaApi(request, ada, 'Bakery');
  await addItemViaApi(request, ada, listId, 'Rolls');
  const context = await browser.newContext();
  const page = await context.newPage();
  await useSession(page, cleo);
  await page.goto(`/list/${listId}`);
  await expectItems(page, ['Rolls']);
  await offlineReady(page);
  await context.setOffline(true);
  await page.reload();
  await expectItems(page, ['Rolls']);
  await expect(page.getByText(offlineText)).toBeVisible();
  await expect(page.getByRole('form', { name: 'Add item' })).toHaveCount(0);
  await expect(page.getByLabel('Purchased: Rolls')).toHaveCount(0);
  await expect(page.getByLabel('New comment')).toHaveCount(0);
  expect(await storedQueue(page, cleo.user.id)).toEqual([]);
  await context.close();
});

test('a session that ended while offline asks to sign in again, and the waiting change is sent after', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  const listId = await newListViaApi(request, ada, 'Market');
  await useSession(page, ada);
  await page.goto(`/list/${listId}`);
  await expect(page.getByText('No items to show.')).toBeVisible();
  await offlineReady(page);

  await page.context().setOffline(true);
  await addItemInForm(page, { name: 'Jam' });
  await expect.poll(() => storedQueue(page, ada.user.id)).toEqual(['add-item']);
  // Signed out elsewhere meanwhile: the token the page holds is refused once the network is back.
  await callApi(request, accounts.logout, { token: ada.token });
  await page.context().setOffline(false);
  await expect(page.getByText(accounts.messages.authFailed)).toBeVisible({ timeout: 15_000 });
  expect(await storedQueue(page, ada.user.id)).toEqual(['add-item']);

  const form = page.getByRole('form', { name: 'Password Login' });
  await form.getByLabel('Email').fill(ada.email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
  const again = await signInViaApi(request, ada.email);
  await expect.poll(async () => (await itemsViaApi(request, again, listId)).map((i) => i.name), { timeout: 15_000 }).toEqual(['Jam']);
  await expect.poll(() => storedQueue(page, ada.user.id)).toEqual([]);
});
