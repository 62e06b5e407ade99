import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { itemsViaApi } from '../support/grocery-helpers.ts';
import { createListViaApi } from '../support/meals-helpers.ts';
import { signUpViaApi, useSession } from '../support/session.ts';

/** Issue #18: a recipe imported from a page the test serves, checked, saved, scaled and shopped, on a phone. */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

let site: Server;
let pageUrl: string;
test.beforeAll(async () => {
  const html = await readFile(new URL('../../server/features/meals/import-fixtures/jsonld-object.html', import.meta.url));
  site = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  pageUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/country-bread`;
});
test.afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

/** Opens the meals page, imports the served recipe and returns the filled meal form. */
async function previewImport(page: Page) {
  await page.goto('/meals');
  await page.getByRole('button', { name: 'Import from link' }).click();
  await page.getByLabel('Recipe page link').fill(pageUrl);
  await page.getByRole('button', { name: 'Preview' }).click();
  const form = page.getByRole('form', { name: 'Add meal' });
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Country Bread');
  return form;
}

test('a recipe is imported from a link, one ingredient edited, saved, scaled to 6 servings and added to a list', async ({ page, request }) => {
  const cook = await signUpViaApi(request, { name: 'Baker' });
  const list = await createListViaApi(request, cook, 'Weekly Shop');
  await useSession(page, cook);

  const form = await previewImport(page);
  await expect(form.getByLabel('Prep time (min)')).toHaveValue('20');
  await expect(form.getByLabel('Total time (min)')).toHaveValue('90');
  await expect(form.getByLabel('Servings')).toHaveValue('8');
  await expect(form.getByLabel('Source link')).toHaveValue(pageUrl);
  await expect(form.getByLabel('Ingredient 1 quantity')).toHaveValue('1½');
  await expect(form.getByLabel('Ingredient 1 unit')).toHaveValue('cups');
  await expect(form.getByLabel('Ingredient 1 name')).toHaveValue('warm water');
  await expect(form.getByLabel('Directions')).toHaveValue(/^1\. Mix the water and the flour\.\n2\./);
  await form.getByLabel('Ingredient 5 name').fill('Black pepper');
  await form.getByRole('button', { name: 'Save Meal' }).click();

  await expect(page).toHaveURL(/\/meals\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Country Bread' })).toBeVisible();
  await expect(page.getByRole('link', { name: '127.0.0.1' })).toHaveAttribute('href', pageUrl);
  const ingredients = page.locator('.ingredient-list li');
  await expect(ingredients).toHaveText(['1½ cups warm water', '½ tsp salt', '1½ kg bread flour', '2 tablespoons olive oil', 'Black pepper']);

  const servings = page.getByRole('group', { name: 'Servings' });
  await expect(servings).toContainText('8 servings');
  await servings.getByRole('button', { name: 'Fewer servings' }).tap();
  await servings.getByRole('button', { name: 'Fewer servings' }).tap();
  await expect(servings).toContainText('6 servings');
  await expect(ingredients).toHaveText(['1⅛ cups warm water', '⅜ tsp salt', '1⅛ kg bread flour', '1½ tablespoons olive oil', 'Black pepper']);

  await page.getByRole('combobox', { name: 'Grocery list' }).selectOption({ label: 'Weekly Shop' });
  await page.getByRole('button', { name: 'Add all ingredients to list' }).tap();
  await expect(page.getByText('Added 5 ingredients to Weekly Shop.')).toBeVisible();
  const items = await itemsViaApi(request, cook, list.id);
  expect(items.map((i) => [i.name, i.quantity, i.unit])).toEqual([
    ['warm water', 1.125, 'cups'], ['salt', 0.375, 'tsp'], ['bread flour', 1.125, 'kg'],
    ['olive oil', 1.5, 'tablespoons'], ['Black pepper', null, null],
  ]);
});

test('saving an imported recipe opens the meal, and one back press returns to the meals page without the dialog', async ({ page, request }) => {
  const cook = await signUpViaApi(request, { name: 'Baker' });
  await useSession(page, cook);
  await page.goto('/lists');
  const form = await previewImport(page);
  await form.getByRole('button', { name: 'Save Meal' }).click();
  await expect(page).toHaveURL(/\/meals\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Country Bread' })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/meals$/);
  await expect(page.getByRole('dialog', { name: 'Import from link' })).toBeHidden();
  await expect(page.getByRole('link', { name: /Country Bread/ })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/lists$/);
});

test('a mistyped link is named under the field, and a page that cannot be read in the banner', async ({ page, request }) => {
  await useSession(page, await signUpViaApi(request, { name: 'Baker' }));
  await page.goto('/meals');
  await page.getByRole('button', { name: 'Import from link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import from link' });
  const link = dialog.getByLabel('Recipe page link');
  await expect(dialog.getByRole('button', { name: 'Preview' })).toBeDisabled();
  await link.fill('country-bread');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByText('Please paste a web address starting with http:// or https://')).toBeVisible();
  await expect(link).toHaveAttribute('aria-invalid', 'true');

  await link.fill('http://127.0.0.1:1/country-bread');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Could not import the recipe.');
  await expect(link).not.toHaveAttribute('aria-invalid');
});
