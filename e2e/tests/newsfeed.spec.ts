import { expect, test, type Page } from '@playwright/test';
import * as grocery from '@hearth/contract/grocery';
import { callApi } from '../support/api.ts';
import { eventViaApi, familyDate } from '../support/calendar-helpers.ts';
import { familyMembersViaApi, joinFamilyViaApi } from '../support/family-helpers.ts';
import { addItemViaApi, newListViaApi } from '../support/grocery-helpers.ts';
import { signUpViaApi, useSession } from '../support/session.ts';

const section = (page: Page, name: string) => page.getByRole('region', { name });

// Times are written in the browser's locale: 24-hour ones here.
test.use({ locale: 'en-GB' });

test('signed out, / goes to /auth', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth$/);
});

test('a new family sees the checklist, the quick-add icons and every empty state', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  await useSession(page, ada);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: "Ada's Newsfeed" })).toBeVisible();
  await expect(page).toHaveTitle("Ada's Newsfeed · Hearth");

  const quick = page.getByRole('navigation', { name: 'Quick add' });
  await expect(quick.getByRole('link', { name: 'Add Event' })).toHaveAttribute('href', '/calendar');
  await expect(quick.getByRole('link', { name: 'Create List' })).toHaveAttribute('href', '/lists');
  await expect(quick.getByRole('link', { name: 'Add Meal' })).toHaveAttribute('href', '/meals');
  await expect(page.getByRole('link', { name: 'Try Now' })).toHaveAttribute('href', '/ai-meal-planner');

  const checklist = section(page, 'Get started');
  await expect(checklist.getByRole('link', { name: 'Create your first grocery list' })).toHaveAttribute('href', '/lists');
  await expect(checklist.getByRole('link', { name: 'Invite a family member' })).toHaveAttribute('href', '/family');
  await expect(checklist.getByText('(done)')).toHaveCount(0);

  await expect(section(page, 'Upcoming Events').getByRole('link', { name: 'Add your first event' })).toHaveAttribute('href', '/calendar');
  await expect(section(page, 'Grocery Lists').getByText('No active grocery lists')).toBeVisible();
  await expect(section(page, 'Grocery Lists').getByRole('link', { name: 'Create your first list' })).toHaveAttribute('href', '/lists');
  await expect(section(page, 'Recent Family Comments').getByText('No recent comments')).toBeVisible();
  await expect(section(page, 'Upcoming Meals').getByText('No upcoming meals scheduled')).toBeVisible();
  await expect(section(page, 'Upcoming Meals').getByRole('link', { name: 'Schedule a meal' })).toBeVisible();

  await section(page, 'Grocery Lists').getByRole('link', { name: 'Create your first list' }).click();
  await expect(page).toHaveURL(/\/lists$/);
});

