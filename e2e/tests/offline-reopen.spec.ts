import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import * as grocery from '@hearth/contract/grocery';
import { callApi } from '../support/api.ts';
import { addItemInForm, addItemViaApi, expectItems, itemsViaApi, newListViaApi } from '../support/grocery-helpers.ts';
import { moveUp, offlineReady, offlineText, storedCount } from '../support/offline-helpers.ts';
import { devices, pressFor } from '../support/devices.ts';
import { signUpViaApi, useSession, type ApiSession } from '../support/session.ts';

/**
 * Every change that works offline, made after the app was opened again with no network (issue 48: the first
 * check-off after an offline reload blanked the list). The page then shows only its stored copy, and the opened
 * page's queries were asked for before that copy was read.
 */

const groceries = [
  'Apples', 'Bananas', 'Bread', 'Butter', 'Carrots', 'Cheese', 'Chicken', 'Coffee', 'Eggs', 'Flour', 'Milk', 'Onions',
  'Pasta', 'Potatoes', 'Rice', 'Spinach', 'Sugar', 'Tomatoes', 'Yogurt',
];
/** The open items once every change below is made: Honey added, Bananas moved up, Bread renamed, Eggs bought, Rice deleted. */
const openAfter = [
  'Honey', 'Bananas', 'Apples', 'Sourdough bread', 'Butter', 'Carrots', 'Cheese', 'Chicken', 'Coffee', 'Flour', 'Milk',
  'Onions', 'Pasta', 'Potatoes', 'Spinach', 'Sugar', 'Tomatoes', 'Yogurt',
];
const without = (names: string[], name: string) => names.filter((n) => n !== name);
/** Each comment's text with its replies' texts, as the page and the server list them. */
const commentsAfter = [['Anything else?', 'Honey, please'], ['Rice was sold out']];
/** Toggle, its undo, toggle, add, edit, delete, reorder, reply, comment. */
const itemAndCommentChanges = 9;

/** A family's 19-item list with one comment, made through the API. */
async function supermarketList(request: APIRequestContext, ada: ApiSession): Promise<string> {
  const listId = await newListViaApi(request, ada, 'Supermarket');
  // Each add goes on top: added last to first, they read in order.
  for (const name of [...groceries].reverse()) await addItemViaApi(request, ada, listId, name);
  await callApi(request, grocery.addComment, {
    token: ada.token, body: { listId, familyId: ada.user.familyId ?? undefined, text: 'Anything else?', parentId: null },
  });
  return listId;
}

/** The web app's query keys of a list's items and comments, as its stored copy names them. */
const itemsKey = (listId: string) => ['grocery', 'list', listId, 'items'];
const commentsKey = (listId: string) => ['grocery-comments', 'list', listId];

/** Online: the list shown, and its items and comments in the stored copy, so it opens again offline. */
async function seenOnline(page: Page, ada: ApiSession, listId: string, counts: { items: number; comments: number }): Promise<void> {
  await page.goto(`/list/${listId}`);
  await expect(page.locator('[data-testid="grocery-item"] .item-name')).toHaveCount(counts.items);
  await expect.poll(() => storedCount(page, ada.user.id, itemsKey(listId))).toBe(counts.items);
  await expect.poll(() => storedCount(page, ada.user.id, commentsKey(listId))).toBe(counts.comments);
}

const commentTexts = (page: Page) => page.locator('.discussion .comment-text');

/**
 * Checks off, undoes, adds, edits, deletes (and undoes a delete), reorders, replies and comments, each time
 * expecting every other item still shown. `afterFirstTap` runs once the first item is checked off.
 */
async function changeEverything(page: Page, tap: (target: Locator) => Promise<void>, afterFirstTap?: () => Promise<unknown>) {
  await expectItems(page, groceries);
  await tap(page.getByLabel('Purchased: Milk'));
  await expectItems(page, without(groceries, 'Milk'));
  await afterFirstTap?.();
  await tap(page.locator('.snackbar').getByRole('button', { name: 'Undo' }));
  await expectItems(page, groceries);

  await tap(page.getByLabel('Purchased: Eggs'));
  await expectItems(page, without(groceries, 'Eggs'));
  await page.getByLabel('Show Purchased Items').check();
  await expect(page.getByRole('region', { name: 'Purchased (1)' }).locator('.item-name')).toHaveText(['Eggs']);
  await page.getByLabel('Show Purchased Items').uncheck();

  await addItemInForm(page, { name: 'Honey' });
  await expectItems(page, ['Honey', ...without(groceries, 'Eggs')]);

  await tap(page.getByRole('button', { name: 'Edit Bread', exact: true }));
  const editor = page.getByRole('dialog', { name: 'Edit item' });
  await editor.getByLabel('Name').fill('Sourdough bread');
  await tap(editor.getByRole('button', { name: 'Save' }));
  const edited = ['Honey', ...without(groceries, 'Eggs')].map((n) => (n === 'Bread' ? 'Sourdough bread' : n));
  await expectItems(page, edited);

  // Rice's delete is sent once a newer undo offer (Sugar's) replaces its own; Sugar's is taken back.
  await tap(page.getByRole('button', { name: 'Delete Rice' }));
  await expectItems(page, without(edited, 'Rice'));
  await tap(page.getByRole('button', { name: 'Delete Sugar' }));
  await expectItems(page, without(without(edited, 'Rice'), 'Sugar'));
  await tap(page.locator('.snackbar').getByRole('button', { name: 'Undo' }));
  await expectItems(page, without(edited, 'Rice'));

  await moveUp(page, 'Bananas', 1);
  await expectItems(page, openAfter);

  await expect(commentTexts(page)).toHaveText(['Anything else?']);
  await tap(page.locator('.discussion').getByRole('button', { name: 'Reply' }));
  await page.getByLabel('Reply', { exact: true }).fill('Honey, please');
  await tap(page.getByRole('button', { name: 'Send Reply' }));
  await page.getByLabel('New comment').fill('Rice was sold out');
  await tap(page.getByRole('button', { name: 'Post' }));
  await expect(commentTexts(page)).toHaveText(commentsAfter.flat());
  await expectItems(page, openAfter);
}

