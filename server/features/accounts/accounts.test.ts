import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import * as api from '@hearth/contract/accounts';
import { days, hours, minutes } from '../../platform/clock.ts';
import { emailTokens, familyMembers, families, loginCodes, users } from '../../platform/db/schema.ts';
import {
  createTestApp, randomIp, request, signIn, signUp, strongPassword, uniqueEmail, type TestApp,
} from '../../test/harness.ts';
import { linkToken, mailedCode } from '../../test/mailbox.ts';
import { liveVerifyLinks } from './service.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const register = (body: Record<string, unknown>) => t.call(api.register, { body });

describe('registration', () => {
  it('founds "<name>\'s Family" with the new user as its ADMIN member', async () => {
    const member = await signUp(t, { name: 'Ada' });
    expect(member.user.familyId).toBeTruthy();
    expect(member.user.permissionLevel).toBe('ADMIN');
    const [family] = await t.db.select().from(families).where(eq(families.id, member.user.familyId!));
    expect(family?.name).toBe("Ada's Family");
    expect(family?.timezone).toBe('America/New_York');
    const members = await t.db.select().from(familyMembers).where(eq(familyMembers.familyId, family!.id));
    expect(members).toHaveLength(1);
    expect(members[0]).toMatchObject({ userId: member.user.id, name: 'Ada', memberNumber: 1, permissionLevel: 'ADMIN' });
  });

  it('answers the list of failed password rules', async () => {
    const res = await register({ email: uniqueEmail(), name: 'Bo', password: 'short' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      'Password must be at least 8 characters long',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one number',
    ]);
    const lower = await register({ email: uniqueEmail(), name: 'Bo', password: 'ALLUPPER123' });
    expect(lower.body.errors).toEqual(['Password must contain at least one lowercase letter']);
  });

  it('requires name, a valid email and a name of at most 100 characters', async () => {
    expect((await register({ email: uniqueEmail(), name: '  ', password: strongPassword })).body.message)
      .toBe('Name is required');
    expect((await register({ email: 'not-an-email', name: 'X', password: strongPassword })).body.message)
      .toBe('Please enter a valid email address');
    expect((await register({ email: uniqueEmail(), name: 'x'.repeat(101), password: strongPassword })).body.message)
      .toBe('Name must be less than 100 characters');
  });

  it('refuses a second account for the same email, whatever its case', async () => {
    const email = uniqueEmail();
    expect((await register({ email, name: 'A', password: strongPassword })).status).toBe(201);
    const again = await register({ email: email.toUpperCase(), name: 'B', password: strongPassword });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(api.messages.emailTaken);
  });

  it('refuses an unknown invite token and creates nothing', async () => {
    const email = uniqueEmail();
    const res = await register({ email, name: 'C', password: strongPassword, inviteToken: 'nope' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(api.messages.inviteInvalid);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('keeps the account PENDING until the email is verified', async () => {
    const email = uniqueEmail();
    await register({ email, name: 'D', password: strongPassword });
    const res = await t.call(api.login, { body: { email, password: strongPassword } });
    expect(res.status).toBe(403);
    expect(res.body.message).toContain('pending approval');
  });
});

describe('email verification', () => {
  it('activates the account once; opened again, the link says the email is already verified', async () => {
    const email = uniqueEmail();
    await register({ email, name: 'E', password: strongPassword });
    const token = linkToken((await t.mailbox.waitFor(email)).text, '/verify-email');
    const ok = await t.call(api.verifyEmail, { body: { token } });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(api.messages.emailVerified);
    const again = await t.call(api.verifyEmail, { body: { token } });
    expect([again.status, again.body.message]).toEqual([200, api.messages.emailAlreadyVerified]);
    expect((await t.call(api.verifyEmail, { body: { token: `${token}x` } })).status).toBe(400);
    expect((await t.call(api.login, { body: { email, password: strongPassword } })).status).toBe(200);
  });

  it('expires after 24 hours', async () => {
    const email = uniqueEmail();
    await register({ email, name: 'F', password: strongPassword });
    const token = linkToken((await t.mailbox.waitFor(email)).text, '/verify-email');
    t.clock.advance(hours(24) + 1000);
    const res = await t.call(api.verifyEmail, { body: { token } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(api.messages.verifyTokenInvalid);
  });

  it('sends a fresh link when an unverified user tries to sign in, and says so', async () => {
    const email = uniqueEmail();
    await register({ email, name: 'G', password: strongPassword });
    const first = linkToken((await t.mailbox.waitFor(email)).text, '/verify-email');
    t.clock.advance(hours(25));
    const refused = await t.call(api.login, { body: { email, password: strongPassword } });
    expect([refused.status, refused.body.code, refused.body.verificationSent]).toEqual([403, 'ACCOUNT_PENDING', true]);
    const fresh = linkToken((await t.mailbox.waitFor(email)).text, '/verify-email');
    expect(fresh).not.toBe(first);
    // Within the resend pause no link goes, and the answer does not claim one did.
    const again = await t.call(api.login, { body: { email, password: strongPassword } });
    expect([again.status, again.body.verificationSent]).toEqual([403, undefined]);
    expect((await t.call(api.verifyEmail, { body: { token: fresh } })).status).toBe(200);
  });

  it('keeps the links mailed earlier usable until one is used; then each says the email is verified', async () => {
    const email = uniqueEmail();
    await register({ email, name: 'Gil', password: strongPassword });
    const links = [linkToken((await t.mailbox.waitFor(email)).text, '/verify-email')];
    for (let sent = 0; sent < 2; sent++) {
      t.clock.advance(minutes(6));
      expect((await t.call(api.login, { body: { email, password: strongPassword } })).body.verificationSent).toBe(true);
      links.push(linkToken((await t.mailbox.waitFor(email)).text, '/verify-email'));
    }
    expect(new Set(links).size).toBe(3);
    // The first mail's link, opened after two more were sent, still verifies.
    const ok = await t.call(api.verifyEmail, { body: { token: links[0] } });
    expect([ok.status, ok.body.message]).toEqual([200, api.messages.emailVerified]);
    for (const token of links.slice(1)) {
      const later = await t.call(api.verifyEmail, { body: { token } });
      expect([later.status, later.body.message]).toEqual([200, api.messages.emailAlreadyVerified]);
    }
    expect((await t.call(api.login, { body: { email, password: strongPassword } })).status).toBe(200);
  });

  it(`keeps at most ${liveVerifyLinks} links of one account usable: the oldest go first`, async () => {
    const email = uniqueEmail();
    await register({ email, name: 'Hedy', password: strongPassword });
    const links = [linkToken((await t.mailbox.waitFor(email)).text, '/verify-email')];
    for (let sent = 0; sent < liveVerifyLinks; sent++) {
      t.clock.advance(minutes(6));
      await t.call(api.login, { body: { email, password: strongPassword } });
      links.push(linkToken((await t.mailbox.waitFor(email)).text, '/verify-email'));
    }
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    const live = await t.db.select().from(emailTokens)
      .where(and(eq(emailTokens.userId, user!.id), isNull(emailTokens.usedAt)));
    expect(live).toHaveLength(liveVerifyLinks);
    const oldest = await t.call(api.verifyEmail, { body: { token: links[0] } });
    expect([oldest.status, oldest.body.message]).toEqual([400, api.messages.verifyTokenInvalid]);
    // Each link keeps its own expiry: a minute past the second's, the newest still works.
    t.clock.advance(hours(24) - minutes(6 * (liveVerifyLinks - 1)) + minutes(1));
    expect((await t.call(api.verifyEmail, { body: { token: links[1] } })).status).toBe(400);
    expect((await t.call(api.verifyEmail, { body: { token: links.at(-1)! } })).body.message).toBe(api.messages.emailVerified);
  });
});

describe('password sign-in and sessions', () => {
  it('answers token and user, and /api/me the same user', async () => {
    const member = await signUp(t, { name: 'Hal' });
    expect(member.token.length).toBeGreaterThanOrEqual(40);
    const me = await member.call(api.me);
    expect(me.status).toBe(200);
    expect(me.body).toEqual(member.user);
    expect(Object.keys(me.body).sort()).toEqual(['createdAt', 'email', 'familyId', 'id', 'name', 'permissionLevel']);
  });

  it('refuses a wrong password with the same message as an unknown email', async () => {
    const member = await signUp(t);
    const wrong = await t.call(api.login, { body: { email: member.email, password: 'Wrong-pass-1' } });
    const unknown = await t.call(api.login, { body: { email: uniqueEmail(), password: 'Wrong-pass-1' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(api.messages.badCredentials);
    expect(unknown.body.message).toBe(api.messages.badCredentials);
  });

  it('answers 401 without a token, with an unknown token, and after logout', async () => {
    expect((await t.call(api.me)).status).toBe(401);
    expect((await t.call(api.me, { headers: { authorization: 'Bearer nonsense' } })).status).toBe(401);
    const member = await signUp(t);
    expect((await member.call(api.logout)).status).toBe(204);
    expect((await member.call(api.me)).status).toBe(401);
  });

  it('slides the 30-day expiry while the session is used, and expires it when idle', async () => {
    const member = await signUp(t);
    t.clock.advance(days(20));
    expect((await member.call(api.me)).status).toBe(200);
    t.clock.advance(days(20));
    expect((await member.call(api.me)).status).toBe(200);
    t.clock.advance(days(30) + 1000);
    expect((await member.call(api.me)).status).toBe(401);
  });

  it('limits sign-in calls per client address, saying when to try again', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      statuses.push((await request(t.app, api.login, { body: { email: uniqueEmail(), password: 'x' } }, ip)).status);
      t.clock.advance(1000);
    }
    expect(statuses.every((s) => s === 401)).toBe(true);
    const refused = await request(t.app, api.login, { body: { email: uniqueEmail(), password: 'x' } }, ip);
    expect([refused.status, refused.body.message, refused.raw.headers['retry-after']])
      .toEqual([429, api.messages.tooManyAttempts, '40']);
  });

  it('does not let a client pick its own address with X-Forwarded-For', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const headers = { 'x-forwarded-for': `203.0.113.${i + 1}` };
      statuses.push((await request(t.app, api.login, { body: { email: uniqueEmail(), password: 'x' }, headers }, ip)).status);
    }
    expect(statuses[20]).toBe(429);
  });
});

describe('email code sign-in', () => {
  it('answers the same whether or not the email is registered', async () => {
    const member = await signUp(t);
    const known = await t.call(api.requestCode, { body: { email: member.email } });
    const unknown = await t.call(api.requestCode, { body: { email: uniqueEmail() } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.message).toBe(api.messages.codeRequested);
  });

  it('signs in with the mailed 6-digit code, once', async () => {
    const member = await signUp(t);
    await t.call(api.requestCode, { body: { email: member.email } });
    const code = mailedCode((await t.mailbox.waitFor(member.email, /code/)).text);
    expect(code).toMatch(/^\d{6}$/);
    const ok = await t.call(api.verifyCode, { body: { email: member.email, code } });
    expect(ok.status).toBe(200);
    expect(ok.body.user.id).toBe(member.user.id);
    const again = await t.call(api.verifyCode, { body: { email: member.email, code } });
    expect(again.status).toBe(401);
    expect(again.body.message).toBe(api.messages.codeInvalid);
  });

  it('expires a code after 10 minutes', async () => {
    const member = await signUp(t);
    await t.call(api.requestCode, { body: { email: member.email } });
    const code = mailedCode((await t.mailbox.waitFor(member.email, /code/)).text);
    t.clock.advance(minutes(10) + 1000);
    expect((await t.call(api.verifyCode, { body: { email: member.email, code } })).status).toBe(401);
  });

  it('kills a code after 5 wrong tries', async () => {
    const member = await signUp(t);
    await t.call(api.requestCode, { body: { email: member.email } });
    const code = mailedCode((await t.mailbox.waitFor(member.email, /code/)).text);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect((await t.call(api.verifyCode, { body: { email: member.email, code: wrong } })).status).toBe(401);
    }
    expect((await t.call(api.verifyCode, { body: { email: member.email, code } })).status).toBe(401);
  });

  // 300 requests at once: on 2 cores shared with the browser tests, more than the default 20 s.
  it('compares a code at most 5 times in a parallel burst of 300 guesses, and then refuses the right code', async () => {
    const member = await signUp(t);
    await t.call(api.requestCode, { body: { email: member.email } });
    const code = mailedCode((await t.mailbox.waitFor(member.email, /code/)).text);
    const wrong = code === '000000' ? '111111' : '000000';
    const burst = await Promise.all(Array.from({ length: 300 }, () =>
      request(t.app, api.verifyCode, { body: { email: member.email, code: wrong } }, randomIp())));
    expect(burst.filter((r) => r.status === 401)).toHaveLength(300);
    const [row] = await t.db.select({ tries: loginCodes.failedAttempts }).from(loginCodes)
      .where(eq(loginCodes.userId, member.user.id));
    expect(row?.tries).toBe(5);
    expect((await t.call(api.verifyCode, { body: { email: member.email, code } })).status).toBe(401);
  }, 60_000);

  it('sends at most one code a minute and five an hour per email', async () => {
    const member = await signUp(t);
    const ask = () => t.call(api.requestCode, { body: { email: member.email } });
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(429);
    for (let i = 0; i < 4; i++) {
      t.clock.advance(minutes(1) + 1000);
      expect((await ask()).status).toBe(200);
    }
    t.clock.advance(minutes(1) + 1000);
    expect((await ask()).status).toBe(429);
    t.clock.advance(hours(1));
    expect((await ask()).status).toBe(200);
  });

  it('refuses codes that are not 6 digits', async () => {
    const res = await t.call(api.verifyCode, { body: { email: uniqueEmail(), code: '12a' } });
    expect(res.status).toBe(400);
  });
});

describe('password reset', () => {
  it('answers the same whether or not the email is registered', async () => {
    const member = await signUp(t);
    const known = await t.call(api.requestPasswordReset, { body: { email: member.email } });
    const unknown = await t.call(api.requestPasswordReset, { body: { email: uniqueEmail() } });
    expect(known.body).toEqual(unknown.body);
    expect(known.status).toBe(200);
  });

  it('sets a new password once, and signs out every session', async () => {
    const member = await signUp(t);
    await t.call(api.requestPasswordReset, { body: { email: member.email } });
    const token = linkToken((await t.mailbox.waitFor(member.email, /Reset/)).text, '/reset-password');
    const weak = await t.call(api.confirmPasswordReset, { body: { token, newPassword: 'weak' } });
    expect(weak.status).toBe(400);
    expect(weak.body.errors).toContain('Password must be at least 8 characters long');
    const ok = await t.call(api.confirmPasswordReset, { body: { token, newPassword: 'Brand-New-Pass-7' } });
    expect(ok.body).toEqual({ success: true, message: api.messages.resetDone });
    expect((await member.call(api.me)).status).toBe(401);
    expect((await t.call(api.confirmPasswordReset, { body: { token, newPassword: 'Another-Pass-8' } })).status).toBe(400);
    expect((await t.call(api.login, { body: { email: member.email, password: member.password } })).status).toBe(401);
    await signIn(t, member.email, 'Brand-New-Pass-7');
  });

  it('expires the link after 1 hour', async () => {
    const member = await signUp(t);
    await t.call(api.requestPasswordReset, { body: { email: member.email } });
    const token = linkToken((await t.mailbox.waitFor(member.email, /Reset/)).text, '/reset-password');
    t.clock.advance(hours(1) + 1000);
    const res = await t.call(api.confirmPasswordReset, { body: { token, newPassword: 'Brand-New-Pass-7' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(api.messages.resetTokenInvalid);
  });
});

describe('approval required', () => {
  it('keeps a verified account PENDING until a super admin approves it', async () => {
    const strict = await createTestApp({ env: { REQUIRE_APPROVAL: 'true' } });
    try {
      const email = uniqueEmail();
      await strict.call(api.register, { body: { email, name: 'P', password: strongPassword } });
      const token = linkToken((await strict.mailbox.waitFor(email)).text, '/verify-email');
      const verified = await strict.call(api.verifyEmail, { body: { token } });
      expect(verified.body.message).toBe(api.messages.emailVerifiedAwaitingApproval);
      const pending = await strict.call(api.login, { body: { email, password: strongPassword } });
      expect(pending.status).toBe(403);
      expect(pending.body.message).toContain('pending approval');
      const [row] = await strict.db.select().from(users).where(eq(users.email, email));
      expect(row?.status).toBe('PENDING');
      expect(row?.emailVerifiedAt).not.toBeNull();
    } finally {
      await strict.close();
    }
  });
});
