import type { BodyOf } from '@hearth/contract/endpoint';
import type { EventType } from '@hearth/contract/events';
import { mealMessages, scaledQuantity, type createMeal, type Meal, type MealSource } from '@hearth/contract/meals';
import { requireEditor, requireFamily, requireOwnFamily, type FamilyCaller } from '../../platform/auth/family-access.ts';
import type { Caller } from '../../platform/auth/sessions.ts';
import type { Queryable, Tx } from '../../platform/db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { addRecipeItemsToList, countFamilyLists, lockListsOfRecipe } from '../grocery/public.ts';
import { requireRoomForMeal } from './bounds.ts';
import { toMeal } from './mapper.ts';
import * as repo from './repository.ts';

type MealInput = BodyOf<typeof createMeal>;

export class MealService {
  private readonly deps: Deps;
  constructor(deps: Deps) {
    this.deps = deps;
  }

  async list(caller: Caller, familyId: string): Promise<Meal[]> {
    const member = requireFamily(caller);
    requireOwnFamily(member, familyId);
    const rows = await repo.listMeals(this.deps.db, member.familyId);
    const byMeal = new Map<string, repo.IngredientRow[]>();
    for (const i of await repo.familyIngredients(this.deps.db, member.familyId)) {
      const group = byMeal.get(i.mealId);
      if (group) group.push(i);
      else byMeal.set(i.mealId, [i]);
    }
    return rows.map((row) => toMeal(row, byMeal.get(row.id) ?? []));
  }

  async get(caller: Caller, id: string): Promise<Meal> {
    const member = requireFamily(caller);
    return this.load(this.deps.db, member.familyId, id);
  }

  async create(caller: Caller, input: MealInput): Promise<Meal> {
    const member = requireEditor(caller);
    requireOwnFamily(member, input.familyId);
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      await requireRoomForMeal(tx, member.familyId);
      const ingredients = await this.checkedIngredients(tx, member.familyId, input.ingredients);
      const row = await repo.insertMeal(tx, {
        ...fields(input), familyId: member.familyId, createdByUserId: member.userId, createdAt: now, updatedAt: now,
      });
      await repo.replaceIngredients(tx, member.familyId, row.id, ingredients);
      await this.deps.events.record(tx, {
        familyId: member.familyId, actorId: member.userId, type: 'meal_created', subjectId: row.id,
        data: { ingredientCount: ingredients.length },
      });
      if (input.source === 'ai-meal-planner') {
        await this.deps.events.record(tx, {
          familyId: member.familyId, actorId: member.userId, type: 'ai_meal_saved', subjectId: row.id,
          data: { ingredient_count: ingredients.length },
        });
      }
      return this.load(tx, member.familyId, row.id);
    });
  }

  async update(caller: Caller, id: string, input: MealInput): Promise<Meal> {
    const member = requireEditor(caller);
    requireOwnFamily(member, input.familyId);
    return this.deps.db.transaction(async (tx) => {
      // Updating the row first locks it, so two concurrent edits replace the ingredients one after the other.
      const row = await repo.updateMeal(tx, member.familyId, id, { ...fields(input), updatedAt: this.deps.clock.now() });
      if (!row) throw notFound(mealMessages.notFound);
      const ingredients = await this.checkedIngredients(tx, member.familyId, input.ingredients);
      await repo.replaceIngredients(tx, member.familyId, id, ingredients);
      await this.record(tx, member, 'meal_updated', id);
      return this.load(tx, member.familyId, id);
    });
  }

  async delete(caller: Caller, id: string): Promise<null> {
    const member = requireEditor(caller);
    await this.deps.db.transaction(async (tx) => {
      // Its items on lists lose their link to it.
      await lockListsOfRecipe(tx, member.familyId, id);
      if (!(await repo.deleteMeal(tx, member.familyId, id))) throw notFound(mealMessages.notFound);
      await this.record(tx, member, 'meal_deleted', id);
    });
    return null;
  }

  /** The ingredients (all, or those named) on the chosen list, in one transaction: every one goes on or none does. */
  async addToGroceryList(
    caller: Caller, id: string,
    query: {
      groceryListId: string; familyId?: string | undefined; source?: MealSource | undefined; servings?: number | undefined;
    },
    only?: string[],
  ): Promise<{ added: number }> {
    const chosen = only && new Set(only.map((name) => name.toLowerCase()));
    const member = requireEditor(caller);
    requireOwnFamily(member, query.familyId);
    const added = await this.deps.db.transaction(async (tx) => {
      // The share lock keeps the meal from being deleted while items pointing at it are inserted.
      const meal = await repo.findMeal(tx, member.familyId, id, 'share');
      if (!meal) throw notFound(mealMessages.notFound);
      const ingredients = (await repo.listIngredients(tx, member.familyId, [id]))
        .filter((i) => !chosen || chosen.has(i.name.toLowerCase()));
      const n = await addRecipeItemsToList(tx, this.deps, {
        familyId: member.familyId, userId: member.userId, listId: query.groceryListId, recipeId: id,
        items: ingredients.map((i) => ({ name: i.name, quantity: scaledQuantity(i.quantity, meal.servings, query.servings), unit: i.unit })),
      });
      if (query.source === 'ai-meal-planner') {
        await this.deps.events.record(tx, {
          familyId: member.familyId, actorId: member.userId, type: 'ai_meal_grocery_added', subjectId: id,
          data: { listId: query.groceryListId, ingredient_count: n },
        });
      }
      return n;
    });
    return { added };
  }

  private async load(q: Queryable, familyId: string, id: string): Promise<Meal> {
    const row = await repo.findMeal(q, familyId, id);
    if (!row) throw notFound(mealMessages.notFound);
    return toMeal(row, await repo.listIngredients(q, familyId, [id]));
  }

  /** Normalises the ingredient rows and checks that every list they name is one of the family's. */
  private async checkedIngredients(
    tx: Tx, familyId: string, input: MealInput['ingredients'],
  ): Promise<repo.NewIngredient[]> {
    const ingredients = input.map((i) => ({
      name: i.name, quantity: i.quantity ?? null, unit: i.unit || null, groceryListId: i.groceryListId ?? null,
    }));
    const listIds = [...new Set(ingredients.flatMap((i) => (i.groceryListId ? [i.groceryListId] : [])))];
    if ((await countFamilyLists(tx, familyId, listIds)) !== listIds.length) {
      throw notFound(mealMessages.groceryListNotFound);
    }
    return ingredients;
  }

  private record(tx: Tx, member: FamilyCaller, type: EventType, id: string): Promise<void> {
    return this.deps.events.record(tx, { familyId: member.familyId, actorId: member.userId, type, subjectId: id });
  }
}

function fields(input: MealInput): repo.MealFields {
  return {
    name: input.name,
    directions: input.directions || null,
    prepTime: input.prepTime ?? null,
    totalTime: input.totalTime ?? null,
    servings: input.servings ?? null,
    sourceUrl: input.sourceUrl || null,
  };
}
