import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as accounts from '@hearth/contract/accounts';
import * as calendar from '@hearth/contract/calendar';
import { Id } from '@hearth/contract/endpoint';
import * as family from '@hearth/contract/family';
import { contractEndpoints } from '../../test/contract-endpoints.ts';
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
    // The invite's own calls carry it in their path.
    await t.call(family.previewInvite, { params: { token: invite } });
    const ben = await signUp(t, { name: 'Ben' });
    expect((await ben.call(family.acceptInvite, { params: { token: invite } })).status).toBe(200);
    expect((await ada.call(family.revokeInvite, { params: { token: invite } })).status).toBe(204);
    const feed = new URL((await ada.call(calendar.calendarExportUrl)).body.calendarUrl as string);
    secrets.push(feed.searchParams.get('key')!);
    expect((await t.app.inject({ url: `${feed.pathname}${feed.search}` })).statusCode).toBe(200);

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
    expect(log).toContain('/api/family/invite/[redacted]/accept');
    expect(log).toContain(`${calendar.calendarFeedPath}?key=[redacted]`);
    expect(log).toContain('FailedQuery');
    for (const secret of secrets) expect(log, secret).not.toContain(secret);
  });

  it('shows a path parameter only where the contract makes it an id: any other (a token, a key) is redacted', async () => {
    const shown: string[] = [];
    const hidden: string[] = [];
    const hiddenRoutes: string[] = [];
    for (const e of await contractEndpoints()) {
      const url = e.path.replace(/\{(\w+)\}/g, (_, name: string) => {
        const isId = e.params?.shape[name] === Id;
        const value = isId ? crypto.randomUUID() : `secret-${crypto.randomUUID()}`;
        if (isId) {
          shown.push(value);
        } else {
          hidden.push(value);
          hiddenRoutes.push(`${e.method} ${e.path}`);
        }
        return value;
      });
      if (url !== e.path) await t.app.inject({ method: e.method, url });
    }
    expect(hiddenRoutes).toEqual(expect.arrayContaining([
      'DELETE /api/family/invite/{token}', 'GET /api/family/invite/{token}', 'POST /api/family/invite/{token}/accept',
    ]));
    const log = lines.join('');
    for (const value of hidden) expect(log).not.toContain(value);
    for (const value of shown) expect(log).toContain(value);
  });
});
