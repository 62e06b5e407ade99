import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as accounts from '@hearth/contract/accounts';
import * as family from '@hearth/contract/family';
import { createTestApp, signUp, uniqueEmail, type TestApp } from '../../test/harness.ts';
import { linkToken, mailedCode } from '../../test/mailbox.ts';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logTo: { write: (line) => lines.push(line) } });
});
afterAll(async () => { await t.close(); });

describe('the log', () => {
  it('never holds a token, code, password hash or email that the app issued or was sent', async () => {
    const secrets: string[] = [];
    const ada = await signUp(t, { name: 'Ada' });
    // Links from mails, opened as a browser would (the web app's routes, then the API).
    const email = uniqueEmail('log');
    await t.call(accounts.register, { body: { email, name: 'Log', password: 'Sunny-Kitchen-42' } });
    const verify = linkToken((await t.mailbox.waitFor(email, /Verify/)).text, '/verify-email');
    secrets.push(verify);
    await t.app.inject({ url: `/verify-email?token=${verify}` });
    await t.call(accounts.verifyEmail, { body: { token: verify } });
    await t.call(accounts.requestPasswordReset, { body: { email } });
    const reset = linkToken((await t.mailbox.waitFor(email, /reset/i)).text, '/reset-password');
    secrets.push(reset);
    await t.app.inject({ url: `/reset-password?token=${reset}` });
    await t.call(accounts.requestCode, { body: { email } });
    const code = mailedCode((await t.mailbox.waitFor(email, /code/)).text);
    secrets.push(code);
    await t.call(accounts.verifyCode, { body: { email, code } });
    const invite = (await ada.call(family.createInvite, { body: { invitedEmail: null } })).body.token as string;
    secrets.push(invite, ada.token);
    await t.app.inject({ url: `/auth?invite=${invite}` });

    // A query that fails while carrying an email as a parameter.
    await t.db.execute(sql`alter table users rename to users_away`);
    try {
      const failed = await t.call(accounts.login, { body: { email, password: 'Sunny-Kitchen-42' } });
      expect(failed.status).toBe(500);
    } finally {
      await t.db.execute(sql`alter table users_away rename to users`);
    }
    secrets.push(email, '$argon2id$');

    const log = lines.join('');
    expect(log).toContain('/reset-password?token=[redacted]');
    expect(log).toContain('FailedQuery');
    for (const secret of secrets) expect(log, secret).not.toContain(secret);
  });
});
