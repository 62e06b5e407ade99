import { categoryKey, singular } from '@hearth/contract/grocery';
import type { Queryable } from '../../platform/db/client.ts';
import { dictionaryCategory } from './dictionary.ts';
import { addCategories, fileName, readFiled } from './repository/categories.ts';

/** A new item's name and the category typed for it, if any. */
export interface Named {
  name: string;
  category: string | null;
}

/**
 * The category each new item goes in, as the family first wrote it: the one typed (the name is then filed under it,
 * for next time), else where the family last filed the name, else the built-in dictionary's aisle. One read by
 * primary keys for all of them; writes only for a category new to the family or a name filed anew.
 */
export async function categorise(q: Queryable, familyId: string, items: Named[], at: Date): Promise<string[]> {
  const nameKeys = items.map((item) => singular(item.name));
  const typed = items.map((item) => (item.category ? { key: categoryKey(item.category), name: item.category } : null));
  const aisles = items.map((item, i) => (typed[i] ? null : dictionaryCategory(item.name)));
  const wanted = new Map<string, string>();
  for (const [i, t] of typed.entries()) {
    const choice = t ?? { key: categoryKey(aisles[i]!), name: aisles[i]! };
    if (!wanted.has(choice.key)) wanted.set(choice.key, choice.name);
  }
  const { filed, spellings } = await readFiled(q, familyId, [...new Set(nameKeys)], [...wanted.keys()]);
  const keys = items.map((_, i) => typed[i]?.key ?? filed.get(nameKeys[i]!) ?? categoryKey(aisles[i]!));
  const missing = [...new Set(keys)].filter((key) => !spellings.has(key)).map((key) => ({ key, name: wanted.get(key)! }));
  if (missing.length > 0) for (const [key, name] of await addCategories(q, familyId, missing, at)) spellings.set(key, name);
  for (const [i, t] of typed.entries()) {
    if (t && filed.get(nameKeys[i]!) !== t.key) {
      await fileName(q, familyId, nameKeys[i]!, t.key, at);
      filed.set(nameKeys[i]!, t.key);
    }
  }
  return keys.map((key) => spellings.get(key)!);
}
