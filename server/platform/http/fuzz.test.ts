import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Endpoint } from '@hearth/contract/endpoint';
import { errorCodes } from '@hearth/contract/errors';
import { liveStream } from '@hearth/contract/live';
import { contractEndpoints } from '../../test/contract-endpoints.ts';
import { familyOfOne, randomIp, superadminHeaders, type SignedInUser, type TestApp } from '../../test/harness.ts';

/**
 * Every endpoint of the contract, called with bad path parameters, queries and bodies: nothing may answer a 5xx,
 * and every refusal has the `{ code, message }` shape. The endpoints are read from the contract, so a new
 * feature's calls are fuzzed without a line here.
 */

async function allEndpoints(): Promise<Endpoint[]> {
  // The live stream never ends by design (it has tests of its own); signing out ends the session the other calls
  // use, so it goes last.
  return (await contractEndpoints()).filter((e) => e.path !== liveStream.path).sort((a, b) => Number(a.path === '/api/logout') - Number(b.path === '/api/logout'));
}

/** Path parameters as they arrive on the wire: NUL, an encoded lone surrogate, a broken escape, huge, odd. */
const badSegments = ['a%00b', '%ED%A0%80', '%E0%A4%A', 'x'.repeat(5000), '..%2F..%2Fetc', '-1', '%F0%9F%92%A5'];
const nasty = ['a\u0000b', '\uD800', 'x'.repeat(5000), '../../etc/passwd', '%', '-1', '0', ' ', '💥', '<script>', '1e309'];
const badText = fc.oneof(fc.constantFrom(...nasty), fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }));
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  badText, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant('0000-02-29'),
  fc.array(badText, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), badText, { maxKeys: 3 }),
);

/** The body fields the endpoint declares, each given a bad value, plus wholly wrong bodies. */
function badBodies(e: Endpoint, seed: number): unknown[] {
  const shape = (e.body as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
  const keys = Object.keys(shape);
  const objects = fc.record(Object.fromEntries(keys.map((k) => [k, badValue])), { requiredKeys: [] });
  return [
    ...fc.sample(objects, { numRuns: 12, seed }),
    ...fc.sample(badValue, { numRuns: 4, seed: seed + 1 }),
    ...keys.map((k) => ({ [k]: 'a\u0000b' })),
  ];
}

let t: TestApp;
let user: SignedInUser;
let endpoints: Endpoint[];

beforeAll(async () => {
  ({ t, member: user } = await familyOfOne('Fuzz'));
  endpoints = await allEndpoints();
});
afterAll(async () => { await t.close(); });

describe('every endpoint under bad input', () => {
  it('never answers 5xx, and refuses with { code, message }', { timeout: 180_000 }, async () => {
    expect(endpoints.length).toBeGreaterThan(60);
    const failures: string[] = [];
    for (const [n, e] of endpoints.entries()) {
      const headers: Record<string, string> = e.access === 'superadmin' ? superadminHeaders()
        : e.access === 'user' ? { authorization: `Bearer ${user.token}` } : {};
      const paths = !e.path.includes('{') ? [e.path] : [...badSegments, crypto.randomUUID()]
        .map((bad) => e.path.replace(/\{(\w+)\}/g, bad));
      const queries = e.query
        ? fc.sample(fc.dictionary(fc.constantFrom(...Object.keys(e.query.shape), 'x'), badText, { maxKeys: 3 }), { numRuns: 6, seed: n })
        : [undefined];
      const bodies = e.body ? badBodies(e, n) : [undefined];
      const calls = paths.flatMap((url) => queries.flatMap((query) => bodies.map((body) => ({ url, query, body }))));
      // Spread over the kinds of bad input, a few at a time: argon2 and PGlite share two cores with the rest.
      const picked = calls.filter((_, i) => i % Math.max(1, Math.floor(calls.length / 16)) === 0).slice(0, 16);
      await Promise.all(picked.map(async ({ url, query, body }) => {
        const res = await t.app.inject({
          method: e.method, url, headers, remoteAddress: randomIp(),
          ...(query ? { query: query as Record<string, string> } : {}),
          ...(body !== undefined ? { payload: JSON.stringify(body), headers: { ...headers, 'content-type': 'application/json' } } : {}),
        });
        const what = `${e.method} ${url.slice(0, 80)} ${JSON.stringify(body)?.slice(0, 80)}`;
        if (res.statusCode >= 500) failures.push(`${res.statusCode} ${what}`);
        if (res.statusCode >= 400) {
          const answer = res.json() as { code?: string; message?: unknown };
          if (!errorCodes.includes(answer.code as never) || typeof answer.message !== 'string') {
            failures.push(`shape ${res.statusCode} ${what}: ${res.body.slice(0, 120)}`);
          }
        }
      }));
    }
    expect(failures).toEqual([]);
  });
});