/** Back online: the page says it synced, and the server holds every change once. */
async function syncedToServer(page: Page, request: APIRequestContext, ada: ApiSession, listId: string): Promise<void> {
  await page.context().setOffline(false);
  await expect(page.getByText('Synced')).toBeVisible({ timeout: 20_000 });
  const items = await itemsViaApi(request, ada, listId);
  expect(items.filter((i) => !i.isPurchased).map((i) => i.name)).toEqual(openAfter);
  expect(items.filter((i) => i.isPurchased).map((i) => i.name)).toEqual(['Eggs']);
  const comments = await callApi(request, grocery.getComments, { token: ada.token, params: { listId } });
  expect(comments.map((c) => [c.text, ...c.replies.map((r) => r.text)])).toEqual(commentsAfter);
}

for (const device of devices) {
  test.describe(`at ${device.width} px`, () => {
    // The service worker serves the app shell offline (the suite blocks it elsewhere).
    test.use({ serviceWorkers: 'allow', ...device.use });
    const tap = pressFor(device);

    test('after an offline reload, every change keeps the rest of the list and reaches the server when back', async ({ page, request }) => {
      const ada = await signUpViaApi(request, { name: 'Ada' });
      const listId = await supermarketList(request, ada);
      await useSession(page, ada);
      await seenOnline(page, ada, listId, { items: groceries.length, comments: 1 });
      await offlineReady(page);

      await page.context().setOffline(true);
      await page.reload();
      await expect(page.getByText(offlineText)).toBeVisible();
      await changeEverything(page, tap, () => page.screenshot({
        path: test.info().outputPath(`offline-reopen-check-off-${device.width}.png`), fullPage: true,
      }));
      await expect(page.getByText(`${itemAndCommentChanges} changes waiting`)).toBeVisible();

      await syncedToServer(page, request, ada, listId);
      await expectItems(page, openAfter);
    });

    test('closed offline and opened on another list first: the list and the lists page keep everything', async ({ page, request }) => {
      const ada = await signUpViaApi(request, { name: 'Ada' });
      const listId = await supermarketList(request, ada);
      const pharmacyId = await newListViaApi(request, ada, 'Pharmacy');
      await addItemViaApi(request, ada, pharmacyId, 'Plasters');
      await useSession(page, ada);
      await seenOnline(page, ada, listId, { items: groceries.length, comments: 1 });
      await seenOnline(page, ada, pharmacyId, { items: 1, comments: 0 });
      await offlineReady(page);

      const context = page.context();
      await context.setOffline(true);
      await page.close();
      const reopened = await context.newPage();
      await reopened.goto(`/list/${pharmacyId}`);
      await expectItems(reopened, ['Plasters']);
      await tap(reopened.getByRole('button', { name: 'Back to Lists' }));
      await tap(reopened.getByRole('button', { name: 'Supermarket' }));
      await changeEverything(reopened, tap);

      await tap(reopened.getByRole('button', { name: 'Back to Lists' }));
      const lists = reopened.getByRole('navigation', { name: 'Grocery lists' }).getByRole('button');
      await expect(lists).toHaveText(['Supermarket', 'Pharmacy']);
      await reopened.getByLabel('New list name').fill('Hardware');
      await tap(reopened.getByRole('button', { name: 'Create List' }));
      await expect(lists).toHaveText(['Supermarket', 'Pharmacy', 'Hardware']);
      await expect(reopened.getByText(`${itemAndCommentChanges + 1} changes waiting`)).toBeVisible();

      await syncedToServer(reopened, request, ada, listId);
      const onServer = await callApi(request, grocery.getLists, { token: ada.token, params: { familyId: ada.user.familyId ?? '' } });
      expect(onServer.map((l) => l.title)).toEqual(['Supermarket', 'Pharmacy', 'Hardware']);
      await expect(lists).toHaveText(['Supermarket', 'Pharmacy', 'Hardware']);
    });

    test('what was added offline is changed offline, purchased items are cleared, and a second reopen on another list keeps it all', async ({ page, request }) => {
      const ada = await signUpViaApi(request, { name: 'Ada' });
      const listId = await supermarketList(request, ada);
      const pharmacyId = await newListViaApi(request, ada, 'Pharmacy');
      await useSession(page, ada);
      await seenOnline(page, ada, listId, { items: groceries.length, comments: 1 });
      await seenOnline(page, ada, pharmacyId, { items: 0, comments: 0 });
      await page.goto(`/list/${listId}`);
      await expectItems(page, groceries);
      await offlineReady(page);

      await page.context().setOffline(true);
      await page.reload();
      await expect(page.getByText(offlineText)).toBeVisible();
      // An item added offline: checked off, back from Purchased, edited; another added and deleted.
      await addItemInForm(page, { name: 'Honey' });
      await addItemInForm(page, { name: 'Jam' });
      await expectItems(page, ['Jam', 'Honey', ...groceries]);
      await tap(page.getByLabel('Purchased: Honey'));
      await expectItems(page, ['Jam', ...groceries]);
      await page.getByLabel('Show Purchased Items').check();
      const purchased = (n: number) => page.getByRole('region', { name: `Purchased (${n})` });
      await tap(purchased(1).getByLabel('Purchased: Honey'));
      await expectItems(page, ['Jam', 'Honey', ...groceries]);
      await tap(page.getByRole('button', { name: 'Edit Honey', exact: true }));
      const editor = page.getByRole('dialog', { name: 'Edit item' });
      await editor.getByLabel('Qty').fill('2');
      await editor.getByLabel('Unit').fill('jars');
      await tap(editor.getByRole('button', { name: 'Save' }));
      // A row's name shows its quantity and unit first.
      const honey = '2 jars Honey';
      await expectItems(page, ['Jam', honey, ...groceries]);
      await tap(page.getByRole('button', { name: 'Delete Jam' }));
      await expectItems(page, [honey, ...groceries]);
      // Two checked off and cleared, one of them from before the reload.
      await tap(page.getByLabel('Purchased: Apples'));
      await tap(page.getByLabel('Purchased: Bread'));
      await expect(purchased(2).locator('.item-name')).toHaveText(['Apples', 'Bread']);
      await tap(purchased(2).getByRole('button', { name: 'Clear purchased' }));
      await tap(page.getByRole('dialog').getByRole('button', { name: 'Delete' }));
      await expect(page.getByRole('region', { name: 'Purchased (0)' })).toBeVisible();
      const stillOpen = without(without(groceries, 'Apples'), 'Bread');
      const open = [honey, ...stillOpen];
      await expectItems(page, open);
      await page.getByLabel('New comment').fill('Back in ten');
      await tap(page.getByRole('button', { name: 'Post' }));
      await expect(commentTexts(page)).toHaveText(['Anything else?', 'Back in ten']);
      // Add, add, toggle, toggle back, edit, delete, toggle, toggle, clear, comment.
      const waiting = 10;
      await expect(page.getByText(`${waiting} changes waiting`)).toBeVisible();

      // Closed, and opened again offline on the other list first.
      const context = page.context();
      await page.close();
      const reopened = await context.newPage();
      await reopened.goto(`/list/${pharmacyId}`);
      await expect(reopened.getByText('No items to show.')).toBeVisible();
      await tap(reopened.getByRole('button', { name: 'Back to Lists' }));
      await tap(reopened.getByRole('button', { name: 'Supermarket' }));
      await expectItems(reopened, open);
      await expect(commentTexts(reopened)).toHaveText(['Anything else?', 'Back in ten']);
      await expect(reopened.getByText(`${waiting} changes waiting`)).toBeVisible();
      // And changed again there.
      await tap(reopened.getByLabel('Purchased: Honey'));
      await expectItems(reopened, stillOpen);

      await context.setOffline(false);
      await expect(reopened.getByText('Synced')).toBeVisible({ timeout: 20_000 });
      const items = await itemsViaApi(request, ada, listId);
      expect(items.filter((i) => !i.isPurchased).map((i) => i.name)).toEqual(stillOpen);
      expect(items.filter((i) => i.isPurchased).map((i) => [i.name, i.quantity, i.unit])).toEqual([['Honey', 2, 'jars']]);
      const comments = await callApi(request, grocery.getComments, { token: ada.token, params: { listId } });
      expect(comments.map((c) => c.text)).toEqual(['Anything else?', 'Back in ten']);
      await expectItems(reopened, stillOpen);
    });
  });
}
