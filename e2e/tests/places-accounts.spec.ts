import { expect, test, type Page } from '@playwright/test';
import * as accounts from '@hearth/contract/accounts';
import * as family from '@hearth/contract/family';
import * as locations from '@hearth/contract/locations';
import { messages as accountTexts } from '../../web/src/features/accounts/texts.ts';
import { locationMessages as m } from '../../web/src/features/locations/texts.ts';
import { callApi } from '../support/api.ts';
import { joinFamilyViaApi } from '../support/family-helpers.ts';
import { asOwnClient, linkIn, password, superadmin, uniqueEmail, waitForMail } from '../support/hearth.ts';
import { devices, pressFor } from '../support/devices.ts';
import { signUpViaApi, useSession, type ApiSession } from '../support/session.ts';

/** Issue 48's places, accounts and console items, at a phone's width with touch and at a desktop's. */

const card = (page: Page, name: string) => page.getByRole('article', { name });
const shot = (page: Page, name: string, width: number) =>
  page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });

async function place(s: ApiSession, request: Parameters<typeof callApi>[0], body: locations.LocationInput) {
  return callApi(request, locations.createLocation, { token: s.token, body });
}

async function note(request: Parameters<typeof callApi>[0], s: ApiSession, locationId: string, text: string, isPersonal: boolean) {
  await callApi(request, locations.createLocationNote, { token: s.token, body: { locationId, note: text, isPersonal } });
}

/** The verification link a mail carries. */
const verifyLink = async (email: string) => linkIn((await waitForMail(email, /Verify/)).text, '/verify-email');

