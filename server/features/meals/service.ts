import type { BodyOf } from '@hearth/contract/endpoint';
import type { EventType } from '@hearth/contract/events';
import {
  mealLimits, mealMessages, photoMessages, scaledQuantity, searchable, type createMeal, type Meal, type MealSource, type MealTag,
} from '@hearth/contract/meals';
import { requireEditor, requireFamily, requireOwnFamily, type FamilyCaller } from '../../platform/auth/family-access.ts';
import type { Caller } from '../../platform/auth/sessions.ts';
import type { Queryable, Tx } from '../../platform/db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { lockFamilyRow } from '../../platform/db/tenancy.ts';
import { addRecipeItemsToList, countFamilyLists, lockListsOfRecipe } from '../grocery/public.ts';
import { requireRoomForMeal } from './bounds.ts';
import { resizePhoto } from './photo-image.ts';
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
    return this.withDetails(this.deps.db, member.familyId, await repo.listMeals(this.deps.db, member.familyId), undefined);
  }

  /** Every word of `q` in the name or an ingredient (case and accents ignored), and the tag when given; bounded. */
  async search(caller: Caller, familyId: string, query: { q?: string | undefined; tag?: string | undefined }): Promise<Meal[]> {
    const member = requireFamily(caller);
    requireOwnFamily(member, familyId);
    const words = searchable(query.q ?? '').split(' ').filter(Boolean);
    const rows = await repo.searchMeals(this.deps.db, member.familyId, words, query.tag, mealLimits.searchResultsMax);
    return this.withDetails(this.deps.db, member.familyId, rows, rows.map((r) => r.id));
  }

  async tags(caller: Caller, familyId: string): Promise<MealTag[]> {
    const member = requireFamily(caller);
    requireOwnFamily(member, familyId);
    return repo.familyTags(this.deps.db, member.familyId);
  }

  /** The meals with their ingredients and tags; `ids` undefined means every meal of the family. */
  private async withDetails(q: Queryable, familyId: string, rows: repo.MealRow[], ids: string[] | undefined): Promise<Meal[]> {
    const [ingredients, tags] = await Promise.all([
      ids ? repo.listIngredients(q, familyId, ids) : repo.familyIngredients(q, familyId),
      repo.tagsOfMeals(q, familyId, ids),
    ]);
    const ingredientsOf = groupBy(ingredients);
    const tagsOf = groupBy(tags);
    return rows.map((row) => toMeal(row, ingredientsOf.get(row.id) ?? [], (tagsOf.get(row.id) ?? []).map((t) => t.name)));
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
      await this.setTags(tx, member.familyId, row.id, input.tags ?? []);
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
      if (input.tags) await this.setTags(tx, member.familyId, id, input.tags);
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

  /** Sets or replaces the meal's photo: resized first (off the event loop, outside any transaction), then stored. */
  async setPhoto(caller: Caller, id: string, bytes: Buffer): Promise<Meal> {
    const member = requireEditor(caller);
    // A missing meal answers 404 before any work on the image.
    if (!(await repo.findMeal(this.deps.db, member.familyId, id))) throw notFound(mealMessages.notFound);
    const photo = await resizePhoto(bytes);
    return this.deps.db.transaction(async (tx) => {
      if (!(await repo.setPhoto(tx, member.familyId, id, photo, this.deps.clock.now()))) throw notFound(mealMessages.notFound);
      await this.record(tx, member, 'meal_updated', id);
      return this.load(tx, member.familyId, id);
    });
  }

  async removePhoto(caller: Caller, id: string): Promise<null> {
    const member = requireEditor(caller);
    await this.deps.db.transaction(async (tx) => {
      if (!(await repo.removePhoto(tx, member.familyId, id, this.deps.clock.now()))) throw notFound(mealMessages.notFound);
      await this.record(tx, member, 'meal_updated', id);
    });
    return null;
  }

  /** One size of the meal's photo at that version (a replaced or removed photo's is gone: 404). */
  async photo(caller: Caller, id: string, version: string, size: 'full' | 'card'): Promise<Buffer> {
    const member = requireFamily(caller);
    const bytes = await repo.photoBytes(this.deps.db, member.familyId, id, version, size);
    if (!bytes) throw notFound(photoMessages.notFound);
    return bytes;
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
    const [meal] = await this.withDetails(q, familyId, [row], [id]);
    return meal!;
  }

  /**
   * Gives the meal these tags (names matched without regard to case), creating the family's new ones: claim, then
   * check, under the family's lock, so parallel saves cannot pass the family's bound.
   */
  private async setTags(tx: Tx, familyId: string, mealId: string, names: string[]): Promise<void> {
    const wanted = names.filter((n, i) => names.findIndex((m) => m.toLowerCase() === n.toLowerCase()) === i);
    const known = await repo.tagsNamed(tx, familyId, wanted);
    const fresh = wanted.filter((n) => !known.some((k) => k.name.toLowerCase() === n.toLowerCase()));
    if (fresh.length > 0) {
      await lockFamilyRow(tx, familyId);
      await repo.insertTags(tx, familyId, fresh);
      if ((await repo.countTags(tx, familyId)) > mealLimits.tagsPerFamily) throw conflict(mealMessages.tooManyFamilyTags);
    }
    await repo.replaceTagLinks(tx, mealId, (await repo.tagsNamed(tx, familyId, wanted)).map((t) => t.id));
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

function groupBy<T extends { mealId: string }>(rows: T[]): Map<string, T[]> {
  const byMeal = new Map<string, T[]>();
  for (const row of rows) {
    const group = byMeal.get(row.mealId);
    if (group) group.push(row);
    else byMeal.set(row.mealId, [row]);
  }
  return byMeal;
}

function fields(input: MealInput): repo.MealFields {
  return {
    searchText: searchable([input.name, ...input.ingredients.map((i) => i.name)].join(' ')),
    name: input.name,
    directions: input.directions || null,
    prepTime: input.prepTime ?? null,
    totalTime: input.totalTime ?? null,
    servings: input.servings ?? null,
    sourceUrl: input.sourceUrl || null,
  };
}
