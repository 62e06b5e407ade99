import { expect, test, type Page } from '@playwright/test';
import { createLocation } from '@hearth/contract/locations';
import { locationMessages as m } from '../../web/src/features/locations/texts.ts';
import { joinFamilyViaApi } from '../support/family-helpers.ts';
import { signUpViaApi, useSession } from '../support/session.ts';

async function addTag(page: Page, name: string) {
  await page.getByLabel('New tag name').fill(name);
  await page.getByRole('button', { name: 'Add Tag' }).click();
  await expect(page.getByRole('region', { name: 'Tags' }).getByText(name, { exact: true })).toBeVisible();
}

const card = (page: Page, name: string) => page.getByRole('article', { name });

test('add a location with two tags and a rating, favourite it, filter by tag and clear', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  await useSession(page, ada);
  await page.goto('/locations');
  await expect(page.getByRole('heading', { name: m.title })).toBeVisible();
  await expect(page.getByText(m.empty)).toBeVisible();

  await page.getByRole('button', { name: m.manageTags }).click();
  await addTag(page, 'Pizza');
  await addTag(page, 'Kids');
  await page.getByRole('button', { name: m.hideTags }).click();
  await expect(page.getByRole('region', { name: 'Tags' })).toHaveCount(0);

  await page.getByRole('button', { name: m.addLocation }).click();
  const form = page.getByRole('dialog', { name: m.addTitle });
  await form.getByRole('button', { name: 'Add Location' }).click();
  await expect(form.getByText(m.nameRequired)).toBeVisible();
  await form.getByLabel('Name').fill("Joe's Pizza");
  await form.getByLabel('Address').fill('7 Carmine St, New York, NY');
  await form.getByLabel('Pizza').check();
  await form.getByLabel('Kids').check();
  await form.getByLabel('Notes').fill('Cash only');
  await form.getByLabel('Rating').selectOption({ label: '4 stars' });
  await form.getByRole('button', { name: 'Add Location' }).click();
  await expect(form).toBeHidden();

  const joes = card(page, "Joe's Pizza");
  await expect(joes.getByRole('link', { name: '7 Carmine St, New York, NY' }))
    .toHaveAttribute('href', /google\.com\/maps\/search\/\?api=1&query=7%20Carmine/);
  await expect(joes.getByRole('img', { name: 'Rating: 4 out of 5' })).toHaveText('★★★★☆');
  await expect(joes.getByText('Cash only')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'All (1)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Favorites (0)' })).toBeVisible();

  await page.getByRole('tab', { name: 'Favorites (0)' }).click();
  await expect(page.getByText(m.emptyFavorites)).toBeVisible();
  await page.getByRole('tab', { name: 'All (1)' }).click();
  await joes.getByRole('button', { name: "Mark Joe's Pizza as favorite" }).click();
  await expect(page.getByRole('tab', { name: 'Favorites (1)' })).toBeVisible();
  await page.getByRole('tab', { name: 'Favorites (1)' }).click();
  await expect(card(page, "Joe's Pizza")).toBeVisible();
  await page.getByRole('tab', { name: 'All (1)' }).click();

  await page.getByRole('button', { name: m.addLocation }).click();
  const second = page.getByRole('dialog', { name: m.addTitle });
  await second.getByLabel('Name').fill('Central Park Zoo');
  await second.getByLabel('Kids').check();
  await second.getByRole('button', { name: 'Add Location' }).click();
  await expect(card(page, 'Central Park Zoo')).toBeVisible();

  await joes.getByRole('button', { name: 'Show locations tagged Pizza' }).click();
  await expect(card(page, 'Central Park Zoo')).toHaveCount(0);
  await expect(card(page, "Joe's Pizza")).toBeVisible();
  await page.getByRole('button', { name: m.clearTagFilter }).click();
  await expect(card(page, 'Central Park Zoo')).toBeVisible();
  await page.getByLabel('Filter by tag').selectOption({ label: 'Kids' });
  await expect(page.locator('article.location-card')).toHaveCount(2);

  await page.getByLabel('Search locations').fill('zoo');
  await page.getByLabel('Search locations').press('Enter');
  await expect(card(page, "Joe's Pizza")).toHaveCount(0);
  await expect(card(page, 'Central Park Zoo')).toBeVisible();

  await page.getByLabel('Search locations').fill('');
  await page.getByLabel('Search locations').press('Enter');
  await page.getByRole('button', { name: m.clearTagFilter }).click();
  await card(page, 'Central Park Zoo').getByRole('button', { name: 'Delete Central Park Zoo' }).click();
  await page.getByRole('dialog', { name: 'Delete location' }).getByRole('button', { name: 'Delete' }).click();
  await expect(card(page, 'Central Park Zoo')).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'All (1)' })).toBeVisible();
});

test('a personal note is seen only by its author, a shared one by the whole family', async ({ page, request, browser }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  const ben = await joinFamilyViaApi(request, ada, { name: 'Ben', level: 'EDIT' });
  const res = await request.fetch(createLocation.path, {
    method: createLocation.method,
    headers: { authorization: `Bearer ${ada.token}` }, data: { name: 'Corner Cafe', address: '1 Main St', favorite: false },
  });
  expect(res.status()).toBe(201);

  await useSession(page, ada);
  await page.goto('/locations');
  await card(page, 'Corner Cafe').getByRole('button', { name: 'Edit Corner Cafe' }).click();
  const form = page.getByRole('dialog', { name: m.editTitle });
  await form.getByRole('button', { name: m.showNotes }).click();
  const note = form.getByLabel('Add a note');
  await note.fill('The oat latte is great');
  await expect(form.getByText('22/500')).toBeVisible();
  await form.getByRole('button', { name: 'Add Note' }).click();
  await expect(form.getByRole('list', { name: 'Notes' }).getByText('The oat latte is great')).toBeVisible();
  await note.fill('Ask for the loyalty card');
  await form.getByLabel('Personal (only you can see it)').check();
  await form.getByRole('button', { name: 'Add Note' }).click();
  await expect(form.getByRole('list', { name: 'Notes' }).getByText('Ask for the loyalty card')).toBeVisible();
  await expect(form.getByRole('button', { name: m.hideNotes })).toBeVisible();

  const benContext = await browser.newContext();
  const benPage = await benContext.newPage();
  await useSession(benPage, ben);
  await benPage.goto('/locations');
  await card(benPage, 'Corner Cafe').getByRole('button', { name: 'Edit Corner Cafe' }).click();
  const benForm = benPage.getByRole('dialog', { name: m.editTitle });
  await benForm.getByRole('button', { name: m.showNotes }).click();
  const notes = benForm.getByRole('list', { name: 'Notes' });
  await expect(notes.getByText('The oat latte is great')).toBeVisible();
  await expect(notes.getByText('Ada ·')).toBeVisible();
  await expect(notes.getByText('Ask for the loyalty card')).toHaveCount(0);
  await benContext.close();
});

test('phone width: the locations page fits 390 px', async ({ page, request }) => {
  const ada = await signUpViaApi(request, { name: 'Ada' });
  await request.fetch(createLocation.path, {
    method: createLocation.method,
    headers: { authorization: `Bearer ${ada.token}` },
    data: { name: 'A Very Long Restaurant Name That Wraps Nicely', address: '1234 Long Boulevard Apt 5, Springfield, IL 62704', rating: 3 },
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await useSession(page, ada);
  await page.goto('/locations');
  await expect(page.getByRole('article')).toHaveCount(1);
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
  expect(overflow).toBeLessThanOrEqual(0);
});
