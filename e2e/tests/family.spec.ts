import { expect, test, type Page } from '@playwright/test';
import { register } from '@hearth/contract/accounts';
import { calendarExportUrl } from '@hearth/contract/calendar';
import { addMember, createInvite, getFamilyName, listMembers, memberPalette } from '@hearth/contract/family';
import { callApi } from '../support/api.ts';
import { familyMembersViaApi, inviteTokenOf, joinFamilyViaApi } from '../support/family-helpers.ts';
import { asOwnClient, linkIn, uniqueEmail, waitForMail } from '../support/hearth.ts';
import { signUpViaApi, useSession } from '../support/session.ts';

const memberCard = (page: Page, name: string) => page.getByRole('list', { name: 'Family members' }).getByRole('listitem', { name });

test('an admin invites someone by email, who registers through the link and joins the family', async ({ page, browser, request }) => {
  const admin = await signUpViaApi(request, { name: 'Olivia' });
  await useSession(page, admin);
  await page.goto('/family');
  await expect(page.getByRole('heading', { name: "Olivia's Family" })).toBeVisible();
  await expect(page.getByLabel('Your permission level')).toHaveText('Admin');

  await page.getByRole('button', { name: 'Invite Family Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite Family Members' });
  await dialog.getByLabel('Email (optional)').fill('not-an-email');
  await dialog.getByRole('button', { name: 'Create Invite Link' }).click();
  await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();

  const invitee = uniqueEmail('invitee');
  await dialog.getByLabel('Email (optional)').fill(invitee);
  await dialog.getByRole('button', { name: 'Create Invite Link' }).click();
  await expect(dialog.getByText(`Invite link created and sent to ${invitee}`)).toBeVisible();
  const inviteUrl = await dialog.getByLabel('Invite link').inputValue();
  expect(inviteUrl).toMatch(/\/auth\?invite=[A-Za-z0-9_-]{22,}$/);
  const token = inviteTokenOf(inviteUrl);
  const listed = dialog.getByRole('list', { name: 'Active invites' }).getByRole('listitem');
  await expect(listed).toHaveCount(1);
  await expect(listed.first()).toContainText(`${token.slice(0, 8)}...`);
  await expect(listed.first()).not.toContainText(token.slice(0, 9));
  await expect(listed.first()).toContainText(invitee);

  const mail = await waitForMail(invitee, /invited to join Olivia's Family/);
  expect(mail.text).toContain(inviteUrl);
  const mailedToken = inviteTokenOf(linkIn(mail.text, '/auth?invite='));
  const newcomer = await signUpViaApi(request, { name: 'Noah', email: invitee, inviteToken: mailedToken });
  expect(newcomer.user.familyId).toBe(admin.user.familyId);

  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.reload();
  await expect(memberCard(page, 'Noah')).toContainText('Edit');
  await expect(memberCard(page, 'Noah')).toContainText(invitee);

  const context = await browser.newContext();
  const noahPage = await context.newPage();
  await useSession(noahPage, newcomer);
  await noahPage.goto('/family');
  await expect(noahPage.getByRole('heading', { name: "Olivia's Family" })).toBeVisible();
  await expect(memberCard(noahPage, 'Olivia')).toBeVisible();
  await expect(noahPage.getByLabel('Your permission level')).toHaveText('Edit');
  await context.close();
});

test('an admin revokes an invite from the invite list', async ({ page, request }) => {
  const admin = await signUpViaApi(request, { name: 'Rita' });
  await useSession(page, admin);
  await page.goto('/family');
  await page.getByRole('button', { name: 'Invite Family Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite Family Members' });
  await expect(dialog.getByText('No active invites.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create Invite Link' }).click();
  await expect(dialog.getByText('Invite link created')).toBeVisible();
  const token = inviteTokenOf(await dialog.getByLabel('Invite link').inputValue());
  const item = dialog.getByRole('list', { name: 'Active invites' }).getByRole('listitem');
  await expect(item).toContainText('Anyone with the link');
  await item.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog', { name: 'Revoke invite' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(dialog.getByText('No active invites.')).toBeVisible();
  const reg = await request.fetch(register.path, {
    method: register.method,
    headers: asOwnClient(),
    data: { email: uniqueEmail(), name: 'Late', password: 'Cozy-Kitchen-42', inviteToken: token },
  });
  expect(reg.status()).toBe(400);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('an admin adds a child, edits the family, reorders members and changes the timezone', async ({ page, request }) => {
    const admin = await signUpViaApi(request, { name: 'Sam' });
    await useSession(page, admin);
    await page.goto('/family');
    await expect(page.getByRole('heading', { name: "Sam's Family" })).toBeVisible();

    await page.getByRole('button', { name: '+ Add Child (or existing account)' }).click();
    const add = page.getByRole('dialog', { name: 'Add Family Member' });
    await add.getByRole('button', { name: 'Add Member' }).click();
    await expect(add.getByText('Name is required')).toBeVisible();
    await add.getByLabel('Name').fill('Lily');
    await add.getByLabel('Birthday (optional)').fill('2018-04-09');
    await add.getByRole('button', { name: 'Add Member' }).click();
    await expect(add).toBeHidden();
    const lily = memberCard(page, 'Lily');
    await expect(lily).toContainText('Birthday: 4/9/2018');
    await expect(lily).toContainText('Read Only');
    await expect(lily).toContainText('No account');

    await lily.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Family Member' });
    await edit.getByLabel('Name').fill('Lily Rose');
    await edit.getByLabel('Permission Level').selectOption('EDIT');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(memberCard(page, 'Lily Rose')).toContainText('Edit');

    await memberCard(page, 'Lily Rose').getByLabel('Color for Lily Rose').fill('#ff8800');
    await expect.poll(async () => (await familyMembersViaApi(request, admin)).find((m) => m.name === 'Lily Rose'))
      .toMatchObject({ color: '#ff8800' });

    await page.getByRole('button', { name: 'Edit Name' }).click();
    const rename = page.getByRole('dialog', { name: 'Edit Family Name' });
    await rename.getByLabel('Family Name').fill('');
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(rename.getByText('Family name is required')).toBeVisible();
    await rename.getByLabel('Family Name').fill('The Sun Family');
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { name: 'The Sun Family' })).toBeVisible();

    const order = page.getByRole('region', { name: 'Order Family Members' });
    await order.getByLabel('Order number for Lily Rose').fill('0');
    await order.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(order.getByText('Order numbers must be whole numbers of at least 1')).toBeVisible();
    await order.getByLabel('Order number for Lily Rose').fill('1');
    await order.getByLabel('Order number for Sam').fill('5');
    await order.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(order.getByText('Saved!')).toBeVisible();
    const grid = page.getByRole('list', { name: 'Family members' }).getByRole('listitem');
    await expect(grid.first()).toHaveAccessibleName('Lily Rose');
    await order.getByRole('button', { name: 'Auto-assign Numbers' }).click();
    await expect(order.getByLabel('Order number for Sam')).toHaveValue('2');
    await expect(order.getByText('Saved!')).toBeVisible();

    const timezone = page.getByLabel('Timezone');
    await timezone.selectOption('Europe/London');
    await expect.poll(() => callApi(request, getFamilyName, { token: admin.token })).toEqual({ familyName: 'The Sun Family', timezone: 'Europe/London', defaultReminderMinutes: null, firstDayOfWeek: 1 });
    await page.reload();
    await expect(page.getByLabel('Timezone')).toHaveValue('Europe/London');
    expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('a READ_ONLY member sees no add or edit controls, but can change a colour', async ({ page, request }) => {
    const admin = await signUpViaApi(request, { name: 'Ada' });
    const reader = await joinFamilyViaApi(request, admin, { name: 'Ruth', level: 'READ_ONLY' });
    await useSession(page, reader);
    await page.goto('/family');
    await expect(memberCard(page, 'Ada')).toBeVisible();
    await expect(page.getByLabel('Your permission level')).toHaveText('Read Only');
    await expect(page.getByLabel('Timezone')).toBeDisabled();
    await expect(page.getByText('Admin only')).toBeVisible();
    for (const name of ['+ Add Child (or existing account)', 'Invite Family Member', 'Edit Name', 'Edit', 'Remove']) {
      await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
    }
    await expect(page.getByRole('region', { name: 'Order Family Members' })).toHaveCount(0);
    await memberCard(page, 'Ada').getByLabel('Color for Ada').fill('#123456');
    await expect.poll(async () => (await familyMembersViaApi(request, admin)).find((m) => m.name === 'Ada'))
      .toMatchObject({ color: '#123456' });
  });
});

test('an admin chooses the day weeks start on, and the calendar\'s month starts its rows on it', async ({ page, request }) => {
  const admin = await signUpViaApi(request, { name: 'Wendy' });
  await useSession(page, admin);
  await page.goto('/family');
  const firstDay = page.getByLabel('Weeks start on');
  await expect(firstDay).toHaveValue('1');
  await firstDay.selectOption('Sunday');
  await expect.poll(async () => (await callApi(request, getFamilyName, { token: admin.token })).firstDayOfWeek).toBe(0);
  await page.goto('/calendar');
  await page.getByRole('tab', { name: 'Month' }).click();
  await expect(page.locator('[role=columnheader]').first()).toHaveText(/Sun/);
  await expect(page.locator('[role=columnheader]').last()).toHaveText(/Sat/);
});

test('an admin removes a member, who loses access to the family and its calendar link', async ({ page, request }) => {
  const admin = await signUpViaApi(request, { name: 'Max' });
  const editor = await joinFamilyViaApi(request, admin, { name: 'Eve', level: 'EDIT' });
  const { calendarUrl } = await callApi(request, calendarExportUrl, { token: editor.token });
  await useSession(page, admin);
  await page.goto('/family');
  await expect(memberCard(page, 'Max').getByRole('button', { name: 'Remove' })).toHaveCount(0);
  await memberCard(page, 'Eve').getByRole('button', { name: 'Remove' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove member' });
  await expect(confirm).toContainText('The calendar subscription link will change, so theirs stops working');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(memberCard(page, 'Eve')).toHaveCount(0);
  const res = await request.fetch(listMembers.path, {
    method: listMembers.method, headers: { authorization: `Bearer ${editor.token}` },
  });
  expect(res.status()).toBe(403);
  const { pathname, search } = new URL(calendarUrl);
  expect((await request.get(`${pathname}${search}`)).status()).toBe(404);
});

test('a person with an account, added by email, joins only by accepting the mailed invitation while signed in', async ({ page, browser, request }) => {
  const admin = await signUpViaApi(request, { name: 'Ines' });
  const cousin = await signUpViaApi(request, { name: 'Carl' });
  await useSession(page, admin);
  await page.goto('/family');
  await page.getByRole('button', { name: '+ Add Child (or existing account)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Family Member' });
  await dialog.getByLabel('Name').fill('Cousin Carl');
  await dialog.getByLabel('Email (optional)').fill(cousin.email);
  await dialog.getByRole('button', { name: 'Add Member' }).click();
  await expect(memberCard(page, 'Cousin Carl')).toContainText('No account');
  expect((await callApi(request, getFamilyName, { token: cousin.token })).familyName).toBe("Carl's Family");

  const mail = await waitForMail(cousin.email, /invited to join Ines's Family/);
  const link = linkIn(mail.text, '/auth?invite=');
  const context = await browser.newContext();
  const carlPage = await context.newPage();
  await useSession(carlPage, cousin);
  await carlPage.goto(link);
  await expect(carlPage.getByRole('heading', { name: "You're invited to join Ines's Family" })).toBeVisible();
  await carlPage.getByRole('button', { name: "Join Ines's Family" }).click();
  await expect(carlPage).toHaveURL(/\/family$/);
  await expect(carlPage.getByRole('heading', { name: "Ines's Family" })).toBeVisible();
  await expect(memberCard(carlPage, 'Cousin Carl')).toContainText(cousin.email);
  await context.close();

  await page.reload();
  await expect(memberCard(page, 'Cousin Carl')).not.toContainText('No account');
});

test('an invite link says whose family it is and who sent it, before registering', async ({ page, request }) => {
  const admin = await signUpViaApi(request, { name: 'Greta' });
  const invite = await callApi(request, createInvite, { token: admin.token, body: { invitedEmail: null } });
  await page.goto(new URL(invite.inviteUrl).pathname + new URL(invite.inviteUrl).search);
  await expect(page.getByText("You're joining a family! This invite link will automatically add you to the family.")).toBeVisible();
  await expect(page.getByText("Greta invited you to join Greta's Family.")).toBeVisible();
});

test('a page says when the signed-in user cannot be loaded, with the spec texts, instead of signing out', async ({ page, request }) => {
  const admin = await signUpViaApi(request, { name: 'Uma' });
  await useSession(page, admin);
  await page.route('**/api/me', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL","message":"x"}' }));
  await page.goto('/family');
  await expect(page.getByText('Failed to load user data')).toBeVisible();
  await page.unroute('**/api/me');
  await page.route('**/api/me', (route) => route.abort());
  await page.reload();
  await expect(page.getByText('Error loading user data')).toBeVisible();
});

test('new members get the next unused colour of the palette, not the grey default', async ({ page, request }) => {
  const admin = await signUpViaApi(request, { name: 'Pat' });
  // The colour is the server's choice; the add form is tested on a phone above.
  for (const name of ['Lily', 'Max']) await callApi(request, addMember, { token: admin.token, body: { name } });
  await useSession(page, admin);
  await page.goto('/family');
  await expect(memberCard(page, 'Pat').getByLabel('Color for Pat')).toHaveValue(memberPalette[0]);
  await expect(memberCard(page, 'Lily').getByLabel('Color for Lily')).toHaveValue(memberPalette[1]);
  await expect(memberCard(page, 'Max').getByLabel('Color for Max')).toHaveValue(memberPalette[2]);
});
