import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { photoMessages } from '@hearth/contract/meals';
import { createMealViaApi } from '../support/meals-helpers.ts';
import { signUpViaApi, useSession } from '../support/session.ts';

/** Issue #48: recipes keep their photo, uploaded in the form or brought by an imported page. */

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#d9822b' } }).jpeg().toBuffer();

/** A recipe page naming its photo in JSON-LD, and the photo, served as a recipe site would. */
let site: Server;
let pageUrl: string;
test.beforeAll(async () => {
  const image = await photo(1600, 1000);
  const recipe = { '@context': 'https://schema.org', '@type': 'Recipe', name: 'Sunny Shakshuka', recipeIngredient: ['4 eggs'], image: '/shakshuka.jpg' };
  site = createServer((req, res) => {
    if (req.url === '/shakshuka.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end(image);
    else res.writeHead(200, { 'content-type': 'text/html' }).end(`<script type="application/ld+json">${JSON.stringify(recipe)}</script>`);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  pageUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/shakshuka`;
});
test.afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

/** The image has loaded and has pixels (not a broken image). */
async function expectShown(image: Locator) {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element) => {
    const img = element as { complete?: boolean; naturalWidth?: number };
    return Boolean(img.complete) && (img.naturalWidth ?? 0) > 0;
  })).toBe(true);
}

for (const screen of [
  { name: 'phone', use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
  { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
]) {
  test.describe(`on a ${screen.name}`, () => {
    test.use(screen.use);

    test('a photo chosen in the form shows on the card and the meal page, and can be replaced and removed', async ({ page, request }) => {
      const cook = await signUpViaApi(request, { name: 'Cook' });
      await useSession(page, cook);
      await page.goto('/meals');
      await page.getByRole('button', { name: '+ Add Meal' }).click();
      const form = page.getByRole('form', { name: 'Add meal' });
      await form.getByLabel('Name', { exact: true }).fill('Pumpkin Soup');
      await form.getByLabel('Ingredient 1 name').fill('Pumpkin');
      // Past the size limit: said at once, nothing sent.
      await form.getByLabel('Add a photo').setInputFiles({
        name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(16 * 1024 * 1024),
      });
      await expect(form.getByText(photoMessages.tooLarge)).toBeVisible();
      await form.getByLabel('Replace photo').setInputFiles({ name: 'soup.jpg', mimeType: 'image/jpeg', buffer: await photo(3000, 2000) });
      await expect(form.getByText(photoMessages.tooLarge)).toHaveCount(0);
      await expectShown(form.getByRole('img', { name: 'Photo' }));
      await form.getByRole('button', { name: 'Save Meal' }).click();
      await expect(form).toHaveCount(0);

      const card = page.getByRole('link', { name: /Pumpkin Soup/ });
      await expectShown(card.getByRole('img', { name: 'Photo of Pumpkin Soup' }));
      await card.click();
      await expectShown(page.getByRole('img', { name: 'Photo of Pumpkin Soup' }));
      await shoot(page, `photo-meal-${screen.name}`);

      await page.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('form', { name: 'Edit meal' });
      await edit.getByRole('button', { name: 'Remove photo' }).click();
      await edit.getByRole('button', { name: 'Save Meal' }).click();
      await expect(page.getByRole('heading', { name: 'Pumpkin Soup' })).toBeVisible();
      await expect(page.getByRole('img', { name: 'Photo of Pumpkin Soup' })).toHaveCount(0);
    });

    test('an imported recipe brings its page\'s photo, saved with it', async ({ page, request }) => {
      const cook = await signUpViaApi(request, { name: 'Importer' });
      await useSession(page, cook);
      await page.goto('/meals');
      await page.getByRole('button', { name: 'Import from link' }).click();
      await page.getByLabel('Recipe page link').fill(pageUrl);
      await page.getByRole('button', { name: 'Preview' }).click();
      const form = page.getByRole('form', { name: 'Add meal' });
      await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Sunny Shakshuka');
      await expectShown(form.getByRole('img', { name: 'Photo' }));
      await shoot(page, `photo-import-${screen.name}`);
      await form.getByRole('button', { name: 'Save Meal' }).click();
      await expect(page).toHaveURL(/\/meals\/[0-9a-f-]{36}$/);
      await expectShown(page.getByRole('img', { name: 'Photo of Sunny Shakshuka' }));
      await page.goto('/meals');
      await expectShown(page.getByRole('link', { name: /Sunny Shakshuka/ }).getByRole('img', { name: 'Photo of Sunny Shakshuka' }));
      await shoot(page, `photo-cards-${screen.name}`);
    });
  });
}

test('a photo that cannot be loaded (offline) leaves a placeholder, never a broken image', async ({ page, request }) => {
  const cook = await signUpViaApi(request, { name: 'Offline Cook' });
  const meal = await createMealViaApi(request, cook, { name: 'Lentil Stew', ingredients: [] });
  const res = await request.put(`/api/meals/${meal.id}/photo`, {
    headers: { authorization: `Bearer ${cook.token}`, 'content-type': 'image/jpeg' }, data: await photo(800, 600),
  });
  expect(res.status()).toBe(200);
  await useSession(page, cook);
  await page.route('**/api/meals/*/photo/**', (route) => route.abort('internetdisconnected'));
  await page.goto(`/meals/${meal.id}`);
  await expect(page.getByRole('heading', { name: 'Lentil Stew' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'The photo cannot be shown right now (offline?)' })).toBeVisible();
  await expect(page.locator('img')).toHaveCount(0);
});

/** Screenshots for looking at, outside the repository. */
async function shoot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
}
