import { expect, test, type Locator } from '@playwright/test';
import { createInvite } from '@hearth/contract/family';
import { callApi } from '../support/api.ts';
import { newListViaApi } from '../support/grocery-helpers.ts';
import { waitForMail } from '../support/hearth.ts';
import { createMealViaApi } from '../support/meals-helpers.ts';
import { signUpViaApi, useSession } from '../support/session.ts';

test('a signed-out visit to a shared list returns to that list after signing in', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  const listId = await newListViaApi(request, ada, 'Costco');
  await page.goto(`/list/${listId}`);
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText('Not authenticated')).toBeVisible();
  const login = page.getByRole('form', { name: 'Password Login' });
  await login.getByLabel('Email').fill(ada.email);
  await login.getByLabel('Password').fill(ada.password);
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(new RegExp(`/list/${listId}$`));
  await expect(page.getByRole('heading', { name: 'Costco' })).toBeVisible();
  await expect(page).toHaveTitle('Costco · Grocery list · Hearth');
});

test('wide screens show the sections in the top bar, the current one marked; phones keep the menu', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  const listId = await newListViaApi(request, ada, 'Aldi');
  await useSession(page, ada);
  await page.goto(`/list/${listId}`);
  const sections = page.getByRole('navigation', { name: 'Sections' });
  await expect(sections.getByRole('link', { name: 'Grocery Lists' })).toHaveAttribute('aria-current', 'page');
  await expect(sections.getByRole('link', { name: 'Meals' })).not.toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
  await sections.getByRole('link', { name: 'Meals' }).click();
  await expect(page).toHaveTitle('Meals · Hearth');
  await expect(sections.getByRole('link', { name: 'Meals' })).toHaveAttribute('aria-current', 'page');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(sections).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Meals' }))
    .toHaveAttribute('aria-current', 'page');
});

test('/auth while signed in goes on to the app instead of showing registration again', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  await useSession(page, ada);
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle("Ada's Newsfeed · Hearth");
});

test('a malformed list id reads as a missing list, and the skip link jumps past the navigation', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  await useSession(page, ada);
  await page.goto('/list/not-a-real-id');
  await expect(page.getByText('This list does not exist or was deleted.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Add item' })).toHaveCount(0);

  await page.goto('/lists');
  await expect(page.getByRole('heading', { name: 'Grocery Lists' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});

test('headings on card pages sit one gap above their content, at 390 and 1280 px', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  const meal = await createMealViaApi(request, ada, { name: 'Soup' });
  await useSession(page, ada);
  const gapBelow = async (heading: Locator, next: Locator) => {
    const [a, b] = [await heading.boundingBox(), await next.boundingBox()];
    return b!.y - (a!.y + a!.height);
  };
  // Measured once the page has settled: while its data loads, a placeholder may stand between the two.
  const expectGapBelow = (heading: Locator, next: Locator) => expect.poll(() => gapBelow(heading, next)).toBeLessThanOrEqual(14);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto(`/meals/${meal.id}`);
    const directions = page.getByRole('region', { name: 'Directions' });
    await expectGapBelow(directions.getByRole('heading'), directions.getByText('No directions.'));
    const ingredients = page.getByRole('region', { name: 'Ingredients' });
    // The card's first heading starts at the card's padding.
    const [card, heading] = [await ingredients.boundingBox(), await ingredients.getByRole('heading').boundingBox()];
    expect(heading!.y - card!.y).toBeLessThanOrEqual(18);

    await page.goto('/family');
    const order = page.getByRole('heading', { name: 'Order Family Members' });
    await expectGapBelow(order, page.getByText(/^Lower numbers come first\./));
  }
});

test('signing in by emailed code also returns to the page asked for', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  const listId = await newListViaApi(request, ada, 'Aldi');
  await page.goto(`/list/${listId}`);
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByRole('tab', { name: 'Email Code Login' }).click();
  await page.getByRole('form', { name: 'Email Code Login' }).getByLabel('Email').fill(ada.email);
  await page.getByRole('button', { name: 'Send Code' }).click();
  const code = (await waitForMail(ada.email, /sign-in code/)).subject.match(/\d{6}/)![0];
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expect(page).toHaveURL(new RegExp(`/list/${listId}$`));
  await expect(page.getByRole('heading', { name: 'Aldi' })).toBeVisible();
});

test('an invite link opened signed out still offers the invitation after signing in with the password', async ({ page, request }) => {
  const greta = await signUpViaApi(request, { name: 'Greta' });
  const carl = await signUpViaApi(request, { name: 'Carl' });
  const invite = await callApi(request, createInvite, { token: greta.token, body: { invitedEmail: carl.email } });
  const link = new URL(invite.inviteUrl);
  await page.goto(link.pathname + link.search);
  await expect(page.getByText("Greta invited you to join Greta's Family.")).toBeVisible();
  const login = page.getByRole('form', { name: 'Password Login' });
  await login.getByLabel('Email').fill(carl.email);
  await login.getByLabel('Password').fill(carl.password);
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: "You're invited to join Greta's Family" })).toBeVisible();
  await page.getByRole('button', { name: "Join Greta's Family" }).click();
  await expect(page).toHaveURL(/\/family$/);
  await expect(page.getByRole('heading', { name: "Greta's Family" })).toBeVisible();
});

test('a malformed meal id reads as a missing meal', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  await useSession(page, ada);
  await page.goto('/meals/not-a-real-id');
  await expect(page.getByText('Meal not found.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
});

test('the top bar stays one line at 1280 px, with room for one more section', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  await useSession(page, ada);
  await page.goto('/');
  const sections = page.getByRole('navigation', { name: 'Sections' });
  const logout = sections.getByRole('button', { name: 'Logout' });
  /** The sections and Logout on one line within the window, in a bar no taller than one line. */
  const oneLine = async () => {
    const bar = await page.locator('header.topbar .inner').boundingBox();
    const first = await sections.getByRole('link').first().boundingBox();
    const last = await logout.boundingBox();
    return bar!.height < 60 && Math.abs(first!.y - last!.y) < 1 && last!.x + last!.width <= 1280;
  };
  expect(await oneLine()).toBe(true);

  // A section still to come (the household's to-dos) fits as well.
  await sections.evaluate((nav) => {
    const more = nav.querySelector('a')!.cloneNode(true);
    more.textContent = 'Chores';
    nav.insertBefore(more, nav.querySelector('button'));
  });
  await expect(sections.getByRole('link', { name: 'Chores' })).toBeVisible();
  expect(await oneLine()).toBe(true);
});
