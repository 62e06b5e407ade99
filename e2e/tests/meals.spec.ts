import { expect, test, type Page } from '@playwright/test';
import { quantityMessages } from '@hearth/contract/quantity';
import { joinFamilyViaApi } from '../support/family-helpers.ts';
import { addItemViaApi, itemRow, itemsViaApi } from '../support/grocery-helpers.ts';
import { createListViaApi, createMealViaApi } from '../support/meals-helpers.ts';
import { signUpViaApi, useSession } from '../support/session.ts';

const emptyText = "No meals yet. Click '+ Add Meal' to create your first one!";

async function fillIngredient(page: Page, n: number, name: string, quantity: string, unit: string) {
  await page.getByLabel(`Ingredient ${n} name`).fill(name);
  await page.getByLabel(`Ingredient ${n} quantity`).fill(quantity);
  await page.getByLabel(`Ingredient ${n} unit`).fill(unit);
}

test('a meal with three ingredients is created, opened, and its ingredients added to a grocery list', async ({ page, request }) => {
  const cook = await signUpViaApi(request, { name: 'Chef' });
  const list = await createListViaApi(request, cook, 'Weekly Shop');
  await useSession(page, cook);

  await page.goto('/meals');
  await expect(page.getByText(emptyText)).toBeVisible();
  await page.getByRole('button', { name: '+ Add Meal' }).click();
  const form = page.getByRole('form', { name: 'Add meal' });
  await form.getByLabel('Name', { exact: true }).fill('Pancakes');
  await form.getByLabel('Prep time (min)').fill('10');
  await form.getByLabel('Total time (min)').fill('30');
  await fillIngredient(page, 1, 'Milk', '1', 'cup');
  await form.getByRole('button', { name: '+ Add Ingredient' }).click();
  await fillIngredient(page, 2, 'Flour', '2', 'cups');
  await form.getByRole('button', { name: '+ Add Ingredient' }).click();
  await fillIngredient(page, 3, 'Eggs', '3', '');
  // Flour first: rows move up and down.
  await page.getByRole('button', { name: 'Move ingredient 2 up' }).click();
  await expect(page.getByLabel('Ingredient 1 name')).toHaveValue('Flour');
  await form.getByLabel('Directions').fill('Whisk everything.\nFry in butter.');
  await form.getByRole('button', { name: 'Save Meal' }).click();

  const card = page.getByRole('link', { name: /Pancakes/ });
  await expect(card).toContainText('Prep: 10 min · Total: 30 min');
  await expect(page.getByText(emptyText)).toHaveCount(0);
  await card.click();

  await expect(page).toHaveURL(/\/meals\/[0-9a-f-]{36}$/);
  const mealId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { name: 'Pancakes' })).toBeVisible();
  await expect(page.getByText('Prep: 10 min · Total: 30 min')).toBeVisible();
  const ingredients = page.locator('.ingredient-list li');
  await expect(ingredients).toHaveText(['2 cups Flour', '1 cup Milk', '3 Eggs']);
  await expect(page.getByText('Fry in butter.')).toBeVisible();

  await page.getByRole('combobox', { name: 'Grocery list' }).selectOption({ label: 'Weekly Shop' });
  await page.getByRole('button', { name: 'Add all ingredients to list' }).click();
  await expect(page.getByText('Added 3 ingredients to Weekly Shop.')).toBeVisible();
  // One sentence: the list's name follows "to " as text does, not spread apart by the banner's row layout.
  const gap = await page.getByRole('status').getByRole('link', { name: 'Weekly Shop' }).evaluate((link) => {
    const before = link.ownerDocument.createRange();
    before.selectNodeContents(link.previousSibling!);
    return link.getBoundingClientRect().left - before.getBoundingClientRect().right;
  });
  expect(gap).toBeLessThan(6);

  const items = await itemsViaApi(request, cook, list.id);
  expect(items.map((i) => [i.name, i.quantity, i.unit, i.isPurchased, i.addedFromRecipeId])).toEqual([
    ['Flour', 2, 'cups', false, mealId],
    ['Milk', 1, 'cup', false, mealId],
    ['Eggs', 3, null, false, mealId],
  ]);

  await page.getByRole('link', { name: 'Weekly Shop' }).click();
  await expect(page).toHaveURL(new RegExp(`/list/${list.id}$`));
  for (const name of ['Flour', 'Milk', 'Eggs']) {
    await expect(itemRow(page, name).getByText('from recipe')).toBeVisible();
  }
});

