import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createEvent } from '@hearth/contract/calendar';
import type { BodyInputOf } from '@hearth/contract/endpoint';
import * as family from '@hearth/contract/family';
import { createLocation, createLocationNote } from '@hearth/contract/locations';
import { planMeal } from '@hearth/contract/meal-plan';
import { callApi } from '../support/api.ts';
import { openCalendar } from '../support/calendar-helpers.ts';
import { superadmin } from '../support/hearth.ts';
import { addItemViaApi, newListViaApi } from '../support/grocery-helpers.ts';
import { createMealViaApi } from '../support/meals-helpers.ts';
import { signUpViaApi, useSession } from '../support/session.ts';
import { createReward } from '@hearth/contract/todos';
import { devices } from '../support/devices.ts';
import { addChildViaApi, addTaskViaApi, choreChartViaApi, newTodoListViaApi } from '../support/todos-helpers.ts';

/**
 * Every page passes axe-core's WCAG 2 A and AA rules, in the light and the dark colour scheme (issue #15). Only the
 * stylesheets read the colour scheme (no script asks for it), so a page is the same document in both: each page is
 * opened once, checked whole in the light scheme, then switched to dark and checked again by the rules that read
 * colours (the rest would answer the same twice).
 */
const colourRules = ['color-contrast', 'link-in-text-block'];

