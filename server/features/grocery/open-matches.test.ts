import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { familyOfOne, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { addOrMerge, type ItemToAdd } from './repository/items.ts';
import { newList } from './test-helpers.ts';

/**
 * An add's lookup of the item it merges into reads the list's open-key index, even when the planner's statistics are
 * older than the list (a list grown since they were taken, as between two maintenance runs): a lookup computing the
 * key per row once read the whole list per name then.
 */

let t: TestApp;
let ada: SignedInUser;
beforeAll(async () => { ({ t, member: ada } = await familyOfOne()); });
afterAll(async () => { await t.close(); });

type PlanNode = { 'Relation Name'?: string; 'Actual Rows'?: number; 'Actual Loops'?: number; 'Rows Removed by Filter'?: number; Plans?: PlanNode[] };

/** Rows of `table` the plan's nodes read, kept or filtered out, over all their loops. */
function rowsRead(node: PlanNode, table: string): number {
  const loops = node['Actual Loops'] ?? 1;
  const own = node['Relation Name'] === table ? ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * loops : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child, table), 0);
}

const item = (name: string): ItemToAdd => ({
  name, quantity: 1, unit: null, category: null, recurrence: 'none', recurringItemId: null, addedFromRecipeId: null,
});

it('finds the item an add merges into by name alone on a list grown since its statistics were taken', async () => {
  const familyId = ada.user.familyId!;
  const listId = await newList(ada, 'Grown');
  const list = { id: listId, familyId };
  await t.db.execute(sql`analyze grocery_items`);
  await t.db.execute(sql`insert into grocery_items (id, family_id, list_id, name, position)
    select gen_random_uuid(), ${familyId}, ${listId}, 'Item ' || i, -i from generate_series(1, 1500) i`);

  // "Item i" is the i-th from the bottom: 1,500 - i items above it.
  const added = [];
  for (const name of ['Item 700', 'ITEM  700', 'Item 12']) added.push(await addOrMerge(t.db, list, [item(name)], t.clock.now()));
  expect(added.map((a) => ('added' in a ? a.added.map((d) => [d.item.name, d.item.quantity, d.place, d.merged]) : a))).toEqual([
    [['Item 700', 2, 800, true]], [['Item 700', 3, 800, true]], [['Item 12', 2, 1488, true]],
  ]);

  let plan: PlanNode | undefined;
  const explaining = {
    execute: async (query: SQL) => {
      const result = await t.db.execute(sql`explain (analyze, format json) ${query}`);
      const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
      const json = Object.values(row!)[0];
      plan = (typeof json === 'string' ? JSON.parse(json) : json)[0].Plan;
      return { rows: [{ refused: null, added: [] }] };
    },
  } as unknown as Queryable;
  // The second item from the top: its place counts the one item above it, so the rows read are the lookup's own, the
  // raise's and the list's top, a few (PostgreSQL rounds each loop's count up), not the list's 1,500.
  await addOrMerge(explaining, list, [item('ITEM  1499')], t.clock.now());
  expect(rowsRead(plan!, 'grocery_items')).toBeLessThanOrEqual(6);
});
