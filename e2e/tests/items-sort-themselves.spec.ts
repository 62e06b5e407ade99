import { expect, test } from '@playwright/test';
import { updateItem } from '@hearth/contract/grocery';
import { callApi } from '../support/api.ts';
import { addItemViaApi, newListViaApi } from '../support/grocery-helpers.ts';
import { signUpViaApi, useSession } from '../support/session.ts';

/** Issue 48, "Items that sort themselves", at a phone's width (touch) and a desktop's. */
const widths = [
  { name: 'phone', use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
  { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
];

for (const width of widths) {
  test.describe(width.name, () => {
    test.use(width.use);

    test('the lists page shows each list\'s items still to buy, and follows a change on a list', async ({ page, request }) => {
      const ada = await signUpViaApi(request, { name: 'Ada' });
      const costco = await newListViaApi(request, ada, 'Costco');
      await newListViaApi(request, ada, 'Pharmacy');
      for (const name of ['Milk', 'Eggs', 'Bread']) await addItemViaApi(request, ada, costco, name);
      const jam = await addItemViaApi(request, ada, costco, 'Jam');
      await callApi(request, updateItem, { token: ada.token, params: { itemId: jam.id }, body: { isPurchased: true } });
      await useSession(page, ada);
      await page.goto('/lists');

      const lists = page.getByRole('navigation', { name: 'Grocery lists' });
      await expect(lists.getByRole('button', { name: 'Costco' })).toHaveAccessibleDescription('3 to buy');
      await expect(lists.getByRole('button', { name: 'Pharmacy' })).toHaveAccessibleDescription('Nothing to buy');
      const box = (await lists.getByText('3 to buy').boundingBox())!;
      const card = (await lists.getByRole('button', { name: 'Costco' }).boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(card.y + card.height);
      expect(await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth')).toBeLessThanOrEqual(0);

      // An add made elsewhere reaches the open page through the live changes.
      await addItemViaApi(request, ada, costco, 'Tea');
      await expect(lists.getByRole('button', { name: 'Costco' })).toHaveAccessibleDescription('4 to buy');
      // The count is part of the card: a click on it opens the list.
      const count = (await lists.getByText('4 to buy').boundingBox())!;
      await page.mouse.click(count.x + count.width / 2, count.y + count.height / 2);
      await expect(page).toHaveURL(new RegExp(`/list/${costco}$`));
    });
  });
}