// The axe-core that AxeBuilder itself would inject, minified. AxeBuilder evaluates it anew for every analysis and
// again in a blank page it opens to merge the results: most of each check's time. Injected here once per document
// (AxeBuilder gets a no-op source) and run in the page (legacy mode: the same rules and results; it differs only
// for cross-origin frames, and the app has none), a check costs the analysis alone.
const requireFromAxeBuilder = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const axeSource = readFileSync(requireFromAxeBuilder.resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2 A and AA, or (`every`) every rule axe runs by default, best practices too (landmarks, issue 49); both schemes. */
async function expectClean(page: Page, label: string, every = false): Promise<void> {
  await expect(page.locator('main')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Loading|Verifying/ })).toHaveCount(0);
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(axeSource);
  const builder = () => new AxeBuilder({ page, axeSource: 'void 0' }).setLegacyMode();
  const found: string[] = [];
  const note = (scheme: string, violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']) => found.push(
    ...violations.map((v) => `${label} (${scheme}): ${v.id} (${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''} ${n.html.slice(0, 120)}`).slice(0, 3).join(', ')})`),
  );
  await page.emulateMedia({ colorScheme: 'light' });
  note('light', (await (every ? builder() : builder().withTags(['wcag2a', 'wcag2aa'])).analyze()).violations);
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")).toBe(true);
  note('dark', (await builder().withRules(colourRules).analyze()).violations);
  await page.emulateMedia({ colorScheme: 'light' });
  expect(found).toEqual([]);
}

async function expectNoViolations(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expectClean(page, path);
}

test('every signed-out page and the super admin console are axe-clean in both schemes', async ({ page }) => {
  test.setTimeout(120_000);
  for (const path of ['/auth', '/register', '/request-password-reset', '/reset-password?token=not-a-token',
    '/verify-email', '/verify-email?token=not-a-token', '/unsubscribe', '/unsubscribe?token=not-a-token', '/no-such-page']) {
    await expectNoViolations(page, path);
  }
  await expectNoViolations(page, '/superadmin');
  await page.getByLabel('Username').fill(superadmin.username);
  await page.getByLabel('Password').fill(superadmin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  for (const tab of ['Pending Users', 'All Users', 'Families']) {
    await page.getByRole('tab', { name: new RegExp(tab) }).click();
    await expectClean(page, `/superadmin ${tab}`);
  }
});

test('every signed-in page is axe-clean in both schemes', async ({ page, request }) => {
  test.setTimeout(120_000);
  const ada = await signUpViaApi(request, { name: 'Ada' });
  const listId = await newListViaApi(request, ada, 'Saturday');
  await addItemViaApi(request, ada, listId, 'Apples', { quantity: 6, category: 'Produce' });
  const meal = await createMealViaApi(request, ada, { name: 'Soup', ingredients: [{ name: 'Leeks', quantity: 2, unit: null }] });
  const today = new Date().toISOString().slice(0, 10);
  await callApi(request, createEvent, {
    token: ada.token, body: { title: 'Swim', startTime: `${today}T17:00:00`, endTime: `${today}T18:00:00` },
  });
  // A place with notes: its card shows the count and the personal share.
  const place = await callApi(request, createLocation, { token: ada.token, body: { name: 'Café Crème' } });
  await callApi(request, createLocationNote, { token: ada.token, body: { locationId: place.id, note: 'Quiet', isPersonal: true } });

  await useSession(page, ada);
  for (const path of ['/', '/lists', `/list/${listId}`, '/recurring-items', '/meals', `/meals/${meal.id}`, '/family',
    '/calendar', '/locations', '/ai-meal-planner', '/notifications/settings', '/no-such-page']) {
    await expectNoViolations(page, path);
  }
});

// Issue 49: every calendar view, at a phone's width with touch and at a desk's, in both schemes, passes every rule.
for (const device of [
  { width: 390, use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }, week: '3 Days' },
  { width: 1280, use: { viewport: { width: 1280, height: 800 } }, week: 'Week' },
]) {
  test.describe(`at ${device.width} px`, () => {
    test.use(device.use);
    test('every calendar view is axe-clean in both schemes', async ({ page, request }) => {
      test.setTimeout(120_000);
      const ada = await signUpViaApi(request, { name: 'Ada' });
      const [member] = await callApi(request, family.listMembers, { token: ada.token });
      const event = (title: string, start: string, end: string, more: Partial<BodyInputOf<typeof createEvent>> = {}) =>
        callApi(request, createEvent, { token: ada.token, body: { title, startTime: start, endTime: end, ...more } });
      await event('Swim', '2026-03-04T17:00', '2026-03-04T18:00', { attendeeIds: [member!.id], location: 'Pool', address: '1 Pool Rd' });
      await event('Choir', '2026-03-02T18:00', '2026-03-02T19:00', { recurringPattern: 'WEEKLY' });
      await event('Soup', '2026-03-05T18:00', '2026-03-05T19:00', { isMeal: true });
      await event('Trip', '2026-03-09T00:00', '2026-03-10T00:00', { allDay: true });
      await openCalendar(page, ada);
      for (const view of ['List', 'Month', device.week, 'Day']) {
        await page.getByRole('tab', { name: `${view} view` }).click();
        await expect(page.getByRole('tab', { name: `${view} view` })).toHaveAttribute('aria-selected', 'true');
        await expectClean(page, `${device.width} ${view}`, true);
        for (const colorScheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme });
          await page.screenshot({ path: test.info().outputPath(`calendar-${view}-${device.width}-${colorScheme}.png`), fullPage: true });
        }
        await page.emulateMedia({ colorScheme: 'light' });
      }
    });

    // Issue 51: the week planner, with a planned meal and the recipes' panel.
    test('the week planner is axe-clean in both schemes', async ({ page, request }) => {
      const ada = await signUpViaApi(request, { name: 'Ada' });
      const soup = await createMealViaApi(request, ada, { name: 'Soup', servings: 2, ingredients: [{ name: 'Leeks', quantity: 2, unit: null }] });
      await callApi(request, planMeal, { token: ada.token, body: { recipeId: soup.id, date: new Date().toISOString().slice(0, 10), mealType: 'DINNER' } });
      await useSession(page, ada);
      await page.goto('/meals/plan');
      await expect(page.getByRole('article', { name: 'Soup' }).first()).toBeVisible({ timeout: 30_000 });
      await expectClean(page, `${device.width} planner`, true);
    });
  });
}

// Issue 52: the to-do pages with lists, tasks (overdue, repeating, a chore done), the chart and rewards, at both widths.
for (const device of devices) {
  test.describe(`to-dos at ${device.width} px`, () => {
    test.use(device.use);
    test('the to-do pages are axe-clean in both schemes', async ({ page, request }) => {
      test.setTimeout(180_000);
      const ada = await signUpViaApi(request, { name: 'Ada' });
      const mia = await addChildViaApi(request, ada, 'Mia');
      const listId = await newTodoListViaApi(request, ada, 'Chores');
      const { today } = await choreChartViaApi(request, ada);
      const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      await addTaskViaApi(request, ada, { listId, title: 'Feed the cat', assigneeId: mia.id, stars: 3, dueDate: today, repeat: { frequency: 'WEEKLY', weekdays: [1, 4] } });
      await addTaskViaApi(request, ada, { listId, title: 'Post the letter', dueDate: yesterday, dueTime: '09:00', notes: 'Blue envelope' });
      await addTaskViaApi(request, ada, { listId, title: 'Tidy room', assigneeId: mia.id, stars: 2 });
      await callApi(request, createReward, { token: ada.token, body: { memberId: mia.id, title: 'Movie night', goalStars: 10 } });
      await useSession(page, ada);
      for (const path of ['/todos', `/todos/list/${listId}`, '/todos/mine', '/todos/everyone', '/chores', '/rewards', '/']) {
        await expectNoViolations(page, path);
      }
      // With reduced motion the "+2 ★" celebration stands still and whole: axe checks it as shown, not at a moment of
      // its fade (a measure of its colours half-faded failed now and then).
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/chores');
      await page.locator('[data-member="Mia"]').getByRole('button', { name: /^Tidy room/ }).click();
      await expect(page.locator('[data-member="Mia"]').getByRole('button', { name: /^Tidy room/ })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.locator('.celebrate')).toBeVisible();
      await expectClean(page, `${device.width} chart with a chore done`);
    });
  });
}
