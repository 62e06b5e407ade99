import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { ApiSession } from './session.ts';

const auth = (s: ApiSession) => ({ authorization: `Bearer ${s.token}` });

async function ok<T>(what: string, res: { ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<unknown> }): Promise<T> {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function newListViaApi(request: APIRequestContext, s: ApiSession, title: string): Promise<string> {
  const list = await ok<{ id: string }>('create list', await request.post('/api/grocery-lists', {
    headers: auth(s), data: { familyId: s.user.familyId, title },
  }));
  return list.id;
}

export async function addItemViaApi(
  request: APIRequestContext, s: ApiSession, listId: string, name: string, extra: Record<string, unknown> = {},
): Promise<{ id: string }> {
  return ok('add item', await request.post('/api/grocery', {
    headers: auth(s), data: { name, quantity: null, unit: null, category: null, listId, familyId: s.user.familyId, ...extra },
  }));
}

export async function itemNamesViaApi(request: APIRequestContext, s: ApiSession, listId: string): Promise<string[]> {
  const items = await ok<{ name: string }[]>('items', await request.get(`/api/grocery/list/${listId}`, { headers: auth(s) }));
  return items.map((i) => i.name);
}

/** The item rows of the list page, top to bottom. */
export const itemRows = (page: Page) => page.getByTestId('grocery-item');

/** Expects the names shown, in order (each row's name text, without markers). */
export async function expectItems(page: Page, names: string[]): Promise<void> {
  await expect(page.locator('[data-testid="grocery-item"] .item-name')).toHaveText(names);
}

/** Adds an item through the form. */
export async function addItemInForm(
  page: Page, item: { name: string; qty?: string; unit?: string; category?: string; recurrence?: string },
): Promise<void> {
  const form = page.getByRole('form', { name: 'Add item' });
  await form.getByLabel('Item name').fill(item.name);
  if (item.qty) await form.getByLabel('Qty').fill(item.qty);
  if (item.unit) await form.getByLabel('Unit').fill(item.unit);
  if (item.category) await form.getByLabel('Category').fill(item.category);
  if (item.recurrence) await form.getByLabel('Recurrence').selectOption({ label: item.recurrence });
  await form.getByRole('button', { name: 'Add Item' }).click();
}
