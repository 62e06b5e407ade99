import { z } from 'zod';
import { Quantity, quantityLimits } from './quantity.ts';
import { endpoint, Id, IdParams, IsoDateTime } from './endpoint.ts';

/** Field limits of the recipe library (the spec names none; these keep rows and pages bounded). */
export const mealLimits = {
  nameMax: 255,
  directionsMax: 10_000,
  /** Minutes in a week: longer than any recipe's prep or total time. */
  minutesMax: 10_080,
  ingredientsMax: 100,
  ingredientNameMax: 255,
  quantityMax: quantityLimits.max,
  unitMax: 50,
  /** A bound no real family meets, so one family cannot slow the others (docs/DECISIONS.md). */
  mealsPerFamily: 2000,
} as const;

/** The spec's exact texts for meals (part 1 §2, §5, §8), plus the server's limit messages. */
export const mealMessages = {
  notFound: 'Meal not found.',
  requiredFields: 'Please fill in all required fields',
  ingredientNameRequired: 'Ingredient name is required.',
  invalidIngredients: 'Invalid ingredients data',
  noFamily: 'You are not a member of a family yet.',
  nameTooLong: `Meal name must be at most ${mealLimits.nameMax} characters`,
  timeTooLong: `Prep and total time must be at most ${mealLimits.minutesMax} minutes`,
  directionsTooLong: `Directions must be at most ${mealLimits.directionsMax} characters`,
  tooManyIngredients: `A meal can have at most ${mealLimits.ingredientsMax} ingredients`,
  ingredientNameTooLong: `Ingredient name must be at most ${mealLimits.ingredientNameMax} characters`,
  unitTooLong: `Unit must be at most ${mealLimits.unitMax} characters`,
  groceryListNotFound: 'Grocery list not found',
  tooManyMeals: `A family can have at most ${mealLimits.mealsPerFamily} meals.`,
} as const;

/** Screens that save or shop a recipe for the planner's usage events. */
export const mealSources = ['ai-meal-planner'] as const;
export type MealSource = (typeof mealSources)[number];

/** "Prep: N min · Total: N min"; an unknown time shows as a dash. */
export function mealTimes(meal: { prepTime: number | null; totalTime: number | null }): string {
  return `Prep: ${meal.prepTime ?? '–'} min · Total: ${meal.totalTime ?? '–'} min`;
}

const Minutes = z.number({ error: mealMessages.requiredFields })
  .int(mealMessages.requiredFields)
  .min(0, mealMessages.requiredFields)
  .max(mealLimits.minutesMax, mealMessages.timeTooLong)
  .nullish();

export const IngredientInput = z.object({
  name: z.string({ error: mealMessages.ingredientNameRequired }).trim()
    .min(1, mealMessages.ingredientNameRequired).max(mealLimits.ingredientNameMax, mealMessages.ingredientNameTooLong),
  quantity: Quantity(mealMessages.invalidIngredients).nullish(),
  /** Trimmed; empty means none. */
  unit: z.string({ error: mealMessages.invalidIngredients }).trim().max(mealLimits.unitMax, mealMessages.unitTooLong)
    .nullish(),
  /** Optional list this ingredient is usually bought on; must be one of the caller's family's lists. */
  groceryListId: Id.nullish(),
}, { error: mealMessages.invalidIngredients });

export const MealInput = z.object({
  name: z.string({ error: mealMessages.requiredFields }).trim()
    .min(1, mealMessages.requiredFields).max(mealLimits.nameMax, mealMessages.nameTooLong),
  /** Must be the caller's family when sent; the server always uses the caller's family. */
  familyId: Id.nullish(),
  /** Ignored: the server records the caller as the creator. */
  createdBy: z.string().max(100).nullish(),
  ingredients: z.array(IngredientInput, { error: mealMessages.invalidIngredients })
    .max(mealLimits.ingredientsMax, mealMessages.tooManyIngredients),
  directions: z.string({ error: mealMessages.requiredFields }).trim()
    .max(mealLimits.directionsMax, mealMessages.directionsTooLong).nullish(),
  prepTime: Minutes,
  totalTime: Minutes,
  /** Where the recipe came from; 'ai-meal-planner' also records the planner's ai_meal_saved usage event. */
  source: z.enum(mealSources).nullish(),
});
export type MealInput = z.input<typeof MealInput>;

export const Ingredient = z.object({
  name: z.string(),
  quantity: z.number().nullable(),
  unit: z.string().nullable(),
  groceryListId: z.uuid().nullable(),
});
export type Ingredient = z.infer<typeof Ingredient>;

export const Meal = z.object({
  id: z.uuid(),
  name: z.string(),
  directions: z.string().nullable(),
  prepTime: z.number().int().nullable(),
  totalTime: z.number().int().nullable(),
  ingredients: z.array(Ingredient),
  /** The creating user's id; null once that account is gone. */
  createdBy: z.uuid().nullable(),
  familyId: z.uuid(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type Meal = z.infer<typeof Meal>;

export const listMeals = endpoint({
  method: 'GET',
  path: '/api/meals/family/{familyId}',
  access: 'user',
  summary: 'The family\'s meals, by name',
  params: z.object({ familyId: Id }),
  response: z.array(Meal),
});

export const createMeal = endpoint({
  method: 'POST',
  path: '/api/meals',
  access: 'user',
  summary: 'Add a meal with its ingredients (ADMIN or EDIT)',
  body: MealInput,
  response: Meal,
  status: 201,
});

export const getMeal = endpoint({
  method: 'GET',
  path: '/api/meals/{id}',
  access: 'user',
  summary: 'One meal with its ingredients',
  params: IdParams,
  response: Meal,
});

export const updateMeal = endpoint({
  method: 'PUT',
  path: '/api/meals/{id}',
  access: 'user',
  summary: 'Replace a meal and its ingredient list (ADMIN or EDIT)',
  params: IdParams,
  body: MealInput,
  response: Meal,
});

export const deleteMeal = endpoint({
  method: 'DELETE',
  path: '/api/meals/{id}',
  access: 'user',
  summary: 'Delete a meal; grocery items added from it stay on their lists (ADMIN or EDIT)',
  params: IdParams,
  response: z.null(),
});

export const addMealToGroceryList = endpoint({
  method: 'POST',
  path: '/api/meals/{id}/add-to-grocery-list',
  access: 'user',
  summary: 'Put the ingredients (all, or those named in `ingredients`) on a list, all or nothing; one already unpurchased there raises its quantity (ADMIN or EDIT)',
  params: IdParams,
  query: z.object({ groceryListId: Id, familyId: Id.optional(), source: z.enum(mealSources).optional() }),
  /** Optional: the names of the ingredients to add (any case); without it, every ingredient. */
  body: z.object({
    ingredients: z.array(z.string().trim().min(1).max(mealLimits.ingredientNameMax)).max(mealLimits.ingredientsMax).optional(),
  }).nullish(),
  response: z.object({ added: z.number().int() }),
});
