import { and, asc, eq, exists, ilike, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { preparedOn } from '../../platform/db/prepared.ts';
import { mealIngredients, mealPhotos, meals, mealTagLinks, mealTags } from '../../platform/db/schema/meals.ts';

export type MealRow = typeof meals.$inferSelect;
export type IngredientRow = typeof mealIngredients.$inferSelect;
export type NewIngredient = Pick<IngredientRow, 'name' | 'quantity' | 'unit' | 'groceryListId'>;
export type MealFields = Pick<MealRow, 'name' | 'directions' | 'prepTime' | 'totalTime' | 'servings' | 'sourceUrl' | 'searchText'>;
export interface TagOfMeal { mealId: string; name: string }

export async function countMeals(q: Queryable, familyId: string): Promise<number> {
  const [row] = await q.select({ n: sql<number>`count(*)::int` }).from(meals).where(eq(meals.familyId, familyId));
  return row?.n ?? 0;
}

/** Ingredients belong to a family through their meal; this keeps ingredient queries family-filtered. */
const mealsOfFamily = (q: Queryable, familyId: string | SQLWrapper) =>
  q.select({ id: meals.id }).from(meals).where(eq(meals.familyId, familyId));

/** The family's meals by name (a hot read, prepared). */
export async function listMeals(q: Queryable, familyId: string): Promise<MealRow[]> {
  return preparedOn(q, 'family_meals', (q, name) => q.select().from(meals).where(eq(meals.familyId, sql.placeholder('familyId')))
    .orderBy(sql`lower(${meals.name})`, asc(meals.name), asc(meals.id)).prepare(name)).execute({ familyId });
}

/**
 * One meal of the family; `lock` holds the row until the transaction ends
 * ('share' keeps it from being deleted, 'update' serialises writers).
 */
export async function findMeal(
  q: Queryable, familyId: string, id: string, lock?: 'share' | 'update',
): Promise<MealRow | undefined> {
  const query = q.select().from(meals).where(and(eq(meals.id, id), eq(meals.familyId, familyId))).limit(1).$dynamic();
  const [row] = lock ? await query.for(lock) : await query;
  return row;
}

/** Every ingredient of the family's meals, in their stored order (a hot read, prepared). */
export async function familyIngredients(q: Queryable, familyId: string): Promise<IngredientRow[]> {
  return preparedOn(q, 'family_ingredients', (q, name) => q.select().from(mealIngredients)
    .where(inArray(mealIngredients.mealId, mealsOfFamily(q, sql.placeholder('familyId'))))
    .orderBy(asc(mealIngredients.mealId), asc(mealIngredients.position)).prepare(name)).execute({ familyId });
}

/** The ingredients of the given meals of the family, in their stored order. */
export async function listIngredients(q: Queryable, familyId: string, mealIds: string[]): Promise<IngredientRow[]> {
  if (mealIds.length === 0) return [];
  return q.select().from(mealIngredients)
    .where(and(inArray(mealIngredients.mealId, mealIds), inArray(mealIngredients.mealId, mealsOfFamily(q, familyId))))
    .orderBy(asc(mealIngredients.mealId), asc(mealIngredients.position));
}

/** The servings of the family's meals among the ids. */
export function servingsOf(q: Queryable, familyId: string, ids: string[]): Promise<{ id: string; servings: number | null }[]> {
  return q.select({ id: meals.id, servings: meals.servings }).from(meals)
    .where(and(eq(meals.familyId, familyId), inArray(meals.id, ids)));
}

export async function insertMeal(
  q: Queryable, values: MealFields & { familyId: string; createdByUserId: string; createdAt: Date; updatedAt: Date },
): Promise<MealRow> {
  const [row] = await q.insert(meals).values(values).returning();
  if (!row) throw new Error('meal insert returned nothing');
  return row;
}

export async function updateMeal(
  q: Queryable, familyId: string, id: string, values: MealFields & { updatedAt: Date },
): Promise<MealRow | undefined> {
  const [row] = await q.update(meals).set(values).where(and(eq(meals.id, id), eq(meals.familyId, familyId))).returning();
  return row;
}

export async function deleteMeal(q: Queryable, familyId: string, id: string): Promise<boolean> {
  const rows = await q.delete(meals).where(and(eq(meals.id, id), eq(meals.familyId, familyId))).returning({ id: meals.id });
  return rows.length > 0;
}

/** Replaces a meal's ingredient list; positions follow the given order from 0. */
export async function replaceIngredients(
  q: Queryable, familyId: string, mealId: string, ingredients: NewIngredient[],
): Promise<void> {
  await q.delete(mealIngredients)
    .where(and(eq(mealIngredients.mealId, mealId), inArray(mealIngredients.mealId, mealsOfFamily(q, familyId))));
  if (ingredients.length === 0) return;
  await q.insert(mealIngredients).values(ingredients.map((ingredient, position) => ({ ...ingredient, mealId, position })));
}

/** `%`, `_` and `\\` matched as themselves in a LIKE pattern. */
const likeText = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The family's meals whose search text holds every word, and that carry the tag when one is given; by name, at most `limit`. */
export async function searchMeals(
  q: Queryable, familyId: string, words: string[], tagId: string | undefined, limit: number,
): Promise<MealRow[]> {
  return q.select().from(meals).where(and(
    eq(meals.familyId, familyId),
    ...words.map((word) => ilike(meals.searchText, `%${likeText(word)}%`)),
    tagId ? exists(q.select({ one: sql`1` }).from(mealTagLinks)
      .where(and(eq(mealTagLinks.mealId, meals.id), eq(mealTagLinks.tagId, tagId)))) : undefined,
  )).orderBy(sql`lower(${meals.name})`, asc(meals.name), asc(meals.id)).limit(limit);
}

/** The tags of the given meals of the family (all its meals when `mealIds` is undefined), by name. */
export async function tagsOfMeals(q: Queryable, familyId: string, mealIds?: string[]): Promise<TagOfMeal[]> {
  if (mealIds?.length === 0) return [];
  return q.select({ mealId: mealTagLinks.mealId, name: mealTags.name }).from(mealTagLinks)
    .innerJoin(mealTags, eq(mealTags.id, mealTagLinks.tagId))
    .where(and(eq(mealTags.familyId, familyId), mealIds ? inArray(mealTagLinks.mealId, mealIds) : undefined))
    .orderBy(sql`lower(${mealTags.name})`);
}

/** The family's tags by name, with how many meals carry each. */
export async function familyTags(q: Queryable, familyId: string): Promise<{ id: string; name: string; meals: number }[]> {
  return q.select({ id: mealTags.id, name: mealTags.name, meals: sql<number>`count(${mealTagLinks.mealId})::int` })
    .from(mealTags).leftJoin(mealTagLinks, eq(mealTagLinks.tagId, mealTags.id))
    .where(eq(mealTags.familyId, familyId)).groupBy(mealTags.id).orderBy(sql`lower(${mealTags.name})`);
}

export async function countTags(q: Queryable, familyId: string): Promise<number> {
  const [row] = await q.select({ n: sql<number>`count(*)::int` }).from(mealTags).where(eq(mealTags.familyId, familyId));
  return row?.n ?? 0;
}

/** The family's tags with these names (any case). */
export async function tagsNamed(q: Queryable, familyId: string, names: string[]): Promise<{ id: string; name: string }[]> {
  if (names.length === 0) return [];
  return q.select({ id: mealTags.id, name: mealTags.name }).from(mealTags)
    .where(and(eq(mealTags.familyId, familyId), inArray(sql`lower(${mealTags.name})`, names.map((n) => n.toLowerCase()))));
}

export async function insertTags(q: Queryable, familyId: string, names: string[]): Promise<void> {
  if (names.length === 0) return;
  await q.insert(mealTags).values(names.map((name) => ({ familyId, name }))).onConflictDoNothing();
}

/** Replaces a meal's tags (the meal must be the caller's family's, checked by the caller). */
export async function replaceTagLinks(q: Queryable, mealId: string, tagIds: string[]): Promise<void> {
  await q.delete(mealTagLinks).where(eq(mealTagLinks.mealId, mealId));
  if (tagIds.length === 0) return;
  await q.insert(mealTagLinks).values(tagIds.map((tagId) => ({ mealId, tagId })));
}

export interface NewPhoto { version: string; width: number; height: number; full: Buffer; card: Buffer }

/** Sets or replaces the photo of a meal of the family (locked by the caller); false when there is no such meal. */
export async function setPhoto(q: Queryable, familyId: string, mealId: string, photo: NewPhoto, now: Date): Promise<boolean> {
  const rows = await q.update(meals)
    .set({ photoVersion: photo.version, photoWidth: photo.width, photoHeight: photo.height, updatedAt: now })
    .where(and(eq(meals.id, mealId), eq(meals.familyId, familyId))).returning({ id: meals.id });
  if (rows.length === 0) return false;
  const bytes = { version: photo.version, full: photo.full, card: photo.card, createdAt: now };
  await q.insert(mealPhotos).values({ mealId, familyId, ...bytes })
    .onConflictDoUpdate({ target: mealPhotos.mealId, set: bytes });
  return true;
}

/** Removes the photo of a meal of the family; false when there is no such meal. */
export async function removePhoto(q: Queryable, familyId: string, mealId: string, now: Date): Promise<boolean> {
  const rows = await q.update(meals).set({ photoVersion: null, photoWidth: null, photoHeight: null, updatedAt: now })
    .where(and(eq(meals.id, mealId), eq(meals.familyId, familyId))).returning({ id: meals.id });
  if (rows.length === 0) return false;
  await q.delete(mealPhotos).where(and(eq(mealPhotos.mealId, mealId), eq(mealPhotos.familyId, familyId)));
  return true;
}

/** The bytes of one size of a meal's photo, when the family's meal has that version. */
export async function photoBytes(
  q: Queryable, familyId: string, mealId: string, version: string, size: 'full' | 'card',
): Promise<Buffer | undefined> {
  const [row] = await q.select({ bytes: size === 'card' ? mealPhotos.card : mealPhotos.full }).from(mealPhotos)
    .where(and(eq(mealPhotos.mealId, mealId), eq(mealPhotos.familyId, familyId), eq(mealPhotos.version, version)));
  return row?.bytes;
}
