import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { createTestApp, signUp, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { openMatches } from './repository.ts';
import { newList } from './test-helpers.ts';

/**
 * An add's lookup of the item it merges into reads the list's open-key index, one entry a name, even when the
 * planner's statistics are older than the list (a list grown since they were taken, as between two maintenance
 * runs): it once read the whole list per batch then.
 */

let t: TestApp;
let ada: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  ada = await signUp(t, { name: 'Ada' });
});
afterAll(async () => { await t.close(); });

type PlanNode = { 'Relation Name'?: string; 'Actual Rows'?: number; 'Actual Loops'?: number; 'Rows Removed by Filter'?: number; Plans?: PlanNode[] };

/** Rows of `table` the plan's nodes read, kept or filtered out, over all their loops. */
function rowsRead(node: PlanNode, table: string): number {
  const loops = node['Actual Loops'] ?? 1;
  const own = node['Relation Name'] === table ? ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * loops : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child, table), 0);
}

it('finds the items adds merge into by name alone on a list grown since its statistics were taken', async () => {
  const familyId = ada.user.familyId!;
  const listId = await newList(ada, 'Grown');
  await t.db.execute(sql`analyze grocery_items`);
  await t.db.execute(sql`insert into grocery_items (id, family_id, list_id, name, position)
    select gen_random_uuid(), ${familyId}, ${listId}, 'Item ' || i, -i from generate_series(1, 1500) i`);

  // "Item i" is the i-th from the bottom: 1,500 - i items above it.
  const names = ['Item 700', 'ITEM  700', 'Bread', 'Item 12', 'Eggs'].map((name) => ({ name, unit: null }));
  const { matches } = await openMatches(t.db, { id: listId, familyId }, names);
  expect(matches.map((m) => [m.key, m.item?.name ?? null, m.place])).toEqual([
    ['item 700|', 'Item 700', 800], ['item 700|', 'Item 700', 800], ['bread|', null, null], ['item 12|', 'Item 12', 1488],
    ['egg|', null, null],
  ]);

  let plan: PlanNode | undefined;
  const explaining = {
    execute: async (query: SQL) => {
      const result = await t.db.execute(sql`explain (analyze, format json) ${query}`);
      const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
      const json = Object.values(row!)[0];
      plan = (typeof json === 'string' ? JSON.parse(json) : json)[0].Plan;
      return { rows: [{}] };
    },
  } as unknown as Queryable;
  // Names of the top two items: each one's place counts the items above it (none or one), so the rows read are the
  // lookups' own and the list's top one, a few a name (PostgreSQL rounds each loop's count up), not the list's 1,500.
  const nearTop = ['Item 1499', 'ITEM  1499', 'Bread', 'Item 1500', 'Eggs'].map((name) => ({ name, unit: null }));
  await openMatches(explaining, { id: listId, familyId }, nearTop);
  expect(rowsRead(plan!, 'grocery_items')).toBeLessThanOrEqual(2 * nearTop.length + 1);
});
