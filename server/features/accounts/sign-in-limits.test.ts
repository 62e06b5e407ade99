import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@hearth/contract/accounts';
import { minutes } from '../../platform/clock.ts';
import { delayAfter, maxDelay } from '../../platform/slowdown.ts';
import { createTestApp, randomIp, request, signUp, uniqueEmail, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { mailedCode } from '../../test/mailbox.ts';
import { addressFailureWindows, signInFailureWindows } from './service.ts';

/**
 * Failed sign-ins are counted per address and per (email, address): an attacker is stopped where they are, and
 * the owner, elsewhere, signs in. Attempts on one email from everywhere only slow down (`Slowdown`).
 */

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const perPair = signInFailureWindows[0]!.max;
const perAddress = addressFailureWindows[0]!.max;

const login = (email: string, password: string, ip: string) => request(t.app, api.login, { body: { email, password } }, ip);
const statusAndMessage = (a: { status: number; body: { message: string } }) => [a.status, a.body.message];
const tooMany = [429, api.messages.tooManyAttempts];

/** The waits the app asked for during `work`. */
async function waitsOf(work: () => Promise<unknown>): Promise<number[]> {
  const from = t.clock.waits.length;
  await work();
  return t.clock.waits.slice(from);
}

/** Moves past every sign-in window, so each test starts afresh. */
const later = () => t.clock.advance(minutes(16));

async function mailedCodeFor(member: SignedInUser, ip: string): Promise<string> {
  expect((await request(t.app, api.requestCode, { body: { email: member.email } }, ip)).status).toBe(200);
  return mailedCode((await t.mailbox.waitFor(member.email, /code/)).text);
}

describe('sign-in limits a stranger cannot turn against the owner', () => {
  it('stops 50 wrong passwords from one address after 10, while the owner signs in from another', async () => {
    later();
    const owner = await signUp(t);
    const attacker = randomIp();
    const answers = [];
    for (let i = 0; i < 50; i++) answers.push(await login(owner.email, 'Wrong-pass-1', attacker));
    expect(answers.slice(0, perPair).map((a) => a.status)).toEqual(Array(perPair).fill(401));
    expect(answers.slice(perPair).map(statusAndMessage)).toEqual(Array(50 - perPair).fill(tooMany));
    // Even the right password is refused from the attacker's address, until its pause ends.
    expect(statusAndMessage(await login(owner.email, owner.password, attacker))).toEqual(tooMany);

    const home = randomIp();
    const waits = await waitsOf(async () => expect((await login(owner.email, owner.password, home)).status).toBe(200));
    expect(waits).toEqual([delayAfter(perPair)]);
    const code = await mailedCodeFor(owner, home);
    const signedIn = await request(t.app, api.verifyCode, { body: { email: owner.email, code } }, home);
    expect([signedIn.status, signedIn.body.user.id]).toEqual([200, owner.user.id]);

    t.clock.advance(minutes(15) + 1000);
    expect((await login(owner.email, owner.password, attacker)).status).toBe(200);
  });

  it('checks at most 10 passwords of a parallel burst of 300 from one address', async () => {
    later();
    const owner = await signUp(t);
    const attacker = randomIp();
    const burst = await Promise.all(Array.from({ length: 300 }, () => login(owner.email, 'Wrong-pass-1', attacker)));
    expect(burst.filter((a) => a.status === 401)).toHaveLength(perPair);
    expect(burst.filter((a) => a.status === 429)).toHaveLength(300 - perPair);
    expect((await login(owner.email, owner.password, randomIp())).status).toBe(200);
  });

  it('slows guesses at one email from many addresses down, up to 3 s, and never locks the owner out', async () => {
    later();
    const owner = await signUp(t);
    let waits = await waitsOf(() => Promise.all(Array.from({ length: 50 }, async () =>
      expect((await login(owner.email, 'Wrong-pass-1', randomIp())).status).toBe(401))));
    expect(waits.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => delayAfter(i)));
    expect(Math.max(...waits)).toBe(maxDelay);

    waits = await waitsOf(async () => expect((await login(owner.email, owner.password, randomIp())).status).toBe(200));
    expect(waits).toEqual([maxDelay]);
    const home = randomIp();
    const code = await mailedCodeFor(owner, home);
    waits = await waitsOf(async () =>
      expect((await request(t.app, api.verifyCode, { body: { email: owner.email, code } }, home)).status).toBe(200));
    expect(waits).toEqual([]);
    // The owner's sign-in forgave the email's failures.
    waits = await waitsOf(() => login(owner.email, 'Wrong-pass-1', randomIp()));
    expect(waits).toEqual([0]);
  });

  it('signs the owner in with a fresh code whatever was guessed at the codes before, unless its own tries are spent', async () => {
    later();
    const owner = await signUp(t);
    const home = randomIp();
    const first = await mailedCodeFor(owner, home);
    const wrong = first === '000000' ? '111111' : '000000';
    const guesses = await Promise.all(Array.from({ length: 40 }, () =>
      request(t.app, api.verifyCode, { body: { email: owner.email, code: wrong } }, randomIp())));
    expect(guesses.map(statusAndMessage)).toEqual(Array(40).fill([401, api.messages.codeInvalid]));
    expect((await request(t.app, api.verifyCode, { body: { email: owner.email, code: first } }, home)).status).toBe(401);
    t.clock.advance(minutes(1) + 1000);
    const fresh = await mailedCodeFor(owner, home);
    expect((await request(t.app, api.verifyCode, { body: { email: owner.email, code: fresh } }, home)).status).toBe(200);
  });
});

