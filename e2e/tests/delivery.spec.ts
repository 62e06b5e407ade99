import { expect, test, type Page } from '@playwright/test';
import { addItemViaApi, expectItems, itemRows, itemsViaApi, newListViaApi } from '../support/grocery-helpers.ts';
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

test('a member\'s page asks for /api/me at once, not after the stored copy has been read', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  await useSession(page, ada);
  // The stored copy is restored once the code that resends queued changes has arrived: that chunk is held back.
  const times = await timeDataAgainstChunk(page, /\/assets\/writes-[^/]*\.js$/, (url) => url.pathname === '/api/me');
  await page.goto('/');
  await expect(page).toHaveTitle("Ada's Newsfeed · Hearth");
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

test('a long list makes its rows a screenful at a time and ends whole, in order, with the discussion below, by aisle too', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  const listId = await newListViaApi(request, ada, 'Big shop');
  const categories = ['Dairy', 'Produce', null];
  for (let i = 0; i < 45; i++) await addItemViaApi(request, ada, listId, `Item ${i}`, { category: categories[i % 3] ?? null });
  const items = await itemsViaApi(request, ada, listId);
  await useSession(page, ada);
  // Every number of rows the page showed, in order, from the first mutation of each document on.
  await page.addInitScript(`
    const counts = globalThis.rowCounts = [];
    new MutationObserver(() => {
      const shown = document.querySelectorAll('[data-testid="grocery-item"]').length;
      if (shown > 0 && shown !== counts.at(-1)) counts.push(shown);
    }).observe(document, { childList: true, subtree: true });
  `);
  const rowCounts = () => page.evaluate<number[]>('globalThis.rowCounts');
  const discussionBelowRows = async () => {
    const lastRow = await itemRows(page).last().boundingBox();
    const discussion = await page.getByRole('heading', { name: 'Family Discussion' }).boundingBox();
    expect(discussion!.y).toBeGreaterThan(lastRow!.y + lastRow!.height);
  };

  await page.goto(`/list/${listId}`);
  await expectItems(page, items.map((i) => i.name));
  await discussionBelowRows();
  const steps = await rowCounts();
  // A screenful (20 rows) first, then more at each step, never fewer.
  expect(steps[0]).toBeLessThanOrEqual(20);
  expect(steps.length).toBeGreaterThan(2);
  expect(steps).toEqual([...steps].sort((a, b) => a - b));
  expect(steps.at(-1)).toBe(45);

  await page.getByRole('button', { name: 'By aisle' }).click();
  await page.reload();
  // An item added without a category the dictionary knows goes under Other.
  await expect(page.locator('.aisle h3')).toHaveText(['Dairy', 'Other', 'Produce']);
  for (const name of ['Dairy', 'Other', 'Produce']) {
    await expect(page.getByRole('region', { name }).locator('[data-testid="grocery-item"] .item-name'))
      .toHaveText(items.filter((item) => item.category === name).map((item) => item.name));
  }
  await discussionBelowRows();
  const aisleSteps = await rowCounts();
  expect(aisleSteps[0]).toBeLessThanOrEqual(20);
  expect(aisleSteps.at(-1)).toBe(45);
});
