import { searchable } from '@hearth/contract/meals';
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable, Tx } from '../../platform/db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import { meals } from '../../platform/db/schema/meals.ts';
import { requireRoomForMeal } from './bounds.ts';
import * as repo from './repository.ts';

/**
 * The recipe library's public API for other features (calendar, AI planner). Every call is scoped by family:
 * another family's recipe is simply not found.
 */

export interface RecipeSummary {
  id: string;
  name: string;
}

export interface RecipeIngredient {
  name: string;
  quantity: number | null;
  unit: string | null;
}

/** The family's recipe, or undefined; `lock: 'share'` keeps it from being deleted until the transaction ends. */
export async function findRecipe(
  q: Queryable, familyId: string, id: string, lock?: 'share',
): Promise<RecipeSummary | undefined> {
  const row = await repo.findMeal(q, familyId, id, lock);
  return row && { id: row.id, name: row.name };
}

export async function recipeIngredients(q: Queryable, familyId: string, id: string): Promise<RecipeIngredient[]> {
  return (await repo.listIngredients(q, familyId, [id]))
    .map((i) => ({ name: i.name, quantity: i.quantity, unit: i.unit }));
}

/** Adds a recipe to the library inside the caller's transaction (409 past the family's bound), recorded like one made on the meals page. */
export async function createRecipe(
  tx: Tx, deps: Deps,
  input: { familyId: string; actorId: string; name: string; directions?: string | null; ingredients?: RecipeIngredient[] },
): Promise<RecipeSummary> {
  await requireRoomForMeal(tx, input.familyId);
  const now = deps.clock.now();
  const row = await repo.insertMeal(tx, {
    familyId: input.familyId, name: input.name, directions: input.directions ?? null, prepTime: null, totalTime: null, servings: null, sourceUrl: null,
    searchText: searchable([input.name, ...(input.ingredients ?? []).map((i) => i.name)].join(' ')),
    createdByUserId: input.actorId, createdAt: now, updatedAt: now,
  });
  const ingredients = (input.ingredients ?? []).map((i) => ({ ...i, groceryListId: null }));
  await repo.replaceIngredients(tx, input.familyId, row.id, ingredients);
  await deps.events.record(tx, {
    familyId: input.familyId, actorId: input.actorId, type: 'meal_created', subjectId: row.id,
    data: { ingredientCount: ingredients.length },
  });
  return { id: row.id, name: row.name };
}

/**
 * A recipe's name and servings as one JSON array (`[name, servings]`, null without a recipe), for a statement of
 * another feature that reads its rows' recipe ids: the planner's week is one query.
 */
export function recipeNameAndServingsSql(recipeId: SQL, familyId: SQL): SQL {
  return sql`(select json_build_array(r.name, r.servings) from ${meals} r where r.id = ${recipeId} and r.family_id = ${familyId})`;
}

export interface RecipeForShopping {
  id: string;
  servings: number | null;
  ingredients: RecipeIngredient[];
}

/** The family's recipes among the ids with their servings and ingredients in stored order (two queries, any number of recipes). */
export async function recipesForShopping(q: Queryable, familyId: string, ids: string[]): Promise<RecipeForShopping[]> {
  if (ids.length === 0) return [];
  const [servings, ingredients] = [await repo.servingsOf(q, familyId, ids), await repo.listIngredients(q, familyId, ids)];
  const byRecipe = new Map(servings.map((r) => [r.id, { ...r, ingredients: [] as RecipeIngredient[] }]));
  for (const i of ingredients) byRecipe.get(i.mealId)?.ingredients.push({ name: i.name, quantity: i.quantity, unit: i.unit });
  return [...byRecipe.values()];
}
