import { createLocation, createLocationNote } from '@hearth/contract/locations';
import { callApi } from '../support/api.ts';
import { addItemViaApi, newListViaApi } from '../support/grocery-helpers.ts';
import { expect, test } from '../support/fixtures.ts';

/** Issue #15: browser back closes the open dialog (one at a time when they nest) instead of leaving the page. */

test('back closes Add Meal and stays on the meals page; a dialog closed by its own button leaves no step behind', async ({ page }) => {
  await page.goto('/lists');
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Meals' }).click();
  await expect(page).toHaveURL(/\/meals$/);

  await page.getByRole('button', { name: '+ Add Meal' }).click();
  const form = page.getByRole('form', { name: 'Add meal' });
  await form.getByLabel('Name', { exact: true }).fill('Pancakes');
  await page.goBack();
  await expect(form).toBeHidden();
  await expect(page).toHaveURL(/\/meals$/);
  await expect(page.getByRole('heading', { name: 'Meals', exact: true })).toBeVisible();
  // Forward over the closed dialog's step does not strand the page.
  await page.goForward();
  await expect(page).toHaveURL(/\/meals$/);
  await expect(form).toBeHidden();
  await page.goBack();
  await expect(page).toHaveURL(/\/lists$/);

  await page.goForward();
  await expect(page).toHaveURL(/\/meals$/);
  await page.getByRole('button', { name: '+ Add Meal' }).click();
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();
  await page.goBack();
  await expect(page).toHaveURL(/\/lists$/);
});

test("back closes the list's edit sheet and its delete confirmation, answering no", async ({ page, request, ada }) => {
  const listId = await newListViaApi(request, ada, 'Costco');
  await addItemViaApi(request, ada, listId, 'Apples');
  await page.goto('/lists');
  await page.goto(`/list/${listId}`);

  await page.getByRole('button', { name: 'Edit Apples' }).click();
  const sheet = page.getByRole('dialog', { name: 'Edit item' });
  await expect(sheet).toBeVisible();
  await page.goBack();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/list/${listId}$`));

  await page.getByRole('button', { name: 'Delete List' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete list' });
  await expect(confirm).toBeVisible();
  await page.goBack();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Costco' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/lists$/);
  await expect(page.getByRole('navigation', { name: 'Grocery lists' }).getByRole('button', { name: 'Costco' })).toBeVisible();
});

test('nested dialogs close one back at a time', async ({ page, request, ada }) => {
  const place = await callApi(request, createLocation, { token: ada.token, body: { name: 'Corner Cafe', favorite: false } });
  await callApi(request, createLocationNote, { token: ada.token, body: { locationId: place.id, note: 'Oat latte' } });
  await page.goto('/locations');

  await page.getByRole('button', { name: 'Edit Corner Cafe' }).click();
  const form = page.getByRole('dialog', { name: 'Edit Location' });
  await form.getByRole('button', { name: 'Show Notes' }).click();
  await form.getByRole('list', { name: 'Notes' }).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete note' });
  await expect(confirm).toBeVisible();

  await page.goBack();
  await expect(confirm).toBeHidden();
  await expect(form).toBeVisible();
  await expect(form.getByText('Oat latte')).toBeVisible();
  await page.goBack();
  await expect(form).toBeHidden();
  await expect(page).toHaveURL(/\/locations$/);
  await expect(page.getByRole('button', { name: 'Edit Corner Cafe' })).toBeVisible();
});

test('keyboard only: the edit sheet opens with Enter, and Escape or back returns focus to its Edit button', async ({ page, request, ada }) => {
  const listId = await newListViaApi(request, ada, 'Keys');
  await addItemViaApi(request, ada, listId, 'Apples');
  await page.goto(`/list/${listId}`);
  const edit = page.getByRole('button', { name: 'Edit Apples' });
  const sheet = page.getByRole('dialog', { name: 'Edit item' });
  await edit.focus();
  await page.keyboard.press('Enter');
  await expect(sheet).toBeVisible();
  await expect(sheet.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(edit).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(sheet).toBeVisible();
  await page.goBack();
  await expect(sheet).toBeHidden();
  await expect(edit).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/list/${listId}$`));
});