describe('failed sign-ins per address', () => {
  it('pauses an address after 30 failures in 15 minutes whatever the emails, exactly under parallel bursts', async () => {
    later();
    const owner = await signUp(t);
    const attacker = randomIp();
    const burst = () => Promise.all(Array.from({ length: 20 }, () => login(uniqueEmail(), 'Wrong-pass-1', attacker)));
    // Two bursts a minute apart: the per-address request limit lets 20 calls a minute through.
    const first = await burst();
    t.clock.advance(minutes(1));
    const second = await burst();
    const answers = [...first, ...second];
    expect(answers.filter((a) => a.status === 401)).toHaveLength(perAddress);
    expect(answers.filter((a) => a.status === 429).map(statusAndMessage)).toEqual(Array(40 - perAddress).fill(tooMany));
    expect(statusAndMessage(await login(owner.email, owner.password, attacker))).toEqual(tooMany);
    const code = await mailedCodeFor(owner, randomIp());
    expect(statusAndMessage(await request(t.app, api.verifyCode, { body: { email: owner.email, code } }, attacker)))
      .toEqual(tooMany);
    expect((await login(owner.email, owner.password, randomIp())).status).toBe(200);
    t.clock.advance(minutes(15));
    expect((await login(uniqueEmail(), 'Wrong-pass-1', attacker)).status).toBe(401);
  });

  it('counts wrong codes, and not right sign-ins, against the address', async () => {
    later();
    const owner = await signUp(t);
    const ip = randomIp();
    for (let i = 0; i < perAddress - 1; i++) {
      if (i % 19 === 18) t.clock.advance(minutes(1));
      const code = i % 2 === 0 ? '000000' : '111111';
      expect((await request(t.app, api.verifyCode, { body: { email: uniqueEmail(), code } }, ip)).status).toBe(401);
    }
    t.clock.advance(minutes(1));
    for (let i = 0; i < 5; i++) expect((await login(owner.email, owner.password, ip)).status).toBe(200);
    expect((await login(owner.email, 'Wrong-pass-1', ip)).status).toBe(401);
    expect(statusAndMessage(await login(owner.email, owner.password, ip))).toEqual(tooMany);
  });
});
