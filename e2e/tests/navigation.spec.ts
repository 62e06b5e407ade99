import { expect, test } from '@playwright/test';
import { newListViaApi } from '../support/grocery-helpers.ts';
import { signUpViaApi, useSession } from '../support/session.ts';

test('a signed-out visit to a shared list returns to that list after signing in', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  const listId = await newListViaApi(request, ada, 'Costco');
  await page.goto(`/list/${listId}`);
  await expect(page).toHaveURL(/\/auth$/);
  const login = page.getByRole('form', { name: 'Password Login' });
  await login.getByLabel('Email').fill(ada.email);
  await login.getByLabel('Password').fill(ada.password);
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(new RegExp(`/list/${listId}$`));
  await expect(page.getByRole('heading', { name: 'Costco' })).toBeVisible();
  await expect(page).toHaveTitle('Costco · Grocery list · Hearth');
});

test('wide screens show the sections in the top bar, the current one marked; phones keep the menu', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  const listId = await newListViaApi(request, ada, 'Aldi');
  await useSession(page, ada);
  await page.goto(`/list/${listId}`);
  const sections = page.getByRole('navigation', { name: 'Sections' });
  await expect(sections.getByRole('link', { name: 'Grocery Lists' })).toHaveAttribute('aria-current', 'page');
  await expect(sections.getByRole('link', { name: 'Meals' })).not.toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
  await sections.getByRole('link', { name: 'Meals' }).click();
  await expect(page).toHaveTitle('Meals · Hearth');
  await expect(sections.getByRole('link', { name: 'Meals' })).toHaveAttribute('aria-current', 'page');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(sections).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Meals' }))
    .toHaveAttribute('aria-current', 'page');
});

test('/auth while signed in goes on to the app instead of showing registration again', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  await useSession(page, ada);
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle("Ada's Newsfeed · Hearth");
});

test('a malformed list id reads as a missing list, and the skip link jumps past the navigation', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  await useSession(page, ada);
  await page.goto('/list/not-a-real-id');
  await expect(page.getByText('This list does not exist or was deleted.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Add item' })).toHaveCount(0);

  await page.goto('/lists');
  await expect(page.getByRole('heading', { name: 'Grocery Lists' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});
