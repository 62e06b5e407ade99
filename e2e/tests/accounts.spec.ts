import { expect, test, type Page } from '@playwright/test';
import { approvalPort, linkIn, password, superadmin, uniqueEmail, untilAnswering, waitForMail } from '../support/hearth.ts';

async function register(page: Page, name: string, email: string) {
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(form.getByText('Registration successful!')).toBeVisible();
}

/** Registers through the form on /auth and opens the link the verification mail carries. */
async function registerAndVerify(page: Page, name: string, email: string) {
  await page.goto('/auth');
  await register(page, name, email);
  await page.goto(linkIn((await waitForMail(email, /Verify/)).text, '/verify-email'));
}

async function passwordLogin(page: Page, email: string) {
  const form = page.getByRole('form', { name: 'Password Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
}

test('register, verify by mail, sign in with the password, sign out, sign in with an emailed code', async ({ page }) => {
  const email = uniqueEmail('journey');
  await registerAndVerify(page, 'Jo Journey', email);
  await expect(page.getByText('Email verified!')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/, { timeout: 6000 });

  // Home: the newsfeed.
  await passwordLogin(page, email);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: "Jo Journey's Newsfeed" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  await page.getByRole('tab', { name: 'Email Code Login' }).click();
  await page.getByRole('form', { name: 'Email Code Login' }).getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByText("If your email is registered, you'll receive a code.")).toBeVisible();
  await expect(page.getByRole('button', { name: /Resend code in 4:5\d/ })).toBeDisabled();
  const verify = page.getByRole('button', { name: 'Verify Code' });
  const code = (await waitForMail(email, /sign-in code/)).subject.match(/\d{6}/)![0];
  await page.getByLabel('Code', { exact: true }).fill(`${code.slice(0, 5)}x`);
  await expect(verify).toBeDisabled();
  await page.getByLabel('Code', { exact: true }).fill(code);
  await verify.click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).email)).toBe(email);
});

test('wrong password and pending account show the spec messages', async ({ page }) => {
  const email = uniqueEmail('pending');
  await page.goto('/register');
  await register(page, 'Pen Ding', email);
  await passwordLogin(page, email);
  await expect(page.getByText('Your account is pending email verification. Please check your email and click the verification link.')).toBeVisible();
  await page.getByRole('form', { name: 'Password Login' }).getByLabel('Password').fill('Wrong-Password-1');
  await page.getByRole('form', { name: 'Password Login' }).getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
});

test('registration lists each failed password rule', async ({ page }) => {
  await page.goto('/auth?invite=not-a-real-invite');
  await expect(page.getByText("You're joining a family! This invite link will automatically add you to the family.")).toBeVisible();
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Name').fill('Weak');
  await form.getByLabel('Email').fill(uniqueEmail('weak'));
  await form.getByLabel('Password').fill('weak');
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(form.getByText('Password must be at least 8 characters long')).toBeVisible();
  await expect(form.getByText('Password must contain at least one uppercase letter')).toBeVisible();
  await expect(form.getByText('Password must contain at least one number')).toBeVisible();
});

test('a password reset link sets a new password', async ({ page }) => {
  const email = uniqueEmail('reset');
  await registerAndVerify(page, 'Re Set', email);
  await expect(page.getByText('Email verified!')).toBeVisible();

  await page.goto('/request-password-reset');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account exists for that email')).toBeVisible();
  await page.goto(linkIn((await waitForMail(email, /Reset/)).text, '/reset-password'));
  await page.getByLabel('New password').fill('lower');
  await expect(page.getByText('Password must contain at least one uppercase letter')).toBeVisible();
  await page.getByLabel('New password').fill('Fresh-Start-77');
  await page.getByLabel('Confirm password').fill('Fresh-Start-78');
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  await page.getByLabel('Confirm password').fill('Fresh-Start-77');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Your password has been reset.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/, { timeout: 6000 });
});

test('a missing verification token says so', async ({ page }) => {
  await page.goto('/verify-email');
  await expect(page.getByText('No verification token found. Please check your email for the correct link.')).toBeVisible();
});

