import { expect, type APIRequestContext, type Page } from '@playwright/test';
import * as grocery from '@hearth/contract/grocery';
import { callApi } from './api.ts';
import type { ApiSession } from './session.ts';

export async function newListViaApi(request: APIRequestContext, s: ApiSession, title: string): Promise<string> {
  const list = await callApi(request, grocery.createList, {
    token: s.token, body: { familyId: s.user.familyId ?? undefined, title },
  });
  return list.id;
}

export async function addItemViaApi(
  request: APIRequestContext, s: ApiSession, listId: string, name: string,
  extra: Partial<grocery.GroceryItem> = {},
): Promise<grocery.GroceryItem> {
  return callApi(request, grocery.addItem, {
    token: s.token,
    body: { name, quantity: null, unit: null, category: null, listId, familyId: s.user.familyId ?? undefined, ...extra },
  });
}

export async function itemsViaApi(request: APIRequestContext, s: ApiSession, listId: string): Promise<grocery.GroceryItem[]> {
  return callApi(request, grocery.getItems, { token: s.token, params: { listId } });
}

export async function itemNamesViaApi(request: APIRequestContext, s: ApiSession, listId: string): Promise<string[]> {
  return (await itemsViaApi(request, s, listId)).map((i) => i.name);
}

/** The item rows of the list page, top to bottom. */
export const itemRows = (page: Page) => page.getByTestId('grocery-item');
/** The row whose item reads `name` (not a row whose category badge does, as "Dairy & eggs" holds "Eggs"). */
export const itemRow = (page: Page, name: string) =>
  itemRows(page).filter({ has: page.locator('.item-name', { hasText: name }) });

/** Expects the names shown, in order (each row's name text, without markers). */
export async function expectItems(page: Page, names: string[]): Promise<void> {
  await expect(page.locator('[data-testid="grocery-item"] .item-name')).toHaveText(names);
}

/** Adds an item through the form. */
export async function addItemInForm(
  page: Page, item: { name: string; qty?: string; unit?: string; category?: string; recurrence?: string },
): Promise<void> {
  const form = page.getByRole('form', { name: 'Add item' });
  // The spec's separate fields sit behind "Details"; the quick field alone would read a quantity out of the name.
  const details = form.getByRole('button', { name: /details/i });
  if (await details.getAttribute('aria-expanded') !== 'true') await details.click();
  await form.getByLabel('Item name').fill(item.name);
  if (item.qty) await form.getByLabel('Qty').fill(item.qty);
  if (item.unit) await form.getByLabel('Unit').fill(item.unit);
  if (item.category) await form.getByLabel('Category').fill(item.category);
  if (item.recurrence) await form.getByLabel('Recurrence').selectOption({ label: item.recurrence });
  await form.getByRole('button', { name: 'Add Item' }).click();
}
