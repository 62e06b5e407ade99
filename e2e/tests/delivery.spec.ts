import { expect, test, type Page } from '@playwright/test';
import { addItemViaApi, expectItems, newListViaApi } from '../support/grocery-helpers.ts';
import { signUpViaApi, useSession } from '../support/session.ts';

const chunkDelayMs = 1500;

/** Holds back the page's own chunk, and answers when the page's data request was sent and when that chunk arrived. */
async function timeDataAgainstChunk(page: Page, chunk: RegExp, data: (url: URL) => boolean) {
  const times = { dataRequested: Number.POSITIVE_INFINITY, chunkArrived: Number.POSITIVE_INFINITY };
  await page.route(chunk, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, chunkDelayMs));
    await route.continue();
  });
  page.on('request', (request) => {
    if (data(new URL(request.url()))) times.dataRequested = Math.min(times.dataRequested, Date.now());
  });
  page.on('requestfinished', (request) => {
    if (chunk.test(request.url())) times.chunkArrived = Date.now();
  });
  return times;
}

test('a list page asks for its items while its code is still downloading', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  const listId = await newListViaApi(request, ada, 'Costco');
  await addItemViaApi(request, ada, listId, 'Milk');
  await useSession(page, ada);
  const times = await timeDataAgainstChunk(
    page, /\/assets\/ListPage-[^/]*\.js$/, (url) => url.pathname === `/api/grocery/list/${listId}`,
  );
  await page.goto(`/list/${listId}`);
  await expectItems(page, ['Milk']);
  expect(times.dataRequested).toBeLessThan(times.chunkArrived);
});

test('following a link loads the next page\'s data alongside its code', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  await useSession(page, ada);
  await page.goto('/');
  await expect(page).toHaveTitle("Ada's Newsfeed · Hearth");
  const times = await timeDataAgainstChunk(
    page, /\/assets\/MealsPage-[^/]*\.js$/, (url) => url.pathname === `/api/meals/family/${ada.user.familyId}`,
  );
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Meals' }).click();
  await expect(page).toHaveTitle('Meals · Hearth');
  expect(times.dataRequested).toBeLessThan(times.chunkArrived);
});

test('a signed-out visit to a member\'s page loads only the sign-in page\'s code, not that page\'s', async ({ page }) => {
  const chunks: string[] = [];
  page.on('request', (request) => {
    const name = new URL(request.url()).pathname.match(/^\/assets\/([A-Za-z]+)-[^/]*\.js$/)?.[1];
    if (name) chunks.push(name);
  });
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('form', { name: 'Password Login' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(chunks).toContain('index');
  expect(chunks).not.toContain('NewsfeedPage');
});
