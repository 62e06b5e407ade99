import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as accounts from '@hearth/contract/accounts';
import { createTestApp, signUp, statementsOf, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { joinAs } from '../../test/factories.ts';
import { days } from '../clock.ts';
import { sessions, users } from '../db/schema.ts';
import { hashToken } from './secrets.ts';
import { SessionLookups } from './sessions.ts';

/** Session lookups are answered together (`SessionLookups`), each by the rules of a lookup of its own. */

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
  it('answer a burst arriving together in one statement, each token with its own caller, or null', async () => {
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
    const familyId = ada.user.familyId;
    const asAda = { userId: ada.user.id, name: 'Ada', email: ada.user.email, familyId, permissionLevel: 'ADMIN' };
    const asBen = { userId: ben.user.id, name: 'Ben', email: ben.user.email, familyId, permissionLevel: 'READ_ONLY' };
    expect(answers).toEqual([asAda, asBen, null, null, null, null, asAda, asBen].map((caller) => caller && {
      ...caller, sessionId: expect.any(String), memberId: expect.any(String), createdAt: expect.any(Date),
    }));
    // Each session is its own token's.
    expect(answers[0]!.sessionId).toBe(answers[6]!.sessionId);
    expect(answers[0]!.sessionId).not.toBe(answers[1]!.sessionId);
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