for (const device of devices) {
  test.describe(`at ${device.width} px`, () => {
    test.use(device.use);
    const tap = pressFor(device);

    test('places: search ignores case, accents and punctuation, reads notes, and says when nothing matches', async ({ page, request }) => {
      const ada = await signUpViaApi(request, { name: 'Ada' });
      const ben = await joinFamilyViaApi(request, ada, { name: 'Ben', level: 'EDIT' });
      const torchys = await place(ada, request, { name: 'Torchy\'s Tacos', address: '1311 S 1st St, Austin, TX' });
      await place(ada, request, { name: 'Café Crème', address: '12 Rue Saint-Honoré' });
      const park = await place(ada, request, { name: 'Zilker Park' });
      await note(request, ben, park.id, 'Churros cart by the gate', false);
      await note(request, ada, torchys.id, 'Trailer Park is off menu', false);
      await note(request, ada, torchys.id, 'Ask for extra queso', true);
      await note(request, ben, torchys.id, 'Ben\'s secret: the green sauce', true);
      await useSession(page, ada);
      await page.goto('/locations');
      await expect(page.getByRole('article')).toHaveCount(3);

      const searchFor = async (query: string) => {
        await page.getByLabel('Search locations').fill(query);
        await page.getByLabel('Search locations').press('Enter');
      };
      const shown = page.getByRole('list', { name: 'Saved locations' }).getByRole('heading');
      await searchFor('torchys');
      await expect(shown).toHaveText(['Torchy\'s Tacos']);
      await searchFor('CAFE');
      await expect(shown).toHaveText(['Café Crème']);
      await searchFor('saint honore');
      await expect(shown).toHaveText(['Café Crème']);
      // A shared note (Ben's) and Ada's own personal note are searched; Ben's personal note is not.
      await searchFor('churros');
      await expect(shown).toHaveText(['Zilker Park']);
      await searchFor('queso');
      await expect(shown).toHaveText(['Torchy\'s Tacos']);
      await searchFor('green sauce');
      await expect(page.getByText(m.noMatch('green sauce'))).toBeVisible();
      await expect(page.getByText(m.empty)).toHaveCount(0);
      await shot(page, 'places-no-match', device.width);
      await tap(page.getByRole('button', { name: m.clearSearch }));
      await expect(page.getByRole('article')).toHaveCount(3);
      await expect(page.getByLabel('Search locations')).toHaveValue('');
    });

    test('places: a card shows its notes\' count and opens them; a tag is made while tagging a place', async ({ page, request }) => {
      const ada = await signUpViaApi(request, { name: 'Ada' });
      const ben = await joinFamilyViaApi(request, ada, { name: 'Ben', level: 'EDIT' });
      const torchys = await place(ada, request, { name: 'Torchy\'s Tacos' });
      await place(ada, request, { name: 'Zilker Park' });
      await note(request, ada, torchys.id, 'Trailer Park is off menu', false);
      await note(request, ada, torchys.id, 'Ask for extra queso', true);
      await note(request, ben, torchys.id, 'Go before noon', false);
      await note(request, ben, torchys.id, 'Ben only', true);
      await useSession(page, ada);
      await page.goto('/locations');

      // Ada sees the two shared notes and her personal one, never Ben's personal note.
      const tacos = card(page, 'Torchy\'s Tacos');
      const toggle = tacos.getByRole('button', { name: /^3 notes/ });
      await expect(toggle).toHaveText('3 notes (1 personal)');
      await expect(card(page, 'Zilker Park').getByRole('button', { name: '0 notes' })).toBeVisible();
      await tap(toggle);
      await expect(tacos.getByRole('list', { name: 'Notes' }).locator('p'))
        .toHaveText(['Go before noon', 'Ask for extra queso', 'Trailer Park is off menu']);
      await tacos.getByLabel('Add a note').fill('Cash only on Sundays');
      await tap(tacos.getByRole('button', { name: 'Add Note' }));
      await expect(tacos.getByRole('button', { name: /^4 notes/ })).toBeVisible();
      await shot(page, 'places-card-notes', device.width);

      await tap(page.getByRole('button', { name: m.addLocation }));
      const form = page.getByRole('dialog', { name: m.addTitle });
      await form.getByLabel('Name').fill('Barton Springs');
      await form.getByLabel(m.newTag).fill('Swimming');
      await form.getByLabel(m.newTag).press('Enter');
      await expect(form.getByLabel('Swimming')).toBeChecked();
      await expect(form.getByLabel(m.newTag)).toHaveValue('');
      // The same name in another case ticks the tag the family has; no second one is made.
      await form.getByLabel(m.newTag).fill('swimming');
      await tap(form.getByRole('button', { name: m.addTag }));
      await expect(form.getByRole('group', { name: 'Tags' }).getByRole('checkbox')).toHaveCount(1);
      await form.getByLabel(m.newTag).fill('Outdoors');
      await tap(form.getByRole('button', { name: m.addTag }));
      await expect(form.getByLabel('Outdoors')).toBeChecked();
      await shot(page, 'places-new-tag', device.width);
      await tap(form.getByRole('button', { name: 'Add Location' }));
      await expect(form).toBeHidden();
      await expect(card(page, 'Barton Springs').getByRole('list', { name: 'Tags' }).getByRole('button'))
        .toHaveText(['Outdoors', 'Swimming']);
      const tags = await callApi(request, locations.listTags, { token: ada.token });
      expect(tags.map((t) => t.name)).toEqual(['Outdoors', 'Swimming']);
    });

    test('accounts: signing in before verifying says a new link was sent, and the first link still works', async ({ page, request }) => {
      const email = uniqueEmail('early');
      await callApi(request, accounts.register, { headers: asOwnClient(), body: { email, name: 'Eli', password, inviteToken: null } });
      const first = await verifyLink(email);
      await page.goto('/auth');
      const form = page.getByRole('form', { name: 'Password Login' });
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Password').fill(password);
      await tap(form.getByRole('button', { name: 'Login' }));
      await expect(page.getByText(`${accountTexts.loginPendingShown} ${accountTexts.verificationResent}`)).toBeVisible();
      await shot(page, 'accounts-new-link', device.width);
      await expect.poll(() => verifyLink(email)).not.toBe(first);
      const second = await verifyLink(email);

      // The first mail's link works although a newer one was sent; the newer one then says it is done.
      await page.goto(first);
      await expect(page.getByText(accounts.messages.emailVerified)).toBeVisible();
      await page.goto(second);
      await expect(page.getByText(accounts.messages.emailAlreadyVerified)).toBeVisible();
    });

    test('console: the super admin assigns a self-registered user to another family', async ({ page, request }) => {
      const eve = await signUpViaApi(request, { name: 'Eve' });
      const ben = await signUpViaApi(request, { name: 'Ben' });
      await page.goto('/superadmin');
      await page.getByLabel('Username').fill(superadmin.username);
      await page.getByLabel('Password').fill(superadmin.password);
      await tap(page.getByRole('button', { name: 'Login' }));
      await tap(page.getByRole('tab', { name: 'All Users' }));
      const row = page.getByRole('row').filter({ hasText: eve.email });
      await expect(row).toContainText('Eve\'s Family');
      await tap(row.getByRole('button', { name: 'Assign Family' }));
      const dialog = page.getByRole('dialog', { name: `Assign ${eve.email} to a family` });
      await dialog.getByLabel('Family ID').fill(ben.user.familyId ?? '');
      await tap(dialog.getByRole('button', { name: 'Assign' }));
      await expect(dialog).toBeHidden();
      await expect(row).toContainText('Ben\'s Family');
      await shot(page, 'console-assigned', device.width);
      const me = await callApi(request, accounts.me, { token: eve.token });
      expect(me).toMatchObject({ familyId: ben.user.familyId, permissionLevel: 'EDIT' });
    });

    test('invites: an email invite\'s landing fills in the invited email for registering and signing in', async ({ page, request }) => {
      const ada = await signUpViaApi(request, { name: 'Ada' });
      const invitee = uniqueEmail('invitee');
      const invite = await callApi(request, family.createInvite, { token: ada.token, body: { invitedEmail: invitee } });
      await page.goto(new URL(invite.inviteUrl).pathname + new URL(invite.inviteUrl).search);
      const register = page.getByRole('form', { name: 'Register' });
      await expect(register.getByText('Ada invited you to join Ada\'s Family.')).toBeVisible();
      await expect(register.getByLabel('Email')).toHaveValue(invitee);
      await expect(page.getByRole('form', { name: 'Password Login' }).getByLabel('Email')).toHaveValue(invitee);
      await tap(page.getByRole('tab', { name: 'Email Code Login' }));
      await expect(page.getByRole('form', { name: 'Email Code Login' }).getByLabel('Email')).toHaveValue(invitee);
      await shot(page, 'invite-prefilled', device.width);
      await register.getByLabel('Name').fill('Ivy');
      await register.getByLabel('Password').fill(password);
      await tap(register.getByRole('button', { name: 'Register' }));
      await expect(register.getByText('Registration successful!')).toBeVisible();

      // A link invite (no email) fills nothing in.
      const link = await callApi(request, family.createInvite, { token: ada.token, body: { invitedEmail: null } });
      await page.goto(new URL(link.inviteUrl).pathname + new URL(link.inviteUrl).search);
      await expect(page.getByRole('form', { name: 'Register' }).getByText('Ada invited you')).toBeVisible();
      await expect(page.getByRole('form', { name: 'Register' }).getByLabel('Email')).toHaveValue('');
    });
  });
}
