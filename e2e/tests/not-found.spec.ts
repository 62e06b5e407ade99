import { expect, test } from '@playwright/test';

test('an unknown path shows the 404 page, whose button goes home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  // Home is protected: a signed-out visitor is asked to sign in, and lands on a real page, never a second 404.
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  // Home is where everyone starts: no 'Not authenticated' there, unlike a deep link.
  await expect(page.getByText('Not authenticated')).toHaveCount(0);
});

test('an unknown API path answers JSON 404, not the web app', async ({ request }) => {
  const res = await request.get('/api/no-such-thing');
  expect(res.status()).toBe(404);
  expect((await res.json()).code).toBe('NOT_FOUND');
});
