import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { familyOfOne, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { SessionLookups } from '../auth/sessions.ts';
import { rawRows } from './client.ts';

/**
 * The embedded engine keeps each statement prepared, and PostgreSQL re-plans a prepared statement on every run while
 * a plan for its values looks cheaper than its generic one. The session lookup, run by every request, must not. A perf
 * guard: a failure after a PGlite upgrade means the engine plans otherwise now, which costs time (docs/performance.md),
 * not that an answer is wrong.
 */

let t: TestApp;
let ada: SignedInUser;
beforeAll(async () => { ({ t, member: ada } = await familyOfOne()); });
afterAll(async () => { await t.close(); });

/** How often each prepared statement whose text is `like` was run on a plan for its values and on its generic plan. */
const plansOf = (like: string) => rawRows<{ generic: number; custom: number }>(t.db, sql`
  select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
  where statement like ${like} and statement not like '%pg_prepared_statements%'`);

it('runs lone session lookups on the lookup\'s one generic plan, not a plan made anew each time', async () => {
  const lookups = new SessionLookups(t.db, t.clock);
  for (let i = 0; i < 20; i++) expect((await lookups.resolve(ada.token))?.userId).toBe(ada.user.id);
  const plans = await plansOf('%s.token_hash = t.hash%');
  expect(plans).toHaveLength(1);
  // PostgreSQL always makes its first five plans for the values at hand.
  expect(plans[0]!.custom).toBeLessThanOrEqual(5);
  expect(plans[0]!.generic).toBeGreaterThanOrEqual(15);
});
