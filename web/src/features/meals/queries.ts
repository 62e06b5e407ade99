import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@hearth/contract/meals';
import { ApiError, call, prefetchedFreshMs, upload } from '../../shared/api/client.ts';
import { groceryKeys, listsQuery } from '../grocery/queries.ts';

/** Keys start with the live-change topic ('meals', 'grocery'), so a change from another member refetches them. */
export const mealKeys = {
  all: ['meals'] as const,
  lists: ['meals', 'list'] as const,
  list: (familyId: string) => ['meals', 'list', familyId] as const,
  detail: (id: string) => ['meals', 'detail', id] as const,
  search: (familyId: string, q: string, tag: string) => ['meals', 'list', familyId, 'search', q, tag] as const,
  tags: (familyId: string) => ['meals', 'list', familyId, 'tags'] as const,
};

export const mealsQuery = (familyId: string) => queryOptions({
  queryKey: mealKeys.list(familyId),
  queryFn: () => call(api.listMeals, { params: { familyId } }),
  staleTime: prefetchedFreshMs,
});

export function useMeals(familyId: string | null | undefined) {
  return useQuery({ ...mealsQuery(familyId ?? ''), enabled: Boolean(familyId) });
}

/** The server's search, while the family types or picks a tag; the last answer stays on screen meanwhile. */
export function useMealSearch(familyId: string | null | undefined, q: string, tag: string) {
  return useQuery({
    queryKey: mealKeys.search(familyId ?? '', q, tag),
    queryFn: ({ signal }) => call(api.searchMeals, {
      params: { familyId: familyId ?? '' }, query: { ...(q ? { q } : {}), ...(tag ? { tag } : {}) }, signal,
    }),
    enabled: Boolean(familyId) && Boolean(q || tag),
    placeholderData: (previous) => previous,
  });
}

export function useMealTags(familyId: string | null | undefined) {
  return useQuery({
    queryKey: mealKeys.tags(familyId ?? ''),
    queryFn: () => call(api.listMealTags, { params: { familyId: familyId ?? '' } }),
    enabled: Boolean(familyId),
  });
}

export const mealQuery = (id: string) => queryOptions({
  queryKey: mealKeys.detail(id),
  queryFn: () => call(api.getMeal, { params: { id } }),
  staleTime: prefetchedFreshMs,
});

export function useMeal(id: string) {
  return useQuery(mealQuery(id));
}

/** The meal was saved but its photo was not: `meal` is the saved meal, which a second save updates. */
export class PhotoNotSaved extends Error {
  readonly meal: api.Meal;
  constructor(meal: api.Meal, cause: unknown) {
    super('photo not saved', { cause });
    this.meal = meal;
  }
}

/**
 * Creates the meal, or replaces it when `id` is given, then sets its photo (a file) or removes it (null) when
 * `photo` is given; answers the meal as it now is. The meals' lists are asked again once, after both.
 */
export function useSaveMeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body, photo }: { id: string | undefined; body: api.MealInput; photo?: Blob | null }) => {
      const meal = id ? await call(api.updateMeal, { params: { id }, body }) : await call(api.createMeal, { body });
      queryClient.setQueryData(mealKeys.detail(meal.id), meal);
      if (photo === undefined || (photo === null && !meal.photo)) return meal;
      try {
        if (photo) return await upload(api.setMealPhoto, { params: { id: meal.id }, file: photo });
        await call(api.deleteMealPhoto, { params: { id: meal.id } });
        return { ...meal, photo: null };
      } catch (error) {
        throw new PhotoNotSaved(meal, error);
      }
    },
    onSuccess: (meal) => queryClient.setQueryData(mealKeys.detail(meal.id), meal),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mealKeys.lists }),
  });
}

export function useDeleteMeal(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.deleteMeal, { params: { id } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: mealKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: mealKeys.lists });
    },
  });
}

/** Reads a recipe page into a draft meal; nothing is saved. */
export function useImportMeal() {
  return useMutation({ mutationFn: (url: string) => call(api.importMeal, { body: { url } }) });
}

export function useAddMealToList(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ingredients, servings, ...query }: {
      groceryListId: string; familyId: string; ingredients?: string[]; servings?: number;
    }) => call(api.addMealToGroceryList, {
      params: { id },
      query: { ...query, ...(servings ? { servings: String(servings) } : {}) },
      ...(ingredients ? { body: { ingredients } } : {}),
    }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groceryKeys.all }),
  });
}

export function useGroceryLists(familyId: string | null | undefined) {
  return useQuery({ ...listsQuery(familyId ?? ''), enabled: Boolean(familyId) });
}

/** The spec's failure text, followed by the server's reason when it gave one the user can act on. */
export function failureText(text: string, error: unknown): string {
  if (!(error instanceof ApiError) || error.status >= 500 || error.status === 401) return text;
  return text.endsWith('.') ? `${text} ${error.message}` : `${text}: ${error.message}`;
}
