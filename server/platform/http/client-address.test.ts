import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@hearth/contract/accounts';
import { createTestApp, request, uniqueEmail, type TestApp } from '../../test/harness.ts';

/**
 * Which address the per-address limits count (the login route's 20 calls a minute here): the peer's, or, from a
 * trusted proxy (TRUST_PROXY), the last address it added to X-Forwarded-For; never one a client wrote itself.
 */

const proxy = '10.0.0.5';
const perMinute = 20;

/** Status of each of `n` sign-in calls, the i-th sent from `peerOf(i)` with the headers `headersOf(i)`. */
async function statuses(
  t: TestApp, n: number, peerOf: (i: number) => string, headersOf: (i: number) => Record<string, string> = () => ({}),
) {
  const answers: number[] = [];
  for (let i = 0; i < n; i++) {
    const body = { email: uniqueEmail(), password: 'Wrong-pass-1' };
    answers.push((await request(t.app, api.login, { body, headers: headersOf(i) }, peerOf(i))).status);
  }
  return answers;
}

const from = (peer: string) => () => peer;

const limited = (answers: number[]) => [answers.slice(0, perMinute).every((s) => s === 401), answers[perMinute]];

describe('behind proxies at known addresses', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ env: { TRUST_PROXY: `${proxy},172.16.0.0/12` } }); });
  afterAll(async () => { await t.close(); });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const answers = await statuses(t, perMinute + 1, from('203.0.113.9'), (i) => ({ 'x-forwarded-for': `198.51.100.${i + 1}` }));
    expect(limited(answers)).toEqual([true, 429]);
  });

  it('counts each client a trusted proxy names apart, by the address the proxy added', async () => {
    const apart = await statuses(t, perMinute + 1, from(proxy), (i) => ({ 'x-forwarded-for': `198.51.100.${100 + i}` }));
    expect(apart).toEqual(Array(perMinute + 1).fill(401));
    // What the client wrote before the proxy's entry changes nothing.
    const one = await statuses(t, perMinute + 1, from('172.20.0.3'), (i) => ({ 'x-forwarded-for': `192.0.2.${i + 1}, 198.51.100.7` }));
    expect(limited(one)).toEqual([true, 429]);
  });
});

describe('behind a number of proxies', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ env: { TRUST_PROXY: '1' } }); });
  afterAll(async () => { await t.close(); });

  it('believes the one address the proxy added, not those the client wrote before it', async () => {
    const answers = await statuses(t, perMinute + 1, from(proxy), (i) => ({ 'x-forwarded-for': `192.0.2.${i + 1}, 198.51.100.8` }));
    expect(limited(answers)).toEqual([true, 429]);
    expect(await statuses(t, 1, from(proxy), () => ({ 'x-forwarded-for': '198.51.100.9' }))).toEqual([401]);
  });
});

describe('IPv6 clients', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t.close(); });

  it('are counted per /64, so a client cannot take a fresh address for every attempt', async () => {
    const network = await statuses(t, perMinute + 1, (i) => `2001:db8:1:2::${(i + 1).toString(16)}`);
    expect(limited(network)).toEqual([true, 429]);
    expect(await statuses(t, 1, from('2001:db8:1:3::1'))).toEqual([401]);
  });

  it('count an IPv4 address written as IPv6 as that IPv4 address', async () => {
    const answers = await statuses(t, perMinute + 1, (i) => (i % 2 === 0 ? '::ffff:198.51.100.20' : '198.51.100.20'));
    expect(limited(answers)).toEqual([true, 429]);
  });
});
