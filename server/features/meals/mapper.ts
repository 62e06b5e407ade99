import type { Meal } from '@hearth/contract/meals';
import type { IngredientRow, MealRow } from './repository.ts';

export function toMeal(row: MealRow, ingredients: IngredientRow[], tags: string[]): Meal {
  return {
    id: row.id,
    name: row.name,
    directions: row.directions,
    prepTime: row.prepTime,
    totalTime: row.totalTime,
    servings: row.servings,
    sourceUrl: row.sourceUrl,
    ingredients: ingredients.map((i) => ({
      name: i.name, quantity: i.quantity, unit: i.unit, groceryListId: i.groceryListId,
    })),
    tags,
    photo: row.photoVersion && row.photoWidth && row.photoHeight
      ? { version: row.photoVersion, width: row.photoWidth, height: row.photoHeight } : null,
    createdBy: row.createdByUserId,
    familyId: row.familyId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
