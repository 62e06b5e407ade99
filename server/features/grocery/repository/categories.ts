import { sql } from 'drizzle-orm';
import { rawRows, textArray, type Queryable } from '../../../platform/db/client.ts';
import { groceryCategories, groceryItemCategories } from '../../../platform/db/schema/grocery.ts';

/** A category as the family first wrote it, by its key (`categoryKey`). */
export type Spellings = Map<string, string>;

/**
 * What the family has on file for these names and categories, in one read by primary keys: where each name
 * (`hearth_singular`) was last filed, and the family's spelling of each category key.
 */
export async function readFiled(q: Queryable, familyId: string, nameKeys: string[], categoryKeys: string[]) {
  const rows = await rawRows<{ filed: boolean; key: string; category_key: string; name: string }>(q, sql`
    select true as filed, h.name_key as key, h.category_key, c.name
    from ${groceryItemCategories} h
    join ${groceryCategories} c on c.family_id = h.family_id and c.key = h.category_key
    where h.family_id = ${familyId}::uuid and h.name_key = any(${textArray(nameKeys)})
    union all
    select false, c.key, c.key, c.name from ${groceryCategories} c
    where c.family_id = ${familyId}::uuid and c.key = any(${textArray(categoryKeys)})`);
  /** Name key → the category key it was filed under. */
  const filed = new Map<string, string>();
  const spellings: Spellings = new Map();
  for (const row of rows) {
    if (row.filed) filed.set(row.key, row.category_key);
    spellings.set(row.category_key, row.name);
  }
  return { filed, spellings };
}

/**
 * Adds the categories the family has not written before, as written now, and answers every one's spelling: the
 * first written wins, also between two members writing "meat" and "Meat" at once.
 */
export async function addCategories(
  q: Queryable, familyId: string, categories: { key: string; name: string }[], at: Date,
): Promise<Spellings> {
  // In key order, so two writers adding the same categories take their row locks in the same order.
  const sorted = [...categories].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const keys = sorted.map((c) => c.key);
  await q.execute(sql`
    insert into ${groceryCategories} (family_id, key, name, created_at)
    select ${familyId}::uuid, k, n, ${at.toISOString()}::timestamptz
    from unnest(${textArray(keys)}, ${textArray(sorted.map((c) => c.name))}) as t(k, n)
    on conflict do nothing`);
  const rows = await rawRows<{ key: string; name: string }>(q, sql`
    select key, name from ${groceryCategories} where family_id = ${familyId}::uuid and key = any(${textArray(keys)})`);
  return new Map(rows.map((r) => [r.key, r.name]));
}

/** Files a name under a category the family has (`addCategories`): the next item of that name goes there. */
export async function fileName(q: Queryable, familyId: string, nameKey: string, categoryKey: string, at: Date) {
  await q.insert(groceryItemCategories).values({ familyId, nameKey, categoryKey, updatedAt: at })
    .onConflictDoUpdate({
      target: [groceryItemCategories.familyId, groceryItemCategories.nameKey],
      set: { categoryKey, updatedAt: at },
    });
}

/** The family's categories as first written, by name (case ignored), at most `limit`. */
export async function familyCategories(q: Queryable, familyId: string, limit: number): Promise<string[]> {
  const rows = await rawRows<{ name: string }>(q, sql`
    select name from ${groceryCategories} where family_id = ${familyId}::uuid order by key limit ${limit}`);
  return rows.map((r) => r.name);
}
