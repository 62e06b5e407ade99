import { writeFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import * as accounts from '@hearth/contract/accounts';
import { deletionMessages } from '@hearth/contract/accounts';
import { exportFamilyData } from '@hearth/contract/family-data';
import { accountTexts } from '../../web/src/features/accounts/texts.ts';
import { deleteFamilyTexts } from '../../web/src/features/family/texts.ts';
import { deletionTexts } from '../../web/src/features/superadmin/texts.ts';
import { importTexts } from '../../web/src/shared/importTexts.ts';
import { callApi } from '../support/api.ts';
import { familyMembersViaApi, joinFamilyViaApi } from '../support/family-helpers.ts';
import { password, superadmin } from '../support/hearth.ts';
import { signUpViaApi, useSession } from '../support/session.ts';

const picture = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

for (const device of [
  { width: 390, use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
  { width: 1280, use: { viewport: { width: 1280, height: 800 } } },
]) {
  test.describe(`deletion at ${device.width} px`, () => {
    test.use(device.use);

    test('a member deletes their account with the password; the family keeps their name', async ({ page, request }) => {
      const admin = await signUpViaApi(request, { name: 'Ada' });
      const sam = await joinFamilyViaApi(request, admin, { name: 'Sam', level: 'EDIT' });
      await useSession(page, sam);
      await page.goto('/');
      await page.getByRole('link', { name: 'Account' }).click();
      await expect(page.getByRole('heading', { name: accountTexts.title, level: 1 })).toBeVisible();
      await picture(page, `account-${device.width}`);
      await page.getByRole('button', { name: accountTexts.deleteAccountOpen }).click();
      const dialog = page.getByRole('dialog', { name: accountTexts.deleteAccount });
      await dialog.getByLabel(accountTexts.passwordLabel).fill('Wrong-Password-1');
      await dialog.getByRole('button', { name: accountTexts.deleteAccount }).click();
      await expect(dialog.getByText(deletionMessages.wrongPassword)).toBeVisible();
      await picture(page, `account-delete-dialog-${device.width}`);
      await dialog.getByLabel(accountTexts.passwordLabel).fill(sam.password);
      await dialog.getByRole('button', { name: accountTexts.deleteAccount }).click();
      await expect(page).toHaveURL(/\/auth$/);
      await expect(page.getByText(deletionMessages.accountDeleted)).toBeVisible();
      const res = await request.post(accounts.login.path, { data: { email: sam.email, password: sam.password } });
      expect(res.status()).toBe(401);
      const members = await familyMembersViaApi(request, admin);
      expect(members.find((m) => m.name === 'Sam')).toMatchObject({ userId: null, email: null });
    });

    test('the sole admin is told to hand over first', async ({ page, request }) => {
      const admin = await signUpViaApi(request, { name: 'Ada' });
      await joinFamilyViaApi(request, admin, { name: 'Sam', level: 'EDIT' });
      await useSession(page, admin);
      await page.goto('/account');
      await page.getByRole('button', { name: accountTexts.deleteAccountOpen }).click();
      const dialog = page.getByRole('dialog', { name: accountTexts.deleteAccount });
      await dialog.getByLabel(accountTexts.passwordLabel).fill(admin.password);
      await dialog.getByRole('button', { name: accountTexts.deleteAccount }).click();
      await expect(dialog.getByText(deletionMessages.soleAdmin)).toBeVisible();
    });

    test('an admin deletes the family by typing its name', async ({ page, request }) => {
      const admin = await signUpViaApi(request, { name: 'Ada' });
      await useSession(page, admin);
      await page.goto('/family');
      await page.getByRole('button', { name: deleteFamilyTexts.open }).click();
      const dialog = page.getByRole('dialog', { name: deleteFamilyTexts.title });
      const confirm = dialog.getByRole('button', { name: deleteFamilyTexts.confirm });
      const field = dialog.getByLabel(deleteFamilyTexts.typeName("Ada's Family"));
      await field.fill("ada's family");
      await expect(confirm).toBeDisabled();
      await field.fill("Ada's Family");
      await picture(page, `family-delete-dialog-${device.width}`);
      await confirm.click();
      await expect(page).toHaveURL(/\/$/);
      const me = await callApi(request, accounts.me, { token: admin.token });
      expect(me.familyId).toBeNull();
    });

    test('the super admin deletes a family and an account; the family-less admin imports the family back', async ({ page, request }) => {
      test.setTimeout(90_000);
      // Names of their own: the console lists every family and account of the server.
      const tag = `${device.width}-${Date.now().toString(36)}`;
      const admin = await signUpViaApi(request, { name: `Ida ${tag}` });
      const sam = await joinFamilyViaApi(request, admin, { name: `Sam ${tag}`, level: 'EDIT' });
      const familyName = `Ida ${tag}'s Family`;
      const exported = await request.get(exportFamilyData.path, { headers: { authorization: `Bearer ${admin.token}` } });
      expect(exported.status()).toBe(200);
      const archive = test.info().outputPath('family.zip');
      await writeFile(archive, await exported.body());

      await page.goto('/superadmin');
      await page.getByLabel('Username').fill(superadmin.username);
      await page.getByLabel('Password').fill(superadmin.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByRole('tab', { name: 'Families' }).click();
      await page.getByRole('button', { name: `${deletionTexts.deleteFamily} ${familyName}` }).click();
      const familyDialog = page.getByRole('dialog', { name: deletionTexts.familyTitle(familyName) });
      const field = familyDialog.getByLabel(deletionTexts.typeName(familyName));
      const confirm = familyDialog.getByRole('button', { name: deletionTexts.familyConfirm });
      await field.fill(familyName.toLowerCase());
      await expect(confirm).toBeDisabled();
      await field.fill(familyName);
      await picture(page, `superadmin-delete-family-${device.width}`);
      await confirm.click();
      await expect(page.getByText(deletionMessages.familyDeleted)).toBeVisible();
      await expect(page.getByRole('button', { name: `${deletionTexts.deleteFamily} ${familyName}` })).toHaveCount(0);
      expect((await callApi(request, accounts.me, { token: sam.token })).familyId).toBeNull();

      await page.getByRole('tab', { name: 'All Users' }).click();
      await page.getByRole('button', { name: `${deletionTexts.deleteAccount} ${sam.email}` }).click();
      const accountDialog = page.getByRole('dialog', { name: deletionTexts.accountTitle(sam.email) });
      await accountDialog.getByLabel(deletionTexts.typeEmail(sam.email)).fill(sam.email);
      await picture(page, `superadmin-delete-account-${device.width}`);
      await accountDialog.getByRole('button', { name: deletionTexts.accountConfirm }).click();
      await expect(page.getByText(deletionMessages.accountDeleted)).toBeVisible();
      const signIn = await request.post(accounts.login.path, { data: { email: sam.email, password } });
      expect(signIn.status()).toBe(401);

      // The family's admin, now without a family, founds it again from the export.
      await useSession(page, admin);
      await page.goto('/');
      const card = page.getByRole('region', { name: importTexts.title });
      await card.getByRole('button', { name: importTexts.submit }).click();
      await expect(card.getByText(importTexts.chooseFile)).toBeVisible();
      await card.getByLabel(importTexts.fileLabel).setInputFiles(archive);
      await picture(page, `import-form-${device.width}`);
      await card.getByRole('button', { name: importTexts.submit }).click();
      await expect(card.getByText(importTexts.done(familyName))).toBeVisible();
      await expect(card.getByRole('list', { name: importTexts.summaryLabel })).toContainText('2 members, 1 invited again by email');
      await picture(page, `import-summary-${device.width}`);
      await card.getByRole('button', { name: importTexts.open }).click();
      await expect(card).toHaveCount(0);
      expect((await callApi(request, accounts.me, { token: admin.token })).familyId).not.toBeNull();
    });
  });
}
