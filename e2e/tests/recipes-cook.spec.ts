import { expect, test, type Page } from '@playwright/test';
import * as meals from '@hearth/contract/meals';
import { aiTexts as t } from '../../web/src/features/ai-planner/texts.ts';
import { mealMessages as m } from '../../web/src/features/meals/texts.ts';
import { callApi } from '../support/api.ts';
import { itemsViaApi } from '../support/grocery-helpers.ts';
import { createListViaApi, createMealViaApi } from '../support/meals-helpers.ts';
import { signUpViaApi, useSession, type ApiSession } from '../support/session.ts';

/** Issue 48, "Recipes that read like a cook" and "An AI planner that listens", on a phone and on a desktop. */
const widths = [
  { name: 'phone', use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
  { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
] as const;

const shot = (page: Page, name: string, width: string) =>
  page.screenshot({ path: new URL(`../../.tmp/screens/recipes-cook-${name}-${width}.png`, import.meta.url).pathname, fullPage: true });

const mealsOf = (request: Parameters<typeof signUpViaApi>[0], s: ApiSession) =>
  callApi(request, meals.listMeals, { token: s.token, params: { familyId: s.user.familyId! } });

for (const width of widths) {
  test.describe(width.name, () => {
    test.use(width.use);

    test('an ingredient typed or pasted as a phrase fills quantity, unit and name, and a tag is created while tagging', async ({ page, request }) => {
      const cook = await signUpViaApi(request, { name: 'Cook' });
      await useSession(page, cook);
      await page.goto('/meals');
      await page.getByRole('button', { name: m.addMeal }).click();
      const form = page.getByRole('form', { name: 'Add meal' });
      await form.getByLabel('Name', { exact: true }).fill('Chicken Tacos');
      const name1 = form.getByLabel('Ingredient 1 name');
      await name1.click();
      await name1.fill('2 lbs chicken thighs');
      await form.getByLabel('Ingredient 1 quantity').click();
      await expect(name1).toHaveValue('chicken thighs');
      await expect(form.getByLabel('Ingredient 1 quantity')).toHaveValue('2');
      await expect(form.getByLabel('Ingredient 1 unit')).toHaveValue('lbs');
      // Corrected by hand, and left as corrected.
      await form.getByLabel('Ingredient 1 unit').fill('lb');

      await form.getByRole('button', { name: '+ Add Ingredient' }).click();
      const name2 = form.getByLabel('Ingredient 2 name');
      await name2.focus();
      // A paste of three lines, as from a recipe page (the e2e project has no DOM types, so the script is text).
      await page.evaluate(`(() => {
        const data = new DataTransfer();
        data.setData('text', '1 1/2 cups sour cream\\n½ tsp salt\\n2 (14 oz) cans tomatoes');
        document.activeElement.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      })()`);
      await expect(form.getByLabel('Ingredient 2 name')).toHaveValue('sour cream');
      await expect(form.getByLabel('Ingredient 2 quantity')).toHaveValue('1½');
      await expect(form.getByLabel('Ingredient 3 name')).toHaveValue('salt');
      await expect(form.getByLabel('Ingredient 3 quantity')).toHaveValue('½');
      await expect(form.getByLabel('Ingredient 4 name')).toHaveValue('tomatoes (14 oz)');
      await expect(form.getByLabel('Ingredient 4 unit')).toHaveValue('cans');

      await form.getByLabel(m.addTag).fill('Weeknight');
      await form.getByLabel(m.addTag).press('Enter');
      await expect(form.getByRole('button', { name: m.removeTag('Weeknight') })).toBeVisible();
      await shot(page, 'form', width.name);
      await form.getByRole('button', { name: 'Save Meal' }).click();
      await expect(form).toBeHidden();

      const [saved] = await mealsOf(request, cook);
      expect(saved!.ingredients.map((i) => [i.quantity, i.unit, i.name])).toEqual([
        [2, 'lb', 'chicken thighs'], [1.5, 'cups', 'sour cream'], [0.5, 'tsp', 'salt'], [2, 'cans', 'tomatoes (14 oz)'],
      ]);
      expect(saved!.tags).toEqual(['Weeknight']);
      await expect(page.getByRole('link', { name: /Chicken Tacos/ }).getByText('Weeknight')).toBeVisible();
    });

    test('the meals page searches names and ingredients without regard to case or accents, and filters by tag', async ({ page, request }) => {
      const cook = await signUpViaApi(request, { name: 'Cook' });
      await createMealViaApi(request, cook, { name: 'Crème Brûlée', ingredients: [{ name: 'Heavy cream' }], tags: ['Dessert'] });
      await createMealViaApi(request, cook, { name: 'Chicken Tacos', ingredients: [{ name: 'Jalapeño' }], tags: ['Weeknight'] });
      await createMealViaApi(request, cook, { name: 'Pancakes', ingredients: [{ name: 'Flour' }], tags: ['Weeknight', 'Breakfast'] });
      await useSession(page, cook);
      await page.goto('/meals');
      const cards = page.getByRole('list', { name: 'Meals' }).getByRole('link');
      await expect(cards).toHaveCount(3);

      const search = page.getByRole('searchbox', { name: m.searchLabel });
      await search.fill('CREME');
      await expect(cards).toHaveCount(1);
      await expect(cards.first()).toContainText('Crème Brûlée');
      await search.fill('jalapeno');
      await expect(cards).toHaveCount(1);
      await expect(cards.first()).toContainText('Chicken Tacos');
      await search.fill('nothing like it');
      await expect(page.getByText(m.noMatch('nothing like it'))).toBeVisible();
      await search.fill('');

      const tags = page.getByRole('group', { name: m.filterByTag });
      await tags.getByRole('button', { name: 'Weeknight' }).click();
      await expect(tags.getByRole('button', { name: 'Weeknight' })).toHaveAttribute('aria-pressed', 'true');
      await expect(cards).toHaveCount(2);
      await search.fill('flour');
      await expect(cards).toHaveCount(1);
      await expect(cards.first()).toContainText('Pancakes');
      await shot(page, 'search', width.name);
      await tags.getByRole('button', { name: 'Weeknight' }).click();
      await search.fill('');
      await expect(cards).toHaveCount(3);
    });

    test('an AI idea listens to every wish, says what it gave up, and adds its ingredients to a list without saving it', async ({ page, request }) => {
      const cook = await signUpViaApi(request, { name: 'Cook' });
      const list = await createListViaApi(request, cook, 'Weekly Shop');
      await useSession(page, cook);
      await page.goto('/ai-meal-planner');
      await page.getByLabel(t.protein).selectOption({ label: 'Chicken' });
      await page.getByLabel(t.time).selectOption({ label: '20-60 min' });
      await page.getByLabel(t.cuisine).selectOption({ label: 'Mexican' });
      await page.getByLabel(t.spice).selectOption({ label: 'Mild' });
      await page.getByLabel(t.kidFriendly).check();
      await page.getByRole('button', { name: t.generate }).click();

      const cards = page.getByRole('article');
      await expect(cards).toHaveCount(3);
      for (const name of ['Chicken Noodle Soup', 'Chicken Piccata', 'Chicken Tikka Skewers with Mint Raita']) {
        await expect(page.getByRole('article', { name })).toHaveCount(0);
      }
      await expect(page.getByTestId('ai-notice'))
        .toHaveText('Only 2 mild, kid-friendly Mexican chicken dishes in 20–60 min — also showing other cooking times');
      const bowls = page.getByRole('article', { name: 'Chicken Burrito Bowls' });
      await expect(bowls.getByText('1½ lb boneless chicken thighs')).toBeVisible();

      await bowls.getByLabel(t.groceryList).selectOption({ label: 'Weekly Shop' });
      await bowls.getByRole('button', { name: t.addToList }).click();
      await expect(bowls.getByText(`${t.added(14)} Weekly Shop.`)).toBeVisible();
      await shot(page, 'ai', width.name);
      const items = await itemsViaApi(request, cook, list.id);
      expect(items.map((i) => i.name)).toContain('boneless chicken thighs');
      expect(items.every((i) => i.addedFromRecipeId === null)).toBe(true);
      expect(await mealsOf(request, cook)).toEqual([]);
    });

    test('a third prints as ⅓, and an alteration the catalogue cannot make says so and costs no request', async ({ page, request }) => {
      const cook = await signUpViaApi(request, { name: 'Cook' });
      await useSession(page, cook);
      await page.goto('/ai-meal-planner');
      await page.getByLabel(t.protein).selectOption({ label: 'Beef' });
      await page.getByLabel(t.time).selectOption({ label: '20-60 min' });
      await page.getByLabel(t.cuisine).selectOption({ label: 'Mexican' });
      await page.getByRole('button', { name: t.generate }).click();
      const tacos = page.getByRole('article', { name: 'Quick Ground Beef Tacos' });
      await expect(tacos.getByText('⅓ cup water')).toBeVisible();
      await expect(page.getByText('0.33')).toHaveCount(0);
      await expect(page.getByTestId('remaining')).toHaveText(t.remaining(9));

      await tacos.getByRole('button', { name: t.alter }).click();
      const dialog = page.getByRole('dialog', { name: t.alter });
      await dialog.getByLabel(t.alterLabel).fill('make it French');
      await dialog.getByRole('button', { name: t.alter }).click();
      await expect(dialog.getByText(t.alterationNotApplied, { exact: false })).toBeVisible();
      await expect(page.getByTestId('remaining')).toHaveText(t.remaining(9));
      await shot(page, 'alter', width.name);
    });
  });
}
