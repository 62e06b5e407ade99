import { searchable } from '@hearth/contract/meals';
import { sql, type SQL } from 'drizzle-orm';
import { rawRows, type Queryable, type Tx } from '../../platform/db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import { mealIngredients, meals, mealTagLinks, mealTags } from '../../platform/db/schema/meals.ts';
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

/** Every recipe of the family's library by name and id (the AI planner chooses among them). */
export function recipeNames(q: Queryable, familyId: string): Promise<RecipeSummary[]> {
  return rawRows<RecipeSummary>(q, sql`select id, name from ${meals} where family_id = ${familyId} order by name, id`);
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

export interface RecipeForExport {
  id: string; name: string; directions: string | null; prepTime: number | null; totalTime: number | null;
  servings: number | null; sourceUrl: string | null; tags: string[]; ingredients: RecipeIngredient[];
}

/** A page of the family's recipes by id (`after`: the last id of the previous page), with tags and ingredients. */
export async function recipesForExport(
  q: Queryable, familyId: string, after: string | null, limit: number,
): Promise<RecipeForExport[]> {
  const rows = await rawRows<Omit<RecipeForExport, 'ingredients'>>(q, sql`select m.id, m.name, m.directions,
    m.prep_time as "prepTime", m.total_time as "totalTime", m.servings, m.source_url as "sourceUrl",
    coalesce((select array_agg(t.name order by lower(t.name)) from meal_tag_links l join meal_tags t on t.id = l.tag_id
      where l.meal_id = m.id), '{}') as tags
    from meals m where m.family_id = ${familyId} and (${after}::uuid is null or m.id > ${after}::uuid)
    order by m.id limit ${limit}`);
  const recipes = rows.map((r) => ({ ...r, ingredients: [] as RecipeIngredient[] }));
  const byId = new Map(recipes.map((r) => [r.id, r]));
  for (const i of await repo.listIngredients(q, familyId, recipes.map((r) => r.id))) {
    byId.get(i.mealId)?.ingredients.push({ name: i.name, quantity: i.quantity, unit: i.unit });
  }
  return recipes;
}

/** A page of the family's recipes' ids and names by id, as `recipesForExport` pages them. */
export function recipeNamesForExport(
  q: Queryable, familyId: string, after: string | null, limit: number,
): Promise<RecipeSummary[]> {
  return rawRows<RecipeSummary>(q, sql`select id, name from meals where family_id = ${familyId}
    and (${after}::uuid is null or id > ${after}::uuid) order by id limit ${limit}`);
}

/** The family's recipe tags (at most its bound), those no recipe carries too. */
export async function recipeTagsForExport(q: Queryable, familyId: string): Promise<string[]> {
  return (await rawRows<{ name: string }>(q, sql`select name from meal_tags where family_id = ${familyId} order by lower(name)`))
    .map((r) => r.name);
}

/**
 * Recipe tags of an import, by lower-case name to id, each added to the family once (`known` is the import's map,
 * shared by its batches).
 */
export async function restoreRecipeTags(tx: Tx, familyId: string, names: string[], known: Map<string, string>): Promise<void> {
  for (const name of names) {
    if (known.has(name.toLowerCase())) continue;
    const [tag] = await tx.insert(mealTags).values({ familyId, name }).returning({ id: mealTags.id });
    known.set(name.toLowerCase(), tag!.id);
  }
}

/** A batch of an import's recipes, inside the caller's transaction (`ids`: old id to new; `tags` as `restoreRecipeTags`). */
export async function restoreRecipes(
  tx: Tx, familyId: string, ids: (old: string | null) => string | null, recipes: RecipeForExport[], tags: Map<string, string>,
): Promise<void> {
  await restoreRecipeTags(tx, familyId, recipes.flatMap((r) => r.tags), tags);
  await tx.insert(meals).values(recipes.map((r) => ({
    id: ids(r.id)!, familyId, name: r.name, directions: r.directions, prepTime: r.prepTime, totalTime: r.totalTime,
    servings: r.servings, sourceUrl: r.sourceUrl, searchText: searchable([r.name, ...r.ingredients.map((g) => g.name)].join(' ')),
  })));
  const ingredients = recipes.flatMap((r) => r.ingredients.map((g, position) => ({
    mealId: ids(r.id)!, position, name: g.name, quantity: g.quantity, unit: g.unit,
  })));
  for (let j = 0; j < ingredients.length; j += 500) await tx.insert(mealIngredients).values(ingredients.slice(j, j + 500));
  const links = recipes.flatMap((r) => [...new Set(r.tags.map((t) => t.toLowerCase()))]
    .map((t) => ({ mealId: ids(r.id)!, tagId: tags.get(t)! })));
  if (links.length > 0) await tx.insert(mealTagLinks).values(links);
}
