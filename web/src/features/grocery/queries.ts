import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@hearth/contract/grocery';
import type { Frequency, GroceryComment, GroceryList, RecurringItem } from '@hearth/contract/grocery';
import { call, prefetchedFreshMs } from '../../shared/api/client.ts';
import { membersQuery } from '../family/queries.ts';
import { categoryChoices } from './merges.ts';

/**
 * Keys start with the live-change topic ('grocery', 'grocery-comments', 'recurring', 'family'); a change
 * with a listId refreshes the keys starting [topic, 'list', listId] (web/src/shared/live.ts).
 */
export const groceryKeys = {
  all: ['grocery'] as const,
  lists: (familyId: string) => ['grocery', 'lists', familyId] as const,
  list: (listId: string) => ['grocery', 'list', listId] as const,
  items: (listId: string) => ['grocery', 'list', listId, 'items'] as const,
  comments: (listId: string) => ['grocery-comments', 'list', listId] as const,
  recurring: (familyId: string) => ['recurring', familyId] as const,
  suggestions: (familyId: string, text: string) => ['grocery', 'suggestions', familyId, text] as const,
  aisles: (familyId: string) => ['grocery', 'aisles', familyId] as const,
  categories: (familyId: string) => ['grocery', 'categories', familyId] as const,
};

/** Reports a failure with the spec's text for it. */
export type Report = (message: string) => void;

/** The family's lists; other features (meals, calendar) read them through this. */
export const listsQuery = (familyId: string) => queryOptions({
  queryKey: groceryKeys.lists(familyId),
  queryFn: () => call(api.getLists, { params: { familyId } }),
  staleTime: prefetchedFreshMs,
});

export function useLists(familyId: string) {
  return useQuery(listsQuery(familyId));
}

export function useFamilyMembers() {
  return useQuery(membersQuery);
}

export function useDeleteList(familyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (listId: string) => call(api.deleteList, { params: { listId } }),
    onSuccess: (_, listId) => {
      queryClient.setQueryData<GroceryList[]>(groceryKeys.lists(familyId), (lists) => lists?.filter((l) => l.id !== listId));
      queryClient.removeQueries({ queryKey: groceryKeys.list(listId) });
    },
  });
}

/** A list's items; the app starts loading them on the way to the list page (app/prefetch.ts). */
export const itemsQuery = (listId: string) => queryOptions({
  queryKey: groceryKeys.items(listId),
  queryFn: () => call(api.getItems, { params: { listId } }),
  staleTime: prefetchedFreshMs,
});

export function useItems(listId: string, enabled = true) {
  return useQuery({ ...itemsQuery(listId), enabled });
}

/** Names the family has bought before, for the add field; nothing is asked for an empty text. */
export function useSuggestions(familyId: string, text: string) {
  return useQuery({
    queryKey: groceryKeys.suggestions(familyId, text),
    queryFn: () => call(api.getSuggestions, { params: { familyId }, query: { q: text } }),
    enabled: text !== '',
    staleTime: 60_000,
  });
}

/**
 * A category field's choices: the family's categories as first written, then the built-in aisles it has not used;
 * asked for while a field is `shown`, again each time one opens.
 */
export function useCategoryChoices(familyId: string, shown = true): string[] {
  const family = useQuery({
    queryKey: groceryKeys.categories(familyId),
    queryFn: () => call(api.getCategories, { params: { familyId } }),
    enabled: shown,
  });
  return categoryChoices(family.data ?? [], api.aisleCategories);
}

export const aisleOrderQuery = (familyId: string) => queryOptions({
  queryKey: groceryKeys.aisles(familyId),
  queryFn: async () => (await call(api.getCategoryOrder, { params: { familyId } })).categories,
  staleTime: prefetchedFreshMs,
});

export function useAisleOrder(familyId: string) {
  return useQuery(aisleOrderQuery(familyId));
}

export function useSaveAisleOrder(familyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (categories: string[]) => call(api.setCategoryOrder, { params: { familyId }, body: { categories } }),
    onSuccess: (saved) => queryClient.setQueryData(groceryKeys.aisles(familyId), saved.categories),
  });
}

export function useComments(listId: string) {
  return useQuery({
    queryKey: groceryKeys.comments(listId),
    queryFn: () => call(api.getComments, { params: { listId } }),
  });
}

export function useArchiveComment(listId: string) {
  const queryClient = useQueryClient();
  const key = groceryKeys.comments(listId);
  return useMutation({
    mutationFn: (id: string) => call(api.archiveComment, { params: { id } }),
    onSuccess: (_, id) => {
      queryClient.setQueryData<GroceryComment[]>(key, (comments = []) => comments
        .filter((c) => c.id !== id)
        .map((c) => ({ ...c, replies: c.replies.filter((r) => r.id !== id) })));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useClearComments(listId: string) {
  const queryClient = useQueryClient();
  const key = groceryKeys.comments(listId);
  return useMutation({
    mutationFn: () => call(api.archiveListComments, { params: { listId } }),
    onSuccess: () => queryClient.setQueryData<GroceryComment[]>(key, []),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useRecurringItems(familyId: string) {
  return useQuery({
    queryKey: groceryKeys.recurring(familyId),
    queryFn: () => call(api.getRecurringItems, { params: { familyId } }),
  });
}

export interface RecurringInput {
  name: string;
  listId: string;
  quantity: number | null;
  unit: string | null;
  frequency: Frequency;
}

/** Creates (with its matching item on the list) or updates a recurring item. */
export function useSaveRecurring(familyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string | null; input: RecurringInput }): Promise<RecurringItem> => {
      const body = { ...input, familyId };
      if (id) return call(api.updateRecurringItem, { params: { id }, body });
      const created = await call(api.createRecurringItem, { body });
      await call(api.addItem, {
        body: {
          name: input.name, quantity: input.quantity, unit: input.unit, category: null, listId: input.listId, familyId,
          isPurchased: false, position: 0, recurrence: api.recurrenceOf(input.frequency), recurringItemId: created.id,
        },
      });
      return created;
    },
    onSettled: (_, __, { input }) => Promise.all([
      queryClient.invalidateQueries({ queryKey: groceryKeys.recurring(familyId) }),
      queryClient.invalidateQueries({ queryKey: groceryKeys.items(input.listId) }),
    ]),
  });
}

export function useDeleteRecurring(familyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api.deleteRecurringItem, { params: { id } }),
    onSuccess: (_, id) => {
      queryClient.setQueryData<RecurringItem[]>(groceryKeys.recurring(familyId), (items) => items?.filter((i) => i.id !== id));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: groceryKeys.recurring(familyId) }),
  });
}
