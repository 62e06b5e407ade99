import { expect, test, type Locator, type Page } from '@playwright/test';
import * as plan from '@hearth/contract/meal-plan';
import { planTexts as t } from '../../web/src/features/calendar/plan/texts.ts';
import { callApi } from '../support/api.ts';
import { familyDate } from '../support/calendar-helpers.ts';
import { devices } from '../support/devices.ts';
import { joinFamilyViaApi } from '../support/family-helpers.ts';
import { createListViaApi, createMealViaApi } from '../support/meals-helpers.ts';
import { signUpViaApi, useSession, type ApiSession } from '../support/session.ts';

// Issue 51. The server's clock is the real one: the tests plan next week, which is all ahead whatever today is.

/** Next week's Monday (weeks start on Monday), in the family's zone. */
function nextMonday(): string {
  const today = familyDate(0);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  return familyDate(7 - ((weekday + 6) % 7));
}
const plus = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function kitchen(request: Parameters<typeof signUpViaApi>[0]) {
  const cook = await signUpViaApi(request, { name: 'Ada' });
  const tacos = await createMealViaApi(request, cook, { name: 'Tacos', servings: 4, ingredients: [
    { name: 'Tortillas', quantity: 8, unit: null }, { name: 'Cheese', quantity: 200, unit: 'g' }, { name: 'Sour cream', quantity: 1, unit: 'cup' },
  ] });
  const chili = await createMealViaApi(request, cook, { name: 'Chili', servings: 4, ingredients: [
    { name: 'Cheese', quantity: 0.5, unit: 'kg' }, { name: 'Sour cream', quantity: 2, unit: 'tbsp' },
  ] });
  const list = await createListViaApi(request, cook, 'Weekly shop');
  return { cook, tacos, chili, list };
}

const slot = (page: Page, date: string, type: plan.MealType) => page.locator(`[data-slot="${date} ${type}"]`);

