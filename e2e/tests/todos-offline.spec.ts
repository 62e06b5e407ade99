import { expect, test } from '@playwright/test';
import { devices, pressFor } from '../support/devices.ts';
import { joinFamilyViaApi } from '../support/family-helpers.ts';
import { offlineReady, offlineText, storedQueue } from '../support/offline-helpers.ts';
import { useSession, signUpViaApi } from '../support/session.ts';
import { addTaskViaApi, listTasksViaApi, newTodoListViaApi, taskRow, taskRows } from '../support/todos-helpers.ts';

// The service worker is what offline needs (the suite blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

for (const device of devices) {
  test.describe(`at ${device.width} px`, () => {
    test.use(device.use);
    // Two people signed up, and the service worker's first install, on a machine shared with other runs.
    test.describe.configure({ timeout: 150_000 });

    test('a task ticked and one added offline wait on the device, reach the server once, and another member sees them live', async ({ browser, page, request }) => {
      const ada = await signUpViaApi(request, { name: 'Ada' });
      const ben = await joinFamilyViaApi(request, ada, { name: 'Ben', level: 'EDIT' });
      const listId = await newTodoListViaApi(request, ada, 'House');
      await addTaskViaApi(request, ada, { listId, title: 'Take the bins out' });
      const benContext = await browser.newContext();
      const benPage = await benContext.newPage();
      await useSession(benPage, ben);
      await useSession(page, ada);
      const benStream = benPage.waitForResponse((r) => r.url().endsWith('/api/live'));
      await benPage.goto(`/todos/list/${listId}`);
      expect((await benStream).status()).toBe(200);
      await page.goto(`/todos/list/${listId}`);
      await expect(taskRow(page, 'Take the bins out')).toBeVisible({ timeout: 30_000 });
      await offlineReady(page);

      await page.context().setOffline(true);
      await expect(page.getByText(offlineText)).toBeVisible();
      await pressFor(device)(page.getByLabel('Done: Take the bins out'));
      await expect(taskRows(page)).toHaveCount(0);
      await page.getByPlaceholder(/Add a task/).fill('Buy stamps');
      await page.getByRole('button', { name: 'Add Task' }).click();
      await expect(taskRow(page, 'Buy stamps')).toHaveClass(/pending/);
      await expect(page.getByText('2 changes waiting')).toBeVisible();
      await expect.poll(() => storedQueue(page, ada.user.id)).toEqual(['occurrence', 'add-task']);

      await page.context().setOffline(false);
      await expect(page.getByText('Synced')).toBeVisible({ timeout: 20_000 });
      const onServer = await listTasksViaApi(request, ada, listId);
      expect(onServer.map((x) => [x.title, x.isDone])).toEqual([['Buy stamps', false], ['Take the bins out', true]]);
      await expect(taskRow(page, 'Buy stamps')).not.toHaveClass(/pending/);
      // Ben's open list follows without a reload.
      await expect(taskRows(benPage).locator('.task-title')).toHaveText(['Buy stamps']);
      await benContext.close();
    });
  });
}
