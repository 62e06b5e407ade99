import { expect, test, type Locator, type Page } from '@playwright/test';
import { deleteItem, updateItem } from '@hearth/contract/grocery';
import { callApi } from '../support/api.ts';
import { addItemViaApi, expectItems, itemsViaApi, newListViaApi } from '../support/grocery-helpers.ts';
import { offlineReady, offlineText, storedCount } from '../support/offline-helpers.ts';
import { signUpViaApi, useSession } from '../support/session.ts';

/** Issue 48, "Items that sort themselves", at a phone's width (touch) and a desktop's. */
const widths = [
  { name: 'phone', use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
  { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
];

/** Adds through the list's one quick-add field. */
async function quickAdd(page: Page, text: string) {
  const form = page.getByRole('form', { name: 'Add item' });
  await form.getByLabel('Item name').fill(text);
  await form.getByRole('button', { name: 'Add Item' }).click();
}

/** The names shown in one aisle of the "By aisle" view. */
const aisle = (page: Page, category: string) => page.getByRole('region', { name: category }).locator('.item-name');

/** Opens an item's editor, changes what `fill` says, and saves. */
async function editItem(page: Page, press: (l: Locator) => Promise<void>, name: string, fill: Record<string, string>) {
  await press(page.getByRole('button', { name: `Edit ${name}`, exact: true }));
  const editor = page.getByRole('dialog', { name: 'Edit item' });
  for (const [label, value] of Object.entries(fill)) await editor.getByLabel(label, { exact: true }).fill(value);
  await press(editor.getByRole('button', { name: 'Save' }));
  await expect(editor).toBeHidden();
}


for (const width of widths) {
  test.describe(width.name, () => {
    test.use(width.use);
    const press = (l: Locator) => (width.name === 'phone' ? l.tap() : l.click());

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

    test("a new item files itself in its aisle, and the family's own category sticks", async ({ page, request }) => {
      const ada = await signUpViaApi(request, { name: 'Ada' });
      const listId = await newListViaApi(request, ada, 'Weekly shop');
      await addItemViaApi(request, ada, listId, 'Eggs', { quantity: 12 });
      const salami = await addItemViaApi(request, ada, listId, 'Salami');
      expect(salami.category).toBe('Meat & fish');
      await useSession(page, ada);
      await page.goto(`/list/${listId}`);
      await page.getByRole('button', { name: 'By aisle' }).click();

      await quickAdd(page, 'bananas');
      await expect(aisle(page, 'Produce')).toHaveText(['bananas']);
      await expect(aisle(page, 'Dairy & eggs')).toHaveText(['12 Eggs']);

      // Filed under Deli by hand: the category field suggests the family's categories and the aisles.
      await press(page.getByRole('button', { name: 'Edit Salami', exact: true }));
      const editor = page.getByRole('dialog', { name: 'Edit item' });
      const suggested = await editor.locator('datalist option').evaluateAll((options) => options.map((o) => o.getAttribute('value')));
      expect(suggested).toEqual(expect.arrayContaining(['Produce', 'Dairy & eggs', 'Meat & fish', 'Pets']));
      await editor.getByLabel('Category').fill('Deli');
      await press(editor.getByRole('button', { name: 'Save' }));
      await expect(aisle(page, 'Deli')).toHaveText(['Salami']);
      await callApi(request, deleteItem, { token: ada.token, params: { itemId: salami.id } });
      await expect(page.getByRole('region', { name: 'Deli' })).toBeHidden();

      // Next time, however it is written, it goes where the family put it; "deli" typed is the family's "Deli".
      await quickAdd(page, '2 salamis');
      await expect(aisle(page, 'Deli')).toHaveText(['2 salamis']);
      const form = page.getByRole('form', { name: 'Add item' });
      await form.getByRole('button', { name: 'Details' }).click();
      await expect(form.locator('datalist option[value="Deli"]')).toHaveCount(1);
      await form.getByLabel('Item name').fill('Pastrami');
      await form.getByLabel('Category').fill('deli');
      await form.getByRole('button', { name: 'Add Item' }).click();
      await expect(aisle(page, 'Deli')).toHaveText(['Pastrami', '2 salamis']);
      expect(await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth')).toBeLessThanOrEqual(0);
      await page.screenshot({ path: test.info().outputPath(`aisles-${width.name}.png`), fullPage: true });
    });

    test('editing an item into one already on the list merges them, and undo puts both back', async ({ page, request }) => {
      const ada = await signUpViaApi(request, { name: 'Ada' });
      const listId = await newListViaApi(request, ada, 'Corner shop');
      await addItemViaApi(request, ada, listId, 'Tea');
      await addItemViaApi(request, ada, listId, 'Mlik');
      await addItemViaApi(request, ada, listId, 'Milk', { quantity: 2 });
      await useSession(page, ada);
      await page.goto(`/list/${listId}`);
      await expectItems(page, ['2 Milk', 'Mlik', 'Tea']);

      await editItem(page, press, 'Mlik', { Name: 'milk' });
      await expectItems(page, ['3 Milk', 'Tea']);
      const snackbar = page.getByRole('status').filter({ hasText: 'Merged into Milk' });
      await expect(snackbar).toBeVisible();
      await expect.poll(async () => (await itemsViaApi(request, ada, listId)).map((i) => [i.name, i.quantity]))
        .toEqual([['Milk', 3], ['Tea', null]]);
      await page.screenshot({ path: test.info().outputPath(`merged-${width.name}.png`) });

      await press(snackbar.getByRole('button', { name: 'Undo' }));
      await expectItems(page, ['2 Milk', 'Mlik', 'Tea']);
      await expect.poll(async () => (await itemsViaApi(request, ada, listId)).map((i) => [i.name, i.quantity, i.category]))
        .toEqual([['Milk', 2, 'Dairy & eggs'], ['Mlik', null, 'Other'], ['Tea', null, 'Drinks']]);
      await expectItems(page, ['2 Milk', 'Mlik', 'Tea']);
    });

    test.describe('offline', () => {
      // The service worker serves the app shell offline (the suite blocks it elsewhere).
      test.use({ serviceWorkers: 'allow' });

      test('after an offline reopen, an edit merges and its undo puts both back, sent when the network is back', async ({ page, request }) => {
        const ada = await signUpViaApi(request, { name: 'Ada' });
        const listId = await newListViaApi(request, ada, 'Market');
        await addItemViaApi(request, ada, listId, 'Pears', { quantity: 3 });
        await addItemViaApi(request, ada, listId, 'Oranges', { quantity: 2 });
        await addItemViaApi(request, ada, listId, 'Apples', { quantity: 4 });
        await useSession(page, ada);
        await page.goto(`/list/${listId}`);
        await expectItems(page, ['4 Apples', '2 Oranges', '3 Pears']);
        await expect.poll(() => storedCount(page, ada.user.id, ['grocery', 'list', listId, 'items'])).toBe(3);
        await offlineReady(page);

        await page.context().setOffline(true);
        await page.reload();
        await expect(page.getByText(offlineText)).toBeVisible();
        await editItem(page, press, 'Oranges', { Name: 'apple' });
        await expectItems(page, ['6 Apples', '3 Pears']);
        await press(page.getByRole('status').filter({ hasText: 'Merged into Apples' }).getByRole('button', { name: 'Undo' }));
        await expectItems(page, ['4 Apples', '2 Oranges', '3 Pears']);
        await page.screenshot({ path: test.info().outputPath(`offline-undone-${width.name}.png`) });

        await page.context().setOffline(false);
        await expect(page.getByText('Synced')).toBeVisible({ timeout: 20_000 });
        await expect.poll(async () => (await itemsViaApi(request, ada, listId)).map((i) => [i.name, i.quantity]))
          .toEqual([['Apples', 4], ['Oranges', 2], ['Pears', 3]]);
        await expectItems(page, ['4 Apples', '2 Oranges', '3 Pears']);
      });
    });
  });
}