test('the meal form checks required fields, ingredient names and numeric quantities', async ({ page, request }) => {
  const cook = await signUpViaApi(request, { name: 'Careful Cook' });
  await useSession(page, cook);
  await page.goto('/meals');
  await page.getByRole('button', { name: '+ Add Meal' }).click();
  const form = page.getByRole('form', { name: 'Add meal' });

  await form.getByRole('button', { name: 'Save Meal' }).click();
  await expect(form.getByText('Please fill in all required fields')).toBeVisible();

  await form.getByLabel('Name', { exact: true }).fill('Soup');
  await form.getByLabel('Prep time (min)').fill('5');
  await form.getByLabel('Total time (min)').fill('-3');
  // Empty times are fine; a negative one is not.
  await form.getByRole('button', { name: 'Save Meal' }).click();
  await expect(form.getByText('Please fill in all required fields')).toBeVisible();
  await form.getByLabel('Total time (min)').fill('40');

  // A quantity is kept as typed, never stripped to digits ("a1b2" once became 12, "1/2" became 12).
  await page.getByLabel('Ingredient 1 quantity').fill('a1b2');
  await form.getByRole('button', { name: 'Save Meal' }).click();
  await expect(form.getByText('Please fill in all required fields')).toHaveCount(0);
  await expect(form.getByText('Ingredient name is required.')).toBeVisible();
  await page.getByLabel('Ingredient 1 name').fill('Heavy cream');
  await form.getByRole('button', { name: 'Save Meal' }).click();
  await expect(form.getByText(quantityMessages.unreadable)).toBeVisible();
  await page.getByLabel('Ingredient 1 quantity').fill('1/2');
  await page.getByLabel('Ingredient 1 unit').fill('cup');
  await form.getByRole('button', { name: 'Save Meal' }).click();
  await expect(page.getByRole('link', { name: /Soup/ })).toContainText('Prep: 5 min · Total: 40 min');
  await page.getByRole('link', { name: /Soup/ }).click();
  await expect(page.getByText('½ cup Heavy cream')).toBeVisible();
});

test('a meal is edited in place and deleted after confirmation', async ({ page, request }) => {
  const cook = await signUpViaApi(request, { name: 'Editor' });
  const meal = await createMealViaApi(request, cook, {
    name: 'Chili', prepTime: 15, totalTime: 90, ingredients: [{ name: 'Beans' }, { name: 'Tomatoes' }],
  });
  await useSession(page, cook);
  await page.goto(`/meals/${meal.id}`);

  await page.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: 'Edit meal' });
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Chili');
  await form.getByLabel('Name', { exact: true }).fill('Veggie Chili');
  await page.getByRole('button', { name: 'Remove ingredient 1' }).click();
  await form.getByRole('button', { name: 'Save Meal' }).click();
  await expect(page.getByRole('heading', { name: 'Veggie Chili' })).toBeVisible();
  await expect(page.locator('.ingredient-list li')).toHaveText(['Tomatoes']);

  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete meal' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Veggie Chili' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/meals$/);
  await expect(page.getByText(emptyText)).toBeVisible();

  await page.goto(`/meals/${meal.id}`);
  await expect(page.getByText('Meal not found.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to meals' }).click();
  await expect(page).toHaveURL(/\/meals$/);
});