async function openNextWeek(page: Page, cook: ApiSession) {
  await useSession(page, cook);
  await page.goto('/meals/plan');
  await expect(page.getByRole('heading', { name: t.title, level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: t.nextWeek }).click();
  await expect(slot(page, nextMonday(), 'BREAKFAST')).toBeVisible();
}

/** The slot dnd-kit shows as the one under the dragged item (`date TYPE`), or null when none is. */
const overSlot = (page: Page) =>
  page.locator('.plan-slot.over').first().getAttribute('data-slot', { timeout: 1_000 }).catch(() => null);

/**
 * A pointer drag dnd-kit follows however slow the machine: press, pass the 5 px activation distance, wait until the
 * drag has started (the dragged item's class) before scrolling the page, then move to the target in steps and drop only
 * once dnd-kit shows it under, moving again (a fresh measurement) while it does not.
 */
async function dragTo(page: Page, from: Locator, to: Locator) {
  await from.scrollIntoViewIfNeeded();
  const a = (await from.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 3 });
  await expect(page.locator('.dragging')).toHaveCount(1);
  await to.scrollIntoViewIfNeeded();
  let nudge = 0;
  await expect(async () => {
    const b = (await to.boundingBox())!;
    await page.mouse.move(b.x + b.width / 2 + (nudge++ % 3), b.y + b.height / 2, { steps: 8 });
    await expect(to).toHaveClass(/over/, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await page.mouse.up();
}

/**
 * A keyboard drag: Space picks up; arrows go a day right or left, a meal down or up, until the target slot is the one
 * under; Space drops. Each arrow waits for dnd-kit to show where it led before the next is chosen, so a slow render
 * never makes the test steer by a stale slot.
 */
async function keyboardDragTo(page: Page, from: Locator, target: { date: string; type: plan.MealType }) {
  const types = ['BREAKFAST', 'LUNCH', 'DINNER'];
  const wanted = `${target.date} ${target.type}`;
  await from.focus();
  await page.keyboard.press('Space');
  await expect(page.locator('.dragging')).toHaveCount(1);
  await expect.poll(() => overSlot(page)).not.toBeNull();
  for (let i = 0; i < 30; i++) {
    const current = await overSlot(page);
    if (current === wanted) break;
    const [date = '', type = ''] = current?.split(' ') ?? [];
    await page.keyboard.press(date !== target.date ? (date < target.date ? 'ArrowRight' : 'ArrowLeft')
      : types.indexOf(type) < types.indexOf(target.type) ? 'ArrowDown' : 'ArrowUp');
    await expect.poll(() => overSlot(page), { timeout: 3_000 }).not.toBe(current).catch(() => undefined);
  }
  await expect(slot(page, target.date, target.type)).toHaveClass(/over/);
  await page.keyboard.press('Space');
}

/** A finger's drag: press, hold past the touch sensor's 200 ms delay, start moving, and once the drag has started move in steps to the target and lift there. */
async function touchDragTo(page: Page, from: Locator, to: Locator) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) => cdp.send('Input.dispatchTouchEvent', {
    type, touchPoints: type === 'touchEnd' ? [] : [{ x, y, id: 1 }],
  });
  const a = (await from.boundingBox())!;
  const [x, y] = [a.x + a.width / 2, a.y + a.height / 2];
  await touch('touchStart', x, y);
  await page.waitForTimeout(400);
  for (let i = 1; i <= 2; i++) await touch('touchMove', x, y + 4 * i);
  await expect(page.locator('.dragging')).toHaveCount(1);
  const b = (await to.boundingBox())!;
  const [dx, dy] = [b.x + b.width / 2 - x, b.y + b.height / 2 - y];
  for (let i = 1; i <= 10; i++) await touch('touchMove', x + (dx * i) / 10, y + (dy * i) / 10);
  await expect.poll(() => overSlot(page)).toBe(await to.getAttribute('data-slot'));
  await touch('touchEnd', x + dx, y + dy);
}

for (const device of devices) {
  test.describe(`at ${device.width} px`, () => {
    test.use(device.use);

    test('a recipe dragged into Tuesday dinner (pointer, then keyboard), last week copied', async ({ page, request }) => {
      // Each drag waits for the page to show every step: on a loaded machine the whole takes longer than a minute.
      test.setTimeout(120_000);
      const { cook, chili } = await kitchen(request);
      const monday = nextMonday();
      const tuesday = plus(monday, 1);
      await callApi(request, plan.planMeal, { token: cook.token, body: { recipeId: chili.id, date: plus(monday, -4), mealType: 'DINNER' } });
      await openNextWeek(page, cook);

      await dragTo(page, page.locator('.plan-chip', { hasText: 'Tacos' }), slot(page, tuesday, 'DINNER'));
      await expect(slot(page, tuesday, 'DINNER').getByRole('article', { name: 'Tacos' })).toBeVisible();

      await keyboardDragTo(page, page.locator('.plan-chip', { hasText: 'Chili' }), { date: tuesday, type: 'DINNER' });
      await expect(slot(page, tuesday, 'DINNER').getByRole('article', { name: 'Chili' })).toBeVisible();

      await page.getByRole('button', { name: t.copyLastWeek }).click();
      await expect(page.getByText(t.copied(1))).toBeVisible();
      await expect(slot(page, plus(monday, 3), 'DINNER').getByRole('article', { name: 'Chili' })).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`week-${device.width}.png`), fullPage: true });
    });

    test('shopping for the week through the review sheet puts the items on the list with their meals', async ({ page, request }) => {
      const { cook, tacos, chili, list } = await kitchen(request);
      const monday = nextMonday();
      await callApi(request, plan.planMeal, { token: cook.token, body: { recipeId: tacos.id, date: plus(monday, 1), mealType: 'DINNER', servings: 8 } });
      await callApi(request, plan.planMeal, { token: cook.token, body: { recipeId: chili.id, date: plus(monday, 3), mealType: 'DINNER' } });
      await openNextWeek(page, cook);

      await page.getByRole('button', { name: t.shop }).click();
      const sheet = page.getByRole('form', { name: t.shopTitle });
      await expect(sheet.getByText('Tacos (Tue), Chili (Thu)').first()).toBeVisible();
      await expect(sheet.locator('li', { hasText: 'Cheese' })).toContainText('0.9 kg');
      await sheet.locator('li', { hasText: 'Tortillas' }).getByRole('checkbox').uncheck();
      await page.screenshot({ path: test.info().outputPath(`shop-sheet-${device.width}.png`) });
      await sheet.getByRole('button', { name: t.shopSubmit }).click();
      await expect(page.getByText(t.shopAdded(2, 'Weekly shop'))).toBeVisible();
      await page.getByRole('dialog', { name: t.shopTitle }).getByRole('button', { name: 'Close', exact: true }).last().click();

      // Plan my week: Monday's proposal accepted, Wednesday's rejected; only Monday is planned.
      await page.getByRole('button', { name: t.planWeek }).click();
      const review = page.getByRole('dialog', { name: t.planWeekTitle });
      const proposals = review.getByRole('listitem');
      await expect(proposals).toHaveCount(5);
      await page.screenshot({ path: test.info().outputPath(`plan-my-week-${device.width}.png`) });
      const mondayName = (await proposals.first().locator('strong').textContent())!;
      await proposals.first().getByRole('button', { name: t.accept }).click();
      await expect(review.getByText(t.accepted(1))).toBeVisible();
      await expect(proposals).toHaveCount(4);
      const wednesdayName = (await proposals.first().locator('strong').textContent())!;
      await proposals.first().getByRole('button', { name: t.reject }).click();
      await expect(proposals).toHaveCount(3);
      await review.getByRole('button', { name: t.done }).click();
      await expect(slot(page, monday, 'DINNER').getByRole('article', { name: mondayName })).toBeVisible();
      await expect(slot(page, plus(monday, 2), 'DINNER').getByRole('article', { name: wednesdayName })).toHaveCount(0);
      await expect(slot(page, plus(monday, 2), 'DINNER').getByRole('article')).toHaveCount(0);

      // A slot's ideas: the first one chosen is planned there.
      await slot(page, plus(monday, 2), 'LUNCH').getByRole('button', { name: new RegExp(`^${t.ideas}:`) }).click();
      const ideas = page.getByRole('dialog', { name: /^Ideas for Lunch/ });
      await expect(ideas.getByRole('listitem').first()).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`ideas-${device.width}.png`) });
      const idea = (await ideas.getByRole('listitem').first().locator('strong').textContent())!;
      await ideas.getByRole('listitem').first().getByRole('button', { name: t.planThis }).click();
      await expect(ideas).toBeHidden();
      await expect(slot(page, plus(monday, 2), 'LUNCH').getByRole('article', { name: idea })).toBeVisible();

      await page.goto(`/list/${list.id}`);
      const cheese = page.getByTestId('grocery-item').filter({ hasText: 'Cheese' });
      await expect(cheese).toContainText('for Tacos, Chili');
      await expect(page.getByTestId('grocery-item')).toHaveCount(2);
      await page.screenshot({ path: test.info().outputPath(`list-${device.width}.png`), fullPage: true });
    });

    test('a READ_ONLY member sees the week\'s meals and none of the tools that change it', async ({ page, request }) => {
      const { cook, tacos } = await kitchen(request);
      const monday = nextMonday();
      await callApi(request, plan.planMeal, { token: cook.token, body: { recipeId: tacos.id, date: monday, mealType: 'DINNER' } });
      const reader = await joinFamilyViaApi(request, cook, { name: 'Reader', level: 'READ_ONLY' });
      await openNextWeek(page, reader);

      const dinner = slot(page, monday, 'DINNER');
      const meal = dinner.getByRole('article', { name: 'Tacos' });
      await expect(meal).toBeVisible();
      await expect(meal.locator('.plan-servings')).toContainText('4');
      for (const tool of [t.planWeek, t.shop, t.copyLastWeek, t.clearWeek]) {
        await expect(page.getByRole('button', { name: tool })).toHaveCount(0);
      }
      await expect(page.getByRole('checkbox', { name: t.copyWhenDragging })).toHaveCount(0);
      // No recipe panel to drag from, no slot's Add or Ideas, no remove or servings buttons, and nothing draggable.
      await expect(page.getByPlaceholder(t.searchRecipes)).toHaveCount(0);
      await expect(page.locator('.plan-chip')).toHaveCount(0);
      await expect(page.getByRole('button', { name: new RegExp(`^(${t.add}|${t.ideas}):`) })).toHaveCount(0);
      for (const control of [t.remove('Tacos'), 'Fewer servings of Tacos', 'More servings of Tacos']) {
        await expect(page.getByRole('button', { name: control })).toHaveCount(0);
      }
      await expect(meal.locator('.plan-meal-grip')).toHaveAttribute('aria-disabled', 'true');
      // Without the recipe panel the week takes the panel's place too: a slot is wide enough to read.
      expect((await dinner.boundingBox())!.width).toBeGreaterThan(120);
      await page.screenshot({ path: test.info().outputPath(`plan-read-only-${device.width}.png`), fullPage: true });
    });
  });
}

