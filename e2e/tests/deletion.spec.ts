import { expect, test, type Page } from '@playwright/test';
import * as accounts from '@hearth/contract/accounts';
import { deletionMessages } from '@hearth/contract/accounts';
import { accountTexts } from '../../web/src/features/accounts/texts.ts';
import { deleteFamilyTexts } from '../../web/src/features/family/texts.ts';
import { callApi } from '../support/api.ts';
import { familyMembersViaApi, joinFamilyViaApi } from '../support/family-helpers.ts';
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
  });
}