test('a READ_ONLY member sees meals without add, edit, delete or add-to-list controls', async ({ page, request }) => {
  const admin = await signUpViaApi(request, { name: 'Parent' });
  await createListViaApi(request, admin, 'Market');
  const meal = await createMealViaApi(request, admin, { name: 'Tacos', prepTime: 10, totalTime: 20, ingredients: [{ name: 'Tortillas' }] });
  const reader = await joinFamilyViaApi(request, admin, { name: 'READ_ONLY Member', level: 'READ_ONLY' });
  await useSession(page, reader);

  await page.goto('/meals');
  await expect(page.getByRole('link', { name: /Tacos/ })).toBeVisible();
  await expect(page.getByRole('button', { name: '+ Add Meal' })).toHaveCount(0);
  await page.getByRole('link', { name: /Tacos/ }).click();
  await expect(page).toHaveURL(new RegExp(`/meals/${meal.id}$`));
  await expect(page.locator('.ingredient-list li')).toHaveText(['Tortillas']);
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add all ingredients to list' })).toHaveCount(0);
});

test('meals work on a 390 px wide phone screen', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const cook = await signUpViaApi(request, { name: 'Phone Cook' });
  await createListViaApi(request, cook, 'Corner Shop');
  await useSession(page, cook);
  await page.goto('/meals');
  await page.getByRole('button', { name: '+ Add Meal' }).click();
  const form = page.getByRole('form', { name: 'Add meal' });
  await form.getByLabel('Name', { exact: true }).fill('Omelette');
  await form.getByLabel('Prep time (min)').fill('5');
  await form.getByLabel('Total time (min)').fill('10');
  await fillIngredient(page, 1, 'Eggs', '2', '');
  for (const label of ['Ingredient 1 name', 'Ingredient 1 quantity', 'Ingredient 1 unit']) {
    const box = (await page.getByLabel(label).boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  await form.getByRole('button', { name: 'Save Meal' }).click();
  await page.getByRole('link', { name: /Omelette/ }).click();
  await page.getByRole('button', { name: 'Add all ingredients to list' }).click();
  await expect(page.getByText('Added 1 ingredient to Corner Shop.')).toBeVisible();
  expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(390);
});

test('failures show the spec\'s messages', async ({ page, request }) => {
  const cook = await signUpViaApi(request, { name: 'Unlucky Cook' });
  await createListViaApi(request, cook, 'Pantry');
  const meal = await createMealViaApi(request, cook, { name: 'Risotto', prepTime: 5, totalTime: 40, ingredients: [{ name: 'Rice' }] });
  await useSession(page, cook);
  const serverDown = { status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'INTERNAL', message: 'down' }) };

  await page.route('**/api/meals', (route) => (route.request().method() === 'POST' ? route.fulfill(serverDown) : route.fallback()));
  await page.goto('/meals');
  await page.getByRole('button', { name: '+ Add Meal' }).click();
  const form = page.getByRole('form', { name: 'Add meal' });
  await form.getByLabel('Name', { exact: true }).fill('Paella');
  await form.getByLabel('Prep time (min)').fill('20');
  await form.getByLabel('Total time (min)').fill('60');
  await page.getByRole('button', { name: 'Remove ingredient 1' }).click();
  await form.getByRole('button', { name: 'Save Meal' }).click();
  await expect(form.getByRole('alert')).toContainText('Failed to add meal. Failed to save meal');

  await page.route('**/api/meals/*/add-to-grocery-list?*', (route) => route.fulfill(serverDown));
  await page.route(`**/api/meals/${meal.id}`, (route) => (route.request().method() === 'DELETE' ? route.fulfill(serverDown) : route.fallback()));
  await page.goto(`/meals/${meal.id}`);
  await page.getByRole('button', { name: 'Add all ingredients to list' }).click();
  await expect(page.getByRole('alert')).toHaveText(/^Failed to add ingredients to list/);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete meal' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Failed to delete meal.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/meals/${meal.id}$`));
});

