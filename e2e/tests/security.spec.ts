import { expect, test, type Page } from '@playwright/test';
import { newListViaApi } from '../support/grocery-helpers.ts';
import { createMealViaApi } from '../support/meals-helpers.ts';
import { signUpViaApi, useSession } from '../support/session.ts';

/** Collects every Content-Security-Policy violation the page reports, from its first script on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript({
    content: `window.violations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.violations.push(e.violatedDirective + ' ' + e.blockedURI));`,
  });
  return () => page.evaluate<string[]>('window.violations');
}

test('every page loads under the content security policy without a single violation', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  const listId = await newListViaApi(request, ada, 'Costco');
  const meal = await createMealViaApi(request, ada, { name: 'Soup' });
  const violations = await watchViolations(page);

  for (const path of ['/auth', '/register', '/request-password-reset', '/reset-password?token=x', '/verify-email',
    '/superadmin', '/no-such-page', '/api/docs']) {
    const res = await page.goto(path);
    expect(res?.headers()['content-security-policy'], path).toBeTruthy();
    await page.waitForLoadState('load');
    await expect(page.locator('body')).not.toBeEmpty();
  }
  await useSession(page, ada);
  for (const path of ['/', '/lists', `/list/${listId}`, '/family', '/recurring-items', '/meals', `/meals/${meal.id}`,
    '/locations']) {
    await page.goto(path);
    await expect(page.getByRole('heading').first()).toBeVisible();
  }
  expect(await violations()).toEqual([]);
});
