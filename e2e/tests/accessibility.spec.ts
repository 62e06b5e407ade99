import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createEvent } from '@hearth/contract/calendar';
import { callApi } from '../support/api.ts';
import { addItemViaApi, newListViaApi } from '../support/grocery-helpers.ts';
import { createMealViaApi } from '../support/meals-helpers.ts';
import { signUpViaApi, useSession } from '../support/session.ts';

/** Every page passes axe-core's WCAG 2 A and AA rules, in the light and the dark colour scheme (issue #15). */

async function expectNoViolations(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('main')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(violations.map((v) => `${path}: ${v.id} (${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''} ${n.html.slice(0, 120)}`).slice(0, 3).join(', ')})`)).toEqual([]);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`every page is axe-clean in the ${colorScheme} scheme`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme });
    await expectNoViolations(page, '/auth');
    await expectNoViolations(page, '/no-such-page');

    const ada = await signUpViaApi(request, { name: 'Ada' });
    const listId = await newListViaApi(request, ada, 'Saturday');
    await addItemViaApi(request, ada, listId, 'Apples', { quantity: 6, category: 'Produce' });
    const meal = await createMealViaApi(request, ada, { name: 'Soup', ingredients: [{ name: 'Leeks', quantity: 2, unit: null }] });
    const today = new Date().toISOString().slice(0, 10);
    await callApi(request, createEvent, {
      token: ada.token, body: { title: 'Swim', startTime: `${today}T17:00:00`, endTime: `${today}T18:00:00` },
    });
    await useSession(page, ada);
    for (const path of ['/', '/lists', `/list/${listId}`, '/recurring-items', '/meals', `/meals/${meal.id}`, '/family',
      '/calendar', '/locations', '/ai-meal-planner']) {
      await expectNoViolations(page, path);
    }
  });
}
