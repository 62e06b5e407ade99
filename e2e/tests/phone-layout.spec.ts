import { expect, test } from '@playwright/test';
import { createRecurringItem } from '@hearth/contract/grocery';
import { callApi } from '../support/api.ts';
import { newListViaApi } from '../support/grocery-helpers.ts';
import { signUpViaApi, useSession } from '../support/session.ts';

/** Issue #15: at 390 px the recurring items are cards, read whole, with their actions on screen. */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('recurring items are cards on a phone: the name on one line, Edit and Delete whole and on screen', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  const listId = await newListViaApi(request, ada, "Trader Joe's");
  await callApi(request, createRecurringItem, {
    token: ada.token, body: { name: 'Oat milk', quantity: 2, unit: 'cartons', listId, familyId: ada.user.familyId!, frequency: 'WEEKLY' },
  });
  await useSession(page, ada);
  await page.goto('/recurring-items');
  const name = page.getByRole('cell', { name: 'Oat milk', exact: true });
  await expect(name).toBeVisible();
  await expect(page.getByRole('cell').filter({ hasText: "Trader Joe's" })).toBeVisible();
  // A card's name runs across the card on one line (the table squeezed it to a letter or so a line).
  const box = (await name.boundingBox())!;
  expect(box.width).toBeGreaterThan(250);
  expect(box.height).toBeLessThan(40);
  for (const action of ['Edit Oat milk', 'Delete Oat milk']) {
    const button = page.getByRole('button', { name: action });
    const at = (await button.boundingBox())!;
    expect(at.x).toBeGreaterThanOrEqual(0);
    expect(at.x + at.width).toBeLessThanOrEqual(390);
    expect(at.height).toBeLessThan(60);
  }
  expect(await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth')).toBeLessThanOrEqual(0);
});
