import { expect, test } from '@playwright/test';
import * as todos from '@hearth/contract/todos';
import { callApi } from '../support/api.ts';
import { devices, pressFor } from '../support/devices.ts';
import { joinFamilyViaApi } from '../support/family-helpers.ts';
import { moveUp } from '../support/offline-helpers.ts';
import { signUpViaApi, useSession } from '../support/session.ts';
import {
  addChildViaApi, addTaskViaApi, choreChartViaApi, listTasksViaApi, newTodoListViaApi, taskRow, taskRows,
} from '../support/todos-helpers.ts';

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

for (const device of devices) {
  test.describe(`at ${device.width} px`, () => {
    test.use(device.use);
    const press = pressFor(device);
    // A machine shared with other runs can take a while to sign up several people.
    test.describe.configure({ timeout: 150_000 });

    test('create a list, add a task for a child repeating weekly, check off with undo, reorder, show done', async ({ page, request }) => {
      const ada = await signUpViaApi(request, { name: 'Ada' });
      await addChildViaApi(request, ada, 'Mia');
      const { today } = await choreChartViaApi(request, ada);
      await useSession(page, ada);
      await page.goto('/todos');
      await expect(page.getByRole('heading', { name: 'To-do Lists' })).toBeVisible();
      await page.getByRole('button', { name: 'Create List' }).click();
      await expect(page.getByText(todos.todoMessages.listTitleRequired)).toBeVisible();
      await page.getByLabel('New list name').fill('Weekend jobs');
      await page.getByRole('button', { name: 'Create List' }).click();
      await expect(page).toHaveURL(/\/todos\/list\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { name: 'Weekend jobs' })).toBeVisible();
      const listId = page.url().split('/').pop() ?? '';

      // A weekly task for Mia, due today.
      const form = page.getByRole('form', { name: 'Add Task' });
      await form.getByRole('button', { name: 'Details' }).click();
      await form.getByPlaceholder(/Add a task/).fill('Water plants');
      await form.getByLabel('Who').selectOption({ label: 'Mia' });
      await form.getByLabel('Repeat').selectOption('WEEKLY');
      await form.getByRole('button', { name: 'Add Task' }).click();
      await expect(form.getByText(todos.todoMessages.repeatNeedsDate)).toBeVisible();
      await form.getByLabel('Due date', { exact: true }).fill(today);
      await form.getByRole('button', { name: 'Add Task' }).click();
      const plants = taskRow(page, 'Water plants');
      await expect(plants).toContainText('Mia');
      await expect(plants).toContainText('↻ Weekly');
      await expect(plants).toContainText('Today');
      // A plain task, added on top.
      await form.getByPlaceholder(/Add a task/).fill('Sweep the porch');
      await form.getByRole('button', { name: 'Add Task' }).click();
      await expect(taskRows(page).locator('.task-title')).toHaveText(['Sweep the porch', 'Water plants']);

      // Checked off, then undone: back on the list, open on the server.
      await press(page.getByLabel('Done: Sweep the porch'));
      await expect(taskRows(page).locator('.task-title')).toHaveText(['Water plants']);
      await expect(page.locator('.snackbar')).toContainText('Checked off Sweep the porch');
      await page.locator('.snackbar').getByRole('button', { name: 'Undo' }).click();
      await expect(taskRows(page).locator('.task-title')).toHaveText(['Sweep the porch', 'Water plants']);
      await expect.poll(async () => (await listTasksViaApi(request, ada, listId)).find((x) => x.title === 'Sweep the porch')?.isDone).toBe(false);

      // The repeating one moves to next week.
      await press(page.getByLabel('Done: Water plants'));
      await expect.poll(async () => (await listTasksViaApi(request, ada, listId)).find((x) => x.title === 'Water plants')?.dueDate)
        .toBe(addDays(today, 7));
      await expect(plants).not.toContainText('Today');

      // Keyboard reorder (dnd-kit, as grocery), kept after a reload.
      await moveUp(page, 'Water plants', 1);
      await expect(taskRows(page).locator('.task-title')).toHaveText(['Water plants', 'Sweep the porch']);
      await page.reload();
      await expect(taskRows(page).locator('.task-title')).toHaveText(['Water plants', 'Sweep the porch']);

      // Done, then shown under "Show done".
      await press(page.getByLabel('Done: Sweep the porch'));
      await expect(taskRows(page).locator('.task-title')).toHaveText(['Water plants']);
      await page.getByLabel('Show done').check();
      await expect(page.getByRole('region', { name: 'Done (1)' }).locator('.task-title')).toHaveText(['Sweep the porch']);
    });

    test('the chore chart tapped on a child\'s row, with undo, then her reward redeemed', async ({ page, request }) => {
      const ada = await signUpViaApi(request, { name: 'Ada' });
      const mia = await addChildViaApi(request, ada, 'Mia');
      const listId = await newTodoListViaApi(request, ada, 'Chores');
      const { today } = await choreChartViaApi(request, ada);
      await addTaskViaApi(request, ada, { listId, title: 'Feed the cat', assigneeId: mia.id, stars: 3, dueDate: today, repeat: { frequency: 'DAILY' } });
      await addTaskViaApi(request, ada, { listId, title: 'Post the letter', dueDate: addDays(today, -1) });
      await callApi(request, todos.createReward, { token: ada.token, body: { memberId: mia.id, title: 'Movie night', goalStars: 3 } });
      await useSession(page, ada);

      // The newsfeed lists today's and overdue tasks per member.
      await page.goto('/');
      const feedTasks = page.getByRole('region', { name: 'Today\'s Tasks' });
      await expect(feedTasks.getByRole('list', { name: 'Mia' })).toContainText('Feed the cat', { timeout: 30_000 });
      await expect(feedTasks.getByRole('list', { name: 'Anyone' })).toContainText('Post the letter');
      await expect(feedTasks.getByRole('list', { name: 'Anyone' })).toContainText('Overdue');

      await page.goto('/chores');
      const row = page.locator('[data-testid="chart-row"][data-member="Mia"]');
      // A daily chore: today's cell.
      const cell = row.locator('td.today').getByRole('button', { name: /^Feed the cat for Mia/ });
      await expect(cell).toBeVisible();
      const box = await cell.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(48);
      await press(cell);
      await expect(cell).toHaveAttribute('aria-pressed', 'true');
      await expect(row.locator('.celebrate')).toContainText('+3 ★');
      await expect(row).toContainText('3 ★ this week');
      await page.locator('.snackbar').getByRole('button', { name: 'Undo' }).click();
      await expect(cell).toHaveAttribute('aria-pressed', 'false');
      await expect(row).toContainText('0 ★ this week');
      await press(cell);
      await expect(cell).toHaveAttribute('aria-pressed', 'true');
      await expect.poll(async () => (await choreChartViaApi(request, ada)).members.find((m) => m.name === 'Mia')?.starsThisWeek).toBe(3);

      await page.goto('/rewards');
      const bar = page.getByRole('progressbar', { name: 'Movie night for Mia' });
      await expect(bar).toHaveAttribute('aria-valuenow', '3');
      await page.getByRole('button', { name: 'Redeem Movie night for Mia' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Redeem' }).click();
      await expect(page.getByText('Redeemed Movie night')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Redeemed' })).toContainText('Movie night');
      await expect(bar).toHaveAttribute('aria-valuenow', '0');
      await expect(page.getByRole('button', { name: 'Redeem Movie night for Mia' })).toBeDisabled();
    });
  });
}

test('a read-only member sees tasks, the chart and rewards without any control to change them', async ({ page, request }) => {
  test.setTimeout(150_000);
  const ada = await signUpViaApi(request, { name: 'Ada' });
  const mia = await addChildViaApi(request, ada, 'Mia');
  const listId = await newTodoListViaApi(request, ada, 'Chores');
  const { today } = await choreChartViaApi(request, ada);
  await addTaskViaApi(request, ada, { listId, title: 'Feed the cat', assigneeId: mia.id, stars: 2, dueDate: today });
  await callApi(request, todos.createReward, { token: ada.token, body: { memberId: mia.id, title: 'Movie night', goalStars: 2 } });
  const reader = await joinFamilyViaApi(request, ada, { name: 'Gran', level: 'READ_ONLY' });
  await useSession(page, reader);

  await page.goto(`/todos/list/${listId}`);
  await expect(taskRow(page, 'Feed the cat')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Add Task' })).toHaveCount(0);
  await expect(page.getByLabel('Done: Feed the cat')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Drag|Edit|Delete/ })).toHaveCount(0);
  await page.goto('/todos');
  await expect(page.getByRole('link', { name: 'Chores' }).first()).toBeVisible();
  await expect(page.getByRole('form', { name: 'New to-do list' })).toHaveCount(0);

  await page.goto('/chores');
  const row = page.locator('[data-testid="chart-row"][data-member="Mia"]');
  await expect(row).toContainText('Feed the cat');
  await expect(row.getByRole('button')).toHaveCount(0);

  await page.goto('/rewards');
  await expect(page.getByRole('progressbar', { name: 'Movie night for Mia' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Redeem/ })).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'New reward' })).toHaveCount(0);
});
