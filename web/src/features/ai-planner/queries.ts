import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@hearth/contract/ai-planner';
import type { MealType } from '@hearth/contract/calendar';
import * as meals from '@hearth/contract/meals';
import * as grocery from '@hearth/contract/grocery';
import { idempotencyHeader } from '@hearth/contract/endpoint';
import { call } from '../../shared/api/client.ts';
import { hasCode } from '../../shared/api/errors.ts';
import { groceryKeys } from '../grocery/queries.ts';
import { mealKeys } from '../meals/queries.ts';

/** The planner changes nothing other members see, so its key needs no live topic; each answer refreshes it. */
export const aiKeys = { usage: ['ai-meal-planner', 'usage'] as const };

export function useAiUsage() {
  return useQuery({ queryKey: aiKeys.usage, queryFn: () => call(api.aiUsage) });
}

/** Every answer says how many requests are left, and a quota refusal means none; the page shows that number. */
function useRemember() {
  const queryClient = useQueryClient();
  return {
    answer: (remainingRequests: number) => queryClient.setQueryData(aiKeys.usage, { remainingRequests }),
    failure: (error: unknown) => {
      if (hasCode(error, 'RATE_LIMITED')) queryClient.setQueryData(aiKeys.usage, { remainingRequests: 0 });
    },
  };
}

export function useGenerateMeals() {
  const remember = useRemember();
  return useMutation({
    mutationFn: (body: api.AiMealRequestInput) => call(api.generateMeals, { body }),
    onSuccess: (answer) => remember.answer(answer.remainingRequests),
    onError: remember.failure,
  });
}

export function useAlterMeal() {
  const remember = useRemember();
  return useMutation({
    mutationFn: (body: api.AiAlterationRequestInput) => call(api.alterMeal, { body }),
    onSuccess: (answer) => remember.answer(answer.remainingRequests),
    onError: remember.failure,
  });
}

/** "Plan my week": a dinner for each empty evening, nothing saved (one request). */
export function useProposeWeek() {
  const remember = useRemember();
  return useMutation({
    mutationFn: (weekStart: string) => call(api.proposeWeek, { body: { weekStart } }),
    onSuccess: (answer) => remember.answer(answer.remainingRequests),
    onError: remember.failure,
  });
}

/** A slot's ideas, or another proposal for one evening (a swap): one request per ask. */
export function useProposeForSlot() {
  const remember = useRemember();
  return useMutation({
    mutationFn: (body: { date: string; mealType: MealType; exclude?: string[] }) => call(api.proposeForSlot, { body }),
    onSuccess: (answer) => remember.answer(answer.remainingRequests),
    onError: remember.failure,
  });
}

/** A suggestion as a recipe of the library: its description leads the directions, so notes of changes stay. */
export function toMealInput(meal: api.GeneratedMeal): meals.MealInput {
  return {
    name: meal.name,
    directions: [meal.description, meal.fullRecipe].filter(Boolean).join('\n\n'),
    prepTime: meal.prepTime,
    totalTime: meal.totalTime,
    ingredients: meal.ingredients.map((i) => ({ name: i.name, quantity: i.quantity, unit: i.unit })),
    source: 'ai-meal-planner',
  };
}

export function useSaveSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (meal: api.GeneratedMeal) => call(meals.createMeal, { body: toMealInput(meal) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mealKeys.lists }),
  });
}

export interface ListedIngredients {
  added: number;
  /** The ingredients that could not be added, with the first reason given. */
  failed: string[];
  reason: unknown;
}

/**
 * The spec's per-ingredient call: each ingredient is its own `POST /api/grocery` (unpurchased, at the top, pointing
 * to the recipe when it was saved), so nothing is saved that the family did not ask to keep; each one's failure is
 * its own. Each carries an idempotency key, so a retried request adds it once.
 */
export function useAddSuggestionToList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { meal: api.GeneratedMeal; groceryListId: string; familyId: string; recipeId: string | null }): Promise<ListedIngredients> => {
      const outcomes = await Promise.allSettled(input.meal.ingredients.map((i) => call(grocery.addItem, {
        headers: { [idempotencyHeader]: crypto.randomUUID() },
        body: {
          name: i.name, quantity: i.quantity, unit: i.unit, listId: input.groceryListId, familyId: input.familyId,
          isPurchased: false, position: 0, addedFromRecipeId: input.recipeId,
        },
      })));
      const failed = input.meal.ingredients.filter((_, n) => outcomes[n]!.status === 'rejected').map((i) => i.name);
      const reason = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected')?.reason as unknown;
      return { added: outcomes.length - failed.length, failed, reason };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: groceryKeys.all }),
  });
}
