import { expect, test } from '@playwright/test';
import { createRecurringItem, setCategoryOrder } from '@hearth/contract/grocery';
import { callApi } from '../support/api.ts';
import { addItemViaApi, expectItems, itemNamesViaApi, newListViaApi } from '../support/grocery-helpers.ts';
import { createMealViaApi } from '../support/meals-helpers.ts';
import { signUpViaApi, useSession } from '../support/session.ts';

/** Issue #14: the list as a family uses it in a store, on a 390 px phone with touch. */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('quick add, check off with undo, edit, and aisles on a phone', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  const listId = await newListViaApi(request, ada, 'Saturday');
  await addItemViaApi(request, ada, listId, 'Yogurt', { category: 'Dairy' });
  await addItemViaApi(request, ada, listId, 'Apples', { category: 'Produce' });
  await useSession(page, ada);
  await page.goto(`/list/${listId}`);

  const field = page.getByRole('form', { name: 'Add item' }).getByLabel('Item name');
  await field.fill('1 1/2 lbs beef');
  await page.getByRole('button', { name: 'Add Item' }).tap();
  await expectItems(page, ['1½ lbs beef', 'Apples', 'Yogurt']);
  await expect(field).toBeFocused();
  await field.fill('1,5 kg flour');
  await field.press('Enter');
  await expectItems(page, ['1½ kg flour', '1½ lbs beef', 'Apples', 'Yogurt']);
  // The same thing again raises the quantity instead of adding a row.
  await field.fill('2 lb beef');
  await field.press('Enter');
  await expectItems(page, ['1½ kg flour', '3½ lbs beef', 'Apples', 'Yogurt']);

  // A tap on the row's name checks it off; Undo puts it back.
  await page.getByText('Apples', { exact: true }).tap();
  await expectItems(page, ['1½ kg flour', '3½ lbs beef', 'Yogurt']);
  await page.getByRole('status').getByRole('button', { name: 'Undo' }).tap();
  await expectItems(page, ['1½ kg flour', '3½ lbs beef', 'Apples', 'Yogurt']);
  await expect.poll(async () => (await itemNamesViaApi(request, ada, listId)).length).toBe(4);

  await page.getByRole('button', { name: 'Edit Yogurt' }).tap();
  const sheet = page.getByRole('dialog', { name: 'Edit item' });
  await sheet.getByLabel('Name').fill('Greek yogurt');
  await sheet.getByLabel('Qty').fill('2');
  await sheet.getByLabel('Unit').fill('tubs');
  await sheet.getByRole('button', { name: 'Save' }).tap();
  await expectItems(page, ['1½ kg flour', '3½ lbs beef', 'Apples', '2 tubs Greek yogurt']);

  await callApi(request, setCategoryOrder, {
    token: ada.token, params: { familyId: ada.user.familyId! }, body: { categories: ['Produce', 'Dairy'] },
  });
  await page.getByRole('button', { name: 'By aisle' }).tap();
  // The rest in their built-in aisles (the quick adds typed none), alphabetically after the family's order.
  await expect(page.locator('.aisle h3')).toHaveText(['Produce', 'Dairy', 'Meat & fish', 'Pantry']);
  await expectItems(page, ['Apples', '2 tubs Greek yogurt', '3½ lbs beef', '1½ kg flour']);
  await page.getByRole('button', { name: 'Arrange aisles' }).tap();
  const arrange = page.getByRole('dialog', { name: 'Arrange aisles' });
  await arrange.getByRole('button', { name: 'Move Dairy up' }).tap();
  await arrange.getByRole('button', { name: 'Save' }).tap();
  await expect(page.locator('.aisle h3')).toHaveText(['Dairy', 'Produce', 'Meat & fish', 'Pantry']);
  await page.reload();
  await expect(page.locator('.aisle h3')).toHaveText(['Dairy', 'Produce', 'Meat & fish', 'Pantry']);

  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  expect(overflow).toBeLessThanOrEqual(0);
});

test('a recipe added twice merges, and its ingredients can be chosen', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  const listId = await newListViaApi(request, ada, 'Dinner');
  const meal = await createMealViaApi(request, ada, {
    name: 'Tacos',
    ingredients: [
      { name: 'Tortillas', quantity: 8, unit: null }, { name: 'Ground beef', quantity: 1, unit: 'lb' },
      { name: 'Salsa', quantity: 1, unit: 'jar' },
    ],
  });
  await useSession(page, ada);
  await page.goto(`/meals/${meal.id}`);
  const form = page.getByRole('form', { name: 'Add ingredients to a grocery list' });
  await form.getByRole('button', { name: 'Add all ingredients to list' }).tap();
  await expect(form.getByText('Added 3 ingredients')).toBeVisible();
  // Already on the list now: every box starts unticked; tick the beef only, to buy more of it.
  await expect(form.getByLabel('8 Tortillas')).not.toBeChecked();
  await form.getByLabel('1 lb Ground beef').check();
  await form.getByRole('button', { name: 'Add 1 ingredient to list' }).tap();
  await expect(form.getByText('Added 1 ingredient')).toBeVisible();
  await page.goto(`/list/${listId}`);
  await expect(page.locator('[data-testid="grocery-item"] .item-name')).toHaveText(
    ['8 Tortillas', '2 lb Ground beef', '1 jar Salsa'],
  );
});

test('recurring items read as cards on a phone, their actions whole and on screen', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  const listId = await newListViaApi(request, ada, "Trader Joe's");
  await callApi(request, createRecurringItem, {
    token: ada.token,
    body: { name: 'Sparkling water', quantity: 12, unit: 'cans', listId, familyId: ada.user.familyId!, frequency: 'WEEKLY' },
  });
  await useSession(page, ada);
  await page.goto('/recurring-items');
  await expect(page.getByRole('cell', { name: "Trader Joe's" })).toBeVisible();
  for (const name of ['Edit Sparkling water', 'Delete Sparkling water']) {
    const box = (await page.getByRole('button', { name }).boundingBox())!;
    expect(box.width, name).toBeGreaterThan(44);
    expect(box.x + box.width, name).toBeLessThanOrEqual(390);
  }
  const list = (await page.getByRole('cell', { name: "Trader Joe's" }).boundingBox())!;
  expect(list.height).toBeLessThan(40);
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  expect(overflow).toBeLessThanOrEqual(0);
});