test.describe('at 390 px with a finger', () => {
  test.use(devices[0]!.use);

  test('a recipe held and dragged into Monday breakfast', async ({ page, request }) => {
    test.setTimeout(120_000);
    const { cook } = await kitchen(request);
    const monday = nextMonday();
    await openNextWeek(page, cook);
    // dnd-kit scrolls the page while a drag is near the screen's edges: the recipe and the slot start away from them.
    const chip = page.locator('.plan-chip', { hasText: 'Tacos' });
    await chip.evaluate((el) => el.ownerDocument.defaultView!.scrollBy(0, el.getBoundingClientRect().top - 190));
    await touchDragTo(page, chip, slot(page, monday, 'BREAKFAST'));
    await expect(slot(page, monday, 'BREAKFAST').getByRole('article', { name: 'Tacos' })).toBeVisible();

    // The planned meal held and moved to Monday lunch.
    await slot(page, monday, 'BREAKFAST').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await touchDragTo(page, slot(page, monday, 'BREAKFAST').locator('.plan-meal-grip'), slot(page, monday, 'LUNCH'));
    await expect(slot(page, monday, 'LUNCH').getByRole('article', { name: 'Tacos' })).toBeVisible();
    await expect(slot(page, monday, 'BREAKFAST').getByRole('article')).toHaveCount(0);
  });
});
