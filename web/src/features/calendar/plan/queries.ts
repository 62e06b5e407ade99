import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@hearth/contract/meal-plan';
import { call } from '../../../shared/api/client.ts';

/** Keys start with the live topic: another member's change to the calendar or a list refetches them. */
export const planKeys = {
  week: (weekStart: string) => ['calendar', 'plan', weekStart] as const,
  shopping: (weekStart: string) => ['calendar', 'plan-shopping', weekStart] as const,
  notes: (listId: string) => ['grocery', 'meal-notes', listId] as const,
};

/** The week in one call; the week before stays on screen while the next loads. */
export function useWeekPlan(weekStart: string) {
  return useQuery({
    queryKey: planKeys.week(weekStart),
    queryFn: ({ signal }) => call(api.getWeekPlan, { query: { weekStart }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useShoppingSheet(weekStart: string) {
  return useQuery({
    queryKey: planKeys.shopping(weekStart),
    queryFn: ({ signal }) => call(api.shoppingForWeek, { query: { weekStart }, signal }),
  });
}

/** Which meals each item shopped from the plan is for, by item id (shown on the list's rows). */
export function useMealNotes(listId: string) {
  return useQuery({
    queryKey: planKeys.notes(listId),
    queryFn: ({ signal }) => call(api.listMealNotes, { params: { listId }, signal }),
    select: (notes) => new Map(notes.map((n) => [n.itemId, n.meals.join(', ')])),
  });
}

/** A planner write: the week, the calendar, the newsfeed and the lists refetch after it. */
export function usePlanMutation<T, R>(fn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all(['calendar', 'dashboard', 'grocery']
      .map((topic) => queryClient.invalidateQueries({ queryKey: [topic] }))),
  });
}

export const planActions = {
  plan: (body: api.PlanMealInput) => call(api.planMeal, { body }),
  move: ({ id, ...body }: { id: string; date?: string; mealType?: api.MealType; servings?: number | null }) =>
    call(api.updatePlannedMeal, { params: { id }, body }),
  copy: ({ id, date, mealType }: { id: string; date: string; mealType: api.MealType }) =>
    call(api.copyPlannedMeal, { params: { id }, body: { date, mealType } }),
  remove: ({ id, date }: { id: string; date?: string }) =>
    call(api.removePlannedMeal, { params: { id }, query: date ? { date } : {} }),
  copyLastWeek: (weekStart: string) => call(api.copyLastWeek, { body: { weekStart } }),
  clear: (weekStart: string) => call(api.clearWeek, { body: { weekStart } }),
  shop: (body: { weekStart: string; listId: string; keys: string[] }) => call(api.shopForWeek, { body }),
};