test('the add-to-list form: no list yet, boxes that follow the chosen list, nothing ticked, a failure, then an add', async ({ page, request }) => {
  const cook = await signUpViaApi(request, { name: 'Listless Cook' });
  const meal = await createMealViaApi(request, cook, {
    name: 'Curry', ingredients: [{ name: 'Rice', quantity: 2, unit: 'cups' }, { name: 'Onion', quantity: null, unit: null }],
  });
  await useSession(page, cook);
  await page.goto(`/meals/${meal.id}`);
  const form = page.getByRole('form', { name: 'Add ingredients to a grocery list' });
  await expect(page.getByText('No grocery lists yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create a list' })).toHaveAttribute('href', '/lists');
  await expect(form).toHaveCount(0);

  await createListViaApi(request, cook, 'Market');
  const corner = await createListViaApi(request, cook, 'Corner Shop');
  await addItemViaApi(request, cook, corner.id, 'Onion');
  await page.reload();
  const rice = form.getByLabel('2 cups Rice');
  const onion = form.getByLabel('Onion', { exact: true });
  // Market, the first list, holds neither: both start ticked; with none ticked there is nothing to add.
  await expect(form.getByRole('combobox', { name: 'Grocery list' })).toHaveValue(/.+/);
  await expect(rice).toBeChecked();
  await expect(onion).toBeChecked();
  await rice.uncheck();
  await expect(form.getByRole('button', { name: 'Add 1 ingredient to list' })).toBeEnabled();
  await onion.uncheck();
  await expect(form.getByRole('button', { name: 'Add 0 ingredients to list' })).toBeDisabled();
  // Corner Shop waits for an onion: its box starts unticked, and the choices made for Market are gone.
  await form.getByRole('combobox', { name: 'Grocery list' }).selectOption({ label: 'Corner Shop' });
  await expect(rice).toBeChecked();
  await expect(onion).not.toBeChecked();
  await page.screenshot({ path: test.info().outputPath('add-to-list-1280.png'), fullPage: true });

  let answer: 'fail' | 'hold' = 'fail';
  let release = () => {};
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route('**/api/meals/*/add-to-grocery-list?*', async (route) => {
    if (answer === 'fail') return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'INTERNAL', message: 'down' }) });
    await held;
    return route.fallback();
  });
  const addOne = form.getByRole('button', { name: 'Add 1 ingredient to list' });
  await addOne.click();
  await expect(form.getByRole('alert')).toHaveText(/^Failed to add ingredients to list/);
  await form.getByRole('button', { name: 'Dismiss' }).click();
  await expect(form.getByRole('alert')).toHaveCount(0);
  await addOne.click();
  await expect(form.getByRole('alert')).toHaveText(/^Failed to add ingredients to list/);
  // The banner stays while another list is chosen, and the choices stay for another try.
  await form.getByRole('combobox', { name: 'Grocery list' }).selectOption({ label: 'Market' });
  await form.getByRole('combobox', { name: 'Grocery list' }).selectOption({ label: 'Corner Shop' });
  await expect(form.getByRole('alert')).toHaveText(/^Failed to add ingredients to list/);
  await expect(rice).toBeChecked();
  await expect(onion).not.toBeChecked();

  // While the add is sent the button waits, and the last failure is gone.
  answer = 'hold';
  await addOne.click();
  await expect(form.getByRole('button', { name: 'Adding...' })).toBeDisabled();
  await expect(form.getByRole('alert')).toHaveCount(0);
  release();
  await expect(form.getByText('Added 1 ingredient to Corner Shop.')).toBeVisible();
  // Both wait on Corner Shop now: both boxes start unticked.
  await expect(rice).not.toBeChecked();
  await expect(onion).not.toBeChecked();
  const items = await itemsViaApi(request, cook, corner.id);
  expect(items.map((i) => [i.name, i.quantity, i.unit]).sort()).toEqual([['Onion', null, null], ['Rice', 2, 'cups']]);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(form).toBeVisible();
  expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('add-to-list-390.png'), fullPage: true });
});

test('a meal needs only its name: prep and total time may stay empty', async ({ page, request }) => {
  const cook = await signUpViaApi(request, { name: 'Quick Cook' });
  await useSession(page, cook);
  await page.goto('/meals');
  await page.getByRole('button', { name: '+ Add Meal' }).click();
  const form = page.getByRole('form', { name: 'Add meal' });
  await form.getByLabel('Name', { exact: true }).fill('Toast');
  await page.getByLabel('Ingredient 1 name').fill('Bread');
  await form.getByRole('button', { name: 'Save Meal' }).click();
  await expect(form.getByText('Please fill in all required fields')).toHaveCount(0);
  await expect(page.getByText('Toast').first()).toBeVisible();
  await expect(page.getByText('Prep: – min · Total: – min').first()).toBeVisible();
});
