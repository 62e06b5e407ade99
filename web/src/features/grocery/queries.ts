import { queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import * as api from '@hearth/contract/grocery';
import { groceryMessages } from './texts.ts';
import type { Frequency, GroceryComment, GroceryItem, GroceryList, Recurrence, RecurringItem } from '@hearth/contract/grocery';
import { call, prefetchedFreshMs } from '../../shared/api/client.ts';
import { membersQuery } from '../family/queries.ts';

const m = groceryMessages;

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

export function useCreateList(familyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (title: string) => call(api.createList, { body: { familyId, title } }),
    onSuccess: (list) => {
      queryClient.setQueryData<GroceryList[]>(groceryKeys.lists(familyId), (lists) => [...(lists ?? []), list]);
    },
  });
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

/**
 * A change shown at once: the cache is updated before the call, put back when the server refuses
 * (with the spec's message), and refetched either way.
 */
function useOptimistic<V>(key: QueryKey, options: {
  send: (vars: V) => Promise<unknown>;
  apply: (items: GroceryItem[], vars: V) => GroceryItem[];
  failure: (vars: V) => string;
  report: Report;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: key,
    mutationFn: options.send,
    onMutate: async (vars: V) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<GroceryItem[]>(key);
      queryClient.setQueryData<GroceryItem[]>(key, (items) => options.apply(items ?? [], vars));
      return { previous };
    },
    onError: (_error, vars, context) => {
      queryClient.setQueryData(key, context?.previous);
      options.report(options.failure(vars));
    },
    // While another change of the same list is still on its way, a refetch would hide it for a moment.
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: key }) === 1) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

const renumber = (items: GroceryItem[]) => items.map((item, position) => ({ ...item, position }));

export interface NewItem {
  name: string;
  quantity: number | null;
  unit: string | null;
  category: string | null;
  recurrence: Recurrence;
}

/** Ids of items shown before the server has answered. */
export const pendingPrefix = 'pending-';
const frequencyOf: Record<Exclude<Recurrence, 'none'>, Frequency> = { weekly: 'WEEKLY', monthly: 'MONTHLY' };

/** Adds an item at the top; a Weekly or Monthly one first creates its recurring item (spec flow). */
export function useAddItem(listId: string, familyId: string, report: Report) {
  return useOptimistic<NewItem>(groceryKeys.items(listId), {
    send: async (item) => {
      let recurringItemId: string | null = null;
      if (item.recurrence !== 'none') {
        const recurring = await call(api.createRecurringItem, {
          body: {
            name: item.name, quantity: item.quantity, unit: item.unit, listId, familyId,
            frequency: frequencyOf[item.recurrence],
          },
        });
        recurringItemId = recurring.id;
      }
      return call(api.addItem, {
        body: {
          ...item, listId, familyId, isPurchased: false, position: 0,
          ...(recurringItemId ? { recurringItemId } : {}),
        },
      });
    },
    apply: (items, item) => renumber([{
      ...item, id: `${pendingPrefix}${crypto.randomUUID()}`, position: 0, isPurchased: false, listId, familyId,
      recurringItemId: null, addedFromRecipeId: null,
    }, ...items]),
    failure: (item) => (item.recurrence === 'none' ? m.addItemFailed : m.addRecurringItemFailed),
    report,
  });
}

export function useTogglePurchased(listId: string, report: Report) {
  return useOptimistic<GroceryItem>(groceryKeys.items(listId), {
    send: (item) => call(api.updateItem, {
      params: { itemId: item.id },
      body: {
        isPurchased: !item.isPurchased, name: item.name, quantity: item.quantity, unit: item.unit,
        category: item.category, recurrence: item.recurrence, position: item.position,
      },
    }),
    apply: (items, item) => items.map((i) => (i.id === item.id ? { ...i, isPurchased: !item.isPurchased } : i)),
    failure: () => m.togglePurchasedFailed,
    report,
  });
}

export function useDeleteItem(listId: string, report: Report) {
  return useOptimistic<GroceryItem>(groceryKeys.items(listId), {
    send: (item) => call(api.deleteItem, { params: { itemId: item.id } }),
    apply: (items, item) => renumber(items.filter((i) => i.id !== item.id)),
    failure: () => m.deleteItemFailed,
    report,
  });
}

export interface ItemChange {
  item: GroceryItem;
  change: { name: string; quantity: number | null; unit: string | null; category: string | null };
}

export function useEditItem(listId: string, report: Report) {
  return useOptimistic<ItemChange>(groceryKeys.items(listId), {
    send: ({ item, change }) => call(api.updateItem, { params: { itemId: item.id }, body: change }),
    apply: (items, { item, change }) => items.map((i) => (i.id === item.id ? { ...i, ...change } : i)),
    failure: () => m.editItemFailed,
    report,
  });
}

export function useClearPurchased(listId: string, report: Report) {
  return useOptimistic<void>(groceryKeys.items(listId), {
    send: () => call(api.clearPurchased, { params: { listId } }),
    apply: (items) => renumber(items.filter((i) => !i.isPurchased)),
    failure: () => m.clearPurchasedFailed,
    report,
  });
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

/** Saves the whole new order of the list (every item, positions 0..n-1). */
export function useReorder(listId: string, report: Report) {
  return useOptimistic<GroceryItem[]>(groceryKeys.items(listId), {
    send: (items) => call(api.reorderItems, { body: items.map(({ id, position }) => ({ id, position })) }),
    apply: (_, items) => items,
    failure: () => m.saveOrderFailed,
    report,
  });
}

export function useComments(listId: string) {
  return useQuery({
    queryKey: groceryKeys.comments(listId),
    queryFn: () => call(api.getComments, { params: { listId } }),
  });
}

export function usePostComment(listId: string, familyId: string) {
  const queryClient = useQueryClient();
  const key = groceryKeys.comments(listId);
  return useMutation({
    mutationFn: (input: { text: string; parentId: string | null }) =>
      call(api.addComment, { body: { listId, familyId, text: input.text, parentId: input.parentId } }),
    onSuccess: (comment) => {
      queryClient.setQueryData<GroceryComment[]>(key, (comments = []) => (comment.parentId
        ? comments.map((c) => (c.id === comment.parentId ? { ...c, replies: [...c.replies, comment] } : c))
        : [...comments, comment]));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
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
