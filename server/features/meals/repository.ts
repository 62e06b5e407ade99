import { and, asc, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { preparedOn } from '../../platform/db/prepared.ts';
import { mealIngredients, meals } from '../../platform/db/schema/meals.ts';

export type MealRow = typeof meals.$inferSelect;
export type IngredientRow = typeof mealIngredients.$inferSelect;
export type NewIngredient = Pick<IngredientRow, 'name' | 'quantity' | 'unit' | 'groceryListId'>;
export type MealFields = Pick<MealRow, 'name' | 'directions' | 'prepTime' | 'totalTime' | 'servings' | 'sourceUrl'>;

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
