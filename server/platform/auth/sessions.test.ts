import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as accounts from '@hearth/contract/accounts';
import { createTestApp, signUp, statementsOf, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { joinAs } from '../../test/factories.ts';
import { days } from '../clock.ts';
import { sessions, users } from '../db/schema.ts';
import { hashToken } from './secrets.ts';
import { resolveSession, SessionLookups } from './sessions.ts';

/** Lookups answered together (`SessionLookups`) follow every rule of the one-at-a-time lookup. */

let t: TestApp;
let ada: SignedInUser;
let ben: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  ada = await signUp(t, { name: 'Ada' });
  ben = await joinAs(t, ada, 'READ_ONLY', 'Ben');
});
afterAll(async () => { await t.close(); });

describe('session lookups answered together', () => {
  it('answer a burst arriving together in one statement, each token with the caller the one-at-a-time lookup finds, or null', async () => {
    const signedOut = await signUp(t, { name: 'Cleo' });
    expect((await signedOut.call(accounts.logout)).status).toBeLessThan(300);
    const expired = await signUp(t, { name: 'Dan' });
    await t.db.update(sessions).set({ expiresAt: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(expired.token)));
    const pending = await signUp(t, { name: 'Eve' });
    await t.db.update(users).set({ status: 'PENDING' }).where(eq(users.id, pending.user.id));
    const tokens = [ada.token, ben.token, signedOut.token, expired.token, pending.token, 'not-a-token', ada.token, ben.token];

    const lookups = new SessionLookups(t.db, t.clock);
    let answers: Awaited<ReturnType<SessionLookups['resolve']>>[] = [];
    const statements = await statementsOf(t, async () => {
      answers = await Promise.all(tokens.map((token) => lookups.resolve(token)));
    });
    expect(statements).toBe(1);
    const one = await Promise.all(tokens.map((token) => resolveSession(t.db, t.clock, token)));
    expect(answers).toEqual(one);
    expect(answers.map((a) => a && [a.name, a.permissionLevel])).toEqual([
      ['Ada', 'ADMIN'], ['Ben', 'READ_ONLY'], null, null, null, null, ['Ada', 'ADMIN'], ['Ben', 'READ_ONLY'],
    ]);
  });

  it('slide a session\'s expiry as the one-at-a-time lookup does', async () => {
    const user = await signUp(t, { name: 'Finn' });
    const lookups = new SessionLookups(t.db, t.clock);
    const expiry = async () => (await t.db.select({ at: sessions.expiresAt }).from(sessions)
      .where(eq(sessions.tokenHash, hashToken(user.token))))[0]!.at.getTime();
    const before = await expiry();
    t.clock.advance(days(1));
    expect((await lookups.resolve(user.token))?.userId).toBe(user.user.id);
    expect(await expiry()).toBe(before + days(1));
  });
});