test('a list, an event for tomorrow, a meal and a comment each show under their heading, and the member filter narrows events', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  const ben = await joinFamilyViaApi(request, ada, { name: 'Ben', level: 'EDIT' });
  const members = await familyMembersViaApi(request, ada);
  const benId = members.find((m) => m.userId === ben.user.id)!.id;
  const adaId = members.find((m) => m.userId === ada.user.id)!.id;
  const listId = await newListViaApi(request, ada, 'Costco');
  await addItemViaApi(request, ada, listId, 'Milk');
  await callApi(request, grocery.addComment, { token: ben.token, body: { listId, text: 'Need oat milk too?' } });
  const tomorrow = familyDate(1);
  await eventViaApi(request, ada, {
    title: 'Swim lesson', startTime: `${tomorrow}T09:00:00`, endTime: `${tomorrow}T10:00:00`, location: 'Pool', attendeeIds: [benId],
  });
  await eventViaApi(request, ada, { title: 'Dentist', startTime: `${tomorrow}T14:00:00`, endTime: `${tomorrow}T15:00:00`, attendeeIds: [adaId] });
  await eventViaApi(request, ada, { title: 'Piano', startTime: `${familyDate(0)}T20:00:00`, endTime: `${familyDate(0)}T21:00:00`, recurringPattern: 'WEEKLY' });
  const meal = await eventViaApi(request, ada, {
    title: 'Taco night', startTime: `${familyDate(2)}T18:00:00`, endTime: `${familyDate(2)}T19:00:00`, isMeal: true, location: 'Home',
  });

  await useSession(page, ada);
  await page.goto('/');
  const events = section(page, 'Upcoming Events');
  const tomorrowGroup = events.locator('.nf-day').filter({ has: page.getByRole('heading', { name: 'Tomorrow' }) });
  await expect(tomorrowGroup.getByRole('link')).toHaveText([/09:00 - 10:00\s*Swim lesson\s*Pool/, /14:00 - 15:00\s*Dentist/]);
  await expect(tomorrowGroup.getByRole('img', { name: 'Ben' })).toBeVisible();
  const todayGroup = events.locator('.nf-day').filter({ has: page.getByRole('heading', { name: 'Today' }) });
  await expect(todayGroup.getByRole('link', { name: /Piano/ })).toContainText('Family');
  await expect(todayGroup.getByRole('img', { name: 'Recurring event' })).toBeVisible();
  await expect(events.getByRole('link', { name: /Taco night/ })).toHaveCount(0);

  const weekday = new Date(`${familyDate(2)}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' });
  const meals = section(page, 'Upcoming Meals');
  await expect(meals.getByRole('link')).toHaveText([`Taco night${weekday} · 18:00 - 19:00HomeFamily`, 'Plan the week']);
  // A meal with no recipe opens itself on the calendar; the section leads to the week planner.
  await expect(meals.getByRole('link').first()).toHaveAttribute('href', `/calendar?event=${meal.id}&date=${familyDate(2)}`);
  await expect(meals.getByRole('link', { name: 'Plan the week' })).toHaveAttribute('href', '/meals/plan');

  await expect(section(page, 'Grocery Lists').getByRole('link')).toHaveText('Costco1 item (1 recently added)');
  const comment = section(page, 'Recent Family Comments').getByRole('link');
  await expect(comment).toHaveText(/Need oat milk too\?.*Ben · today · Costco/);
  await expect(section(page, 'Get started').getByRole('listitem')).toHaveText(['✓Create your first grocery list (done)', '✓Invite a family member (done)']);

  // The member legend: Ben's events (and the family's), again to clear; Clear Filter clears too.
  const legend = page.getByRole('group', { name: 'Filter by family member' });
  await legend.getByRole('button', { name: 'Ben' }).click();
  await expect(legend.getByRole('button', { name: 'Ben' })).toHaveAttribute('aria-pressed', 'true');
  await expect(events.getByRole('link', { name: /Dentist/ })).toHaveCount(0);
  await expect(events.getByRole('link', { name: /Swim lesson/ })).toBeVisible();
  await expect(events.getByRole('link', { name: /Piano/ })).toBeVisible();
  await legend.getByRole('button', { name: 'Ben' }).click();
  await expect(events.getByRole('link', { name: /Dentist/ })).toBeVisible();
  await legend.getByRole('button', { name: 'Ada' }).click();
  await expect(events.getByRole('link', { name: /Swim lesson/ })).toHaveCount(0);
  await legend.getByRole('button', { name: 'Clear Filter' }).click();
  await expect(events.getByRole('link', { name: /Swim lesson/ })).toBeVisible();
  await expect(legend.getByRole('button', { name: 'Clear Filter' })).toHaveCount(0);

  // Another member's change shows without a reload.
  await newListViaApi(request, ben, 'Target');
  await expect(section(page, 'Grocery Lists').getByRole('link', { name: /Target/ })).toBeVisible();

  await comment.click();
  await expect(page).toHaveURL(new RegExp(`/list/${listId}$`));
});

test('dismissing the AI banner survives a reload', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  await useSession(page, ada);
  await page.goto('/');
  const banner = page.getByRole('complementary', { name: 'New: AI Meal Planner' });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: "Ada's Newsfeed" })).toBeVisible();
  await expect(section(page, 'Grocery Lists')).toBeVisible();
  await expect(banner).toHaveCount(0);
});

test('the checklist hides 48 hours after it was first seen', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  await useSession(page, ada);
  await page.goto('/');
  await expect(section(page, 'Get started')).toBeVisible();
  const key = `hearth.newsfeed.onboarding.${ada.user.id}`;
  await page.evaluate((k) => {
    const record = JSON.parse(localStorage.getItem(k)!);
    localStorage.setItem(k, JSON.stringify({ ...record, firstSeenAt: record.firstSeenAt - 48 * 3_600_000 }));
  }, key);
  await page.reload();
  await expect(section(page, 'Grocery Lists')).toBeVisible();
  await expect(section(page, 'Get started')).toHaveCount(0);
});

test('load failures show the spec texts', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  await useSession(page, ada);
  await page.route('**/api/dashboard/newsfeed', (route) => route.fulfill({ status: 500, json: { code: 'INTERNAL', message: 'boom' } }));
  await page.goto('/');
  await expect(page.getByRole('alert')).toHaveText('Failed to load newsfeed');
  await page.unroute('**/api/dashboard/newsfeed');
  await page.route('**/api/dashboard/newsfeed', (route) => route.abort());
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText('Error loading newsfeed');
});