test.describe('with approval required', () => {
  const approvalUrl = `http://127.0.0.1:${approvalPort}`;
  test.use({ baseURL: approvalUrl });

  test('a super admin approves a pending user at /superadmin, who can then sign in', async ({ page }) => {
    test.setTimeout(90_000);
    // The global setup starts this app and leaves it coming up meanwhile.
    await untilAnswering(approvalUrl);
    const email = uniqueEmail('approve');
    await registerAndVerify(page, 'Ap Prove', email);
    await expect(page.getByText('An administrator will approve your account shortly.')).toBeVisible();
    await page.goto('/auth');
    await passwordLogin(page, email);
    await expect(page.getByText('Your account is pending email verification.')).toBeVisible();

    await page.goto('/superadmin');
    await page.getByLabel('Username').fill(superadmin.username);
    await page.getByLabel('Password').fill('wrong');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Login failed. Please check your credentials.')).toBeVisible();
    await page.getByLabel('Password').fill(superadmin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('tab', { name: /Pending Users/ })).toBeVisible();
    await page.getByRole('button', { name: 'Approve Selected (0)' }).click();
    await expect(page.getByText('Please select at least one user')).toBeVisible();
    await page.getByLabel(`Select ${email}`).check();
    await page.getByRole('button', { name: 'Approve Selected (1)' }).click();
    await expect(page.getByLabel(`Select ${email}`)).toHaveCount(0);
    await page.getByRole('tab', { name: 'All Users' }).click();
    await expect(page.getByLabel(`Status of ${email}`)).toHaveValue('ACTIVE');
    // At 1280 px the status is read whole, not clipped to "ACTIV".
    expect((await page.getByLabel(`Status of ${email}`).boundingBox())!.width).toBeGreaterThanOrEqual(130);
    await page.getByRole('button', { name: 'Home' }).click();
    await expect(page).toHaveURL(new RegExp(`:${approvalPort}/(auth)?$`));

    await page.goto('/auth');
    await passwordLogin(page, email);
    await expect(page).toHaveURL(new RegExp(`:${approvalPort}/$`));
  });
});

test('an expired session sends the user to /auth with the spec message and clears storage', async ({ page }) => {
  await page.addInitScript(() => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('token', 'revoked-or-expired');
    localStorage.setItem('user', JSON.stringify({ id: 'x', name: 'Gone', email: 'gone@example.test', familyId: null, permissionLevel: null, createdAt: new Date().toISOString() }));
  });
  await page.goto('/lists');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText('Authentication failed. Please login again.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
});

test('email code: a re-request inside the minute is explained, and a pending account hears why it cannot sign in', async ({ page }) => {
  const email = uniqueEmail('pending');
  await page.goto('/auth');
  await register(page, 'Pia', email);
  await page.getByRole('tab', { name: 'Email Code Login' }).click();
  await page.getByRole('form', { name: 'Email Code Login' }).getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByText("If your email is registered, you'll receive a code.")).toBeVisible();
  const code = (await waitForMail(email, /sign-in code/)).subject.match(/\d{6}/)![0];

  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByText(/A code was just sent to this email and is still valid: enter it below\. You can ask for another in \d+ seconds\./))
    .toBeVisible();
  await expect(page.getByText('Failed to send code. Please try again.')).toHaveCount(0);

  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expect(page.getByText('Your account is pending email verification. Please check your email and click the verification link.'))
    .toBeVisible();
  await expect(page.getByText('A code was just sent')).toHaveCount(0);
  await expect(page).toHaveURL(/\/auth$/);
});

test('a verification link opened again says the email is already verified; resending explains the password sign-in', async ({ page }) => {
  const email = uniqueEmail('again');
  await page.goto('/auth');
  await register(page, 'Vera', email);
  const link = linkIn((await waitForMail(email, /Verify/)).text, '/verify-email');
  await page.goto(link);
  await expect(page.getByText('Email verified!')).toBeVisible();
  await page.goto(link);
  await expect(page.getByText('Your email is already verified. You can sign in.')).toBeVisible();
  await expect(page.getByText('invalid or has expired')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Go to sign in' })).toBeVisible();

  await page.goto('/verify-email?token=not-a-real-token');
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(page.getByText('Resending verification emails is coming soon. Signing in with your password also sends a fresh link.'))
    .toBeVisible();
});

test("a failed password reset shows the spec's text", async ({ page }) => {
  await page.goto('/reset-password?token=not-a-real-token');
  await page.getByLabel('New password').fill('Fresh-Start-77');
  await page.getByLabel('Confirm password').fill('Fresh-Start-77');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert')).toContainText('An error occurred. Please try again.');
});

test('the super admin creates a family; a blank name is refused with the spec text', async ({ page }) => {
  await page.goto('/superadmin');
  await page.getByLabel('Username').fill(superadmin.username);
  await page.getByLabel('Password').fill(superadmin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('tab', { name: 'Families' }).click();
  const form = page.getByRole('form', { name: 'Create family' });
  await form.getByRole('button', { name: 'Create Family' }).click();
  await expect(form.getByText('Family name is required')).toBeVisible();
  const name = `Console family ${Date.now().toString(36)}`;
  await form.getByLabel('Family name').fill(name);
  await form.getByLabel('Description').fill('Made from the console');
  await form.getByRole('button', { name: 'Create Family' }).click();
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
  await expect(form.getByText('Family name is required')).toHaveCount(0);
  await expect(form.getByLabel('Family name')).toHaveValue('');
});
