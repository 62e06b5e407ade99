import { expect, test } from '@playwright/test';
import { aiLimits } from '@hearth/contract/ai-planner';
import { aiTexts as t } from '../../web/src/features/ai-planner/texts.ts';
import { itemsViaApi } from '../support/grocery-helpers.ts';
import { createListViaApi } from '../support/meals-helpers.ts';
import { signUpViaApi, useSession } from '../support/session.ts';

test('generate ideas from the catalogue, alter one, save it as a recipe and send its ingredients to a list', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  const list = await createListViaApi(request, ada, 'Weekly Shop');
  await useSession(page, ada);
  await page.goto('/ai-meal-planner');
  await expect(page.getByRole('heading', { name: t.title })).toBeVisible();
  await expect(page.getByTestId('remaining')).toHaveText(t.remaining(aiLimits.requestsPerDay));

  await page.getByRole('button', { name: t.generate }).click();
  await expect(page.getByText(t.proteinRequired)).toBeVisible();
  await expect(page.getByText(t.timeRequired)).toBeVisible();

  await page.getByLabel(t.protein).selectOption({ label: 'Fish & seafood' });
  await page.getByLabel(t.time).selectOption({ label: 'Under 20 min' });
  await page.getByLabel(t.cuisine).selectOption({ label: 'Asian' });
  await page.getByLabel(t.dietary).fill('no peanuts');
  await page.getByLabel(t.kidFriendly).check();
  // Hold the answer past 5 seconds to see the waiting message change.
  await page.route('**/api/ai-meal-planner', async (route) => {
    await new Promise((r) => setTimeout(r, aiLimits.waitingMessageAfterMs + 1000));
    await route.continue();
  });
  await page.getByRole('button', { name: t.generate }).click();
  await expect(page.getByText(t.waiting)).toBeVisible();
  await expect(page.getByText(t.stillWaiting)).toBeVisible({ timeout: aiLimits.waitingMessageAfterMs + 3000 });
  await expect(page.getByText(t.fallback)).toBeVisible({ timeout: 15_000 });
  await page.unroute('**/api/ai-meal-planner');

  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(3);
  await expect(page.getByTestId('remaining')).toHaveText(t.remaining(aiLimits.requestsPerDay - 1));
  const salmon = page.getByRole('article', { name: 'Miso-Glazed Salmon with Bok Choy' });
  await expect(salmon.getByText(t.prep(5))).toBeVisible();
  await expect(salmon.getByText(t.total(18))).toBeVisible();
  await expect(salmon.getByText('3 tbsp white miso')).toBeVisible();
  await expect(salmon.getByText('Broil 8 to 10 minutes', { exact: false })).toBeHidden();
  await salmon.getByText(t.fullRecipe).click();
  await expect(salmon.getByText('Broil 8 to 10 minutes', { exact: false })).toBeVisible();

  await salmon.getByRole('button', { name: t.alter }).click();
  const dialog = page.getByRole('dialog', { name: t.alter });
  await expect(dialog.getByText('Miso-Glazed Salmon with Bok Choy')).toBeVisible();
  await dialog.getByRole('button', { name: t.alter }).click();
  await expect(dialog.getByText(t.alterationRequired)).toBeVisible();
  await dialog.getByLabel(t.alterLabel).fill('use chicken instead');
  await expect(dialog.getByText(`19/${aiLimits.alterationMax}`)).toBeVisible();
  await dialog.getByRole('button', { name: t.alter }).click();
  await expect(dialog).toBeHidden();

  const chicken = page.getByRole('article', { name: 'Miso-Glazed Chicken with Bok Choy' });
  await expect(chicken.getByText(t.altered)).toBeVisible();
  await expect(chicken.getByText(/Swapped salmon fillets .* for boneless chicken thighs/)).toBeVisible();
  await expect(chicken.getByText('4 boneless chicken thighs')).toBeVisible();
  await expect(page.getByTestId('remaining')).toHaveText(t.remaining(aiLimits.requestsPerDay - 2));

  await chicken.getByRole('button', { name: t.saveAsMeal }).click();
  await expect(chicken.getByText(t.saved)).toBeVisible();
  await chicken.getByLabel(t.groceryList).selectOption({ label: 'Weekly Shop' });
  await chicken.getByRole('button', { name: t.addToList }).click();
  await expect(chicken.getByText(`${t.added(9)} Weekly Shop.`)).toBeVisible();

  const names = (await itemsViaApi(request, ada, list.id)).map((i) => i.name);
  expect(names).toContain('boneless chicken thighs');
  expect(names).toContain('white miso');

  await chicken.getByRole('link', { name: t.viewMeal }).click();
  await expect(page.getByRole('heading', { name: 'Miso-Glazed Chicken with Bok Choy' })).toBeVisible();
});

test('every failure shows the spec\'s text, and a spent quota disables asking', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  await createListViaApi(request, ada, 'Weekly Shop');
  await useSession(page, ada);
  await page.goto('/ai-meal-planner');
  await page.getByLabel(t.protein).selectOption({ label: 'Vegan' });
  await page.getByLabel(t.time).selectOption({ label: '20-60 min' });

  await page.route('**/api/ai-meal-planner', (route) => route.abort());
  await page.getByRole('button', { name: t.generate }).click();
  await expect(page.getByText(t.generateFailed)).toBeVisible();
  await page.unroute('**/api/ai-meal-planner');
  await page.getByRole('button', { name: t.generate }).click();
  await expect(page.getByRole('article')).toHaveCount(3);
  const card = page.getByRole('article').first();

  await page.route('**/api/ai-meal-planner/alter', (route) => route.abort());
  await card.getByRole('button', { name: t.alter }).click();
  const dialog = page.getByRole('dialog', { name: t.alter });
  await dialog.getByLabel(t.alterLabel).fill('milder');
  await dialog.getByRole('button', { name: t.alter }).click();
  await expect(dialog.getByText(t.alterFailed)).toBeVisible();
  await dialog.getByRole('button', { name: t.cancel }).click();

  const refuse = (message: string, status: number) => ({
    status, contentType: 'application/json', body: JSON.stringify({ code: status === 404 ? 'NOT_FOUND' : 'FORBIDDEN', message }),
  });
  await page.route('**/api/meals', (route) => route.fulfill(refuse('You do not have permission to do this.', 403)));
  await card.getByRole('button', { name: t.saveAsMeal }).click();
  await expect(card.getByText(`${t.saveFailed}: You do not have permission to do this.`)).toBeVisible();
  await page.unroute('**/api/meals');
  await page.route('**/api/grocery', (route) => route.fulfill(refuse('Grocery list not found', 404)));
  await card.getByRole('button', { name: t.addToList }).click();
  await expect(card.getByText(`${t.addFailed}: Grocery list not found (`, { exact: false })).toBeVisible();
  await page.unroute('**/api/grocery');
  // Adding to a list saves no recipe the family did not ask to keep.
  await expect(card.getByText(t.saved)).toBeHidden();

  await page.route('**/api/ai-meal-planner', (route) => route.fulfill({
    status: 429, contentType: 'application/json',
    body: JSON.stringify({ code: 'RATE_LIMITED', message: t.quotaReached, remainingRequests: 0 }),
  }));
  await page.getByRole('button', { name: t.generate }).click();
  await expect(page.getByRole('alert').getByText(t.quotaReached)).toBeVisible();
  await expect(page.getByTestId('remaining')).toHaveText(t.remaining(0));
  await expect(page.getByRole('button', { name: t.generate })).toBeDisabled();
  await expect(card.getByRole('button', { name: t.alter })).toBeDisabled();
});
