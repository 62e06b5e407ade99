import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@hearth/contract/ai-planner';
import * as meals from '@hearth/contract/meals';
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

export function useAddSuggestionToList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { mealId: string; groceryListId: string }) => call(meals.addMealToGroceryList, {
      params: { id: input.mealId }, query: { groceryListId: input.groceryListId, source: 'ai-meal-planner' },
    }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groceryKeys.all }),
  });
}
