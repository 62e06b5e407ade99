import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import * as api from '@hearth/contract/grocery';
import type { Frequency, GroceryComment, GroceryItem, GroceryList, Recurrence } from '@hearth/contract/grocery';
import { ApiError, call } from '../../shared/api/client.ts';
import {
  keyHeader, lastQueued, newCreateKey, notice, offlineScope, pendingId, queuedRetry, rememberCreated, serverId,
} from '../../shared/offline/queue.ts';
import { useCurrentUser } from '../../shared/useCurrentUser.ts';
import { applyEdit, type EditedFields } from './merges.ts';
import { groceryKeys, type Report } from './queries.ts';
import { groceryMessages as m } from './texts.ts';

/**
 * The list's changes that work offline. Each is a mutation whose key's defaults (registered at start, before the
 * stored queue is restored) know how to send it, so a change made before a reload is still sent after it; the
 * hooks below only show it at once. All wait in one scope and go out in the order they were made.
 */
const writeKey = (name: string) => ['grocery-write', name] as const;
const writes = {
  addItem: writeKey('add-item'),
  toggle: writeKey('toggle'),
  edit: writeKey('edit'),
  remove: writeKey('delete'),
  clear: writeKey('clear-purchased'),
  reorder: writeKey('reorder'),
  comment: writeKey('comment'),
  createList: writeKey('create-list'),
};
const anyWrite = ['grocery-write'] as const;

export interface NewItem {
  name: string;
  quantity: number | null;
  unit: string | null;
  category: string | null;
  recurrence: Recurrence;
}
/** An item added again (an undone merge) keeps its links: its recurring item is not made anew. */
export interface ItemLinks { recurringItemId: string | null; addedFromRecipeId: string | null }
interface AddItem { key: string; listId: string; familyId: string; item: NewItem; links?: ItemLinks }
interface EditItem { item: GroceryItem; change: ItemChange['change'] }
interface Reorder { listId: string; items: GroceryItem[] }
interface AddComment { key: string; listId: string; familyId: string; text: string; parentId: string | null }
interface CreateList { key: string; familyId: string; title: string }

export interface ItemChange {
  item: GroceryItem;
  change: EditedFields;
}

const frequencyOf: Record<Exclude<Recurrence, 'none'>, Frequency> = { weekly: 'WEEKLY', monthly: 'MONTHLY' };

/** A change to an item someone deleted meanwhile is dropped, with a word about it; anything else fails as usual. */
async function unlessDeleted<T>(name: string, send: () => Promise<T>): Promise<T | null> {
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    notice(m.changeDropped(name));
    return null;
  }
}

/** The item's id on the server, or null when the add it came from never went through (its failure was shown). */
const idOf = (client: QueryClient, item: GroceryItem) => serverId(client, item.id) ?? null;

/** How each queued change is sent, and what is refetched once the queue has emptied. */
export function registerGroceryWrites(client: QueryClient): void {
  // Once the last queued change is answered, what it touched is asked for again.
  const refresh = (queryKey: readonly unknown[]) => {
    if (lastQueued(client, anyWrite)) void client.invalidateQueries({ queryKey });
  };
  const queued = { scope: offlineScope, ...queuedRetry };

  client.setMutationDefaults<GroceryItem, Error, AddItem>(writes.addItem, {
    ...queued,
    mutationFn: async ({ key, listId, familyId, item, links }: AddItem) => {
      let recurringItemId = links?.recurringItemId ?? null;
      if (item.recurrence !== 'none' && !links) {
        const recurring = await call(api.createRecurringItem, {
          body: { name: item.name, quantity: item.quantity, unit: item.unit, listId, familyId, frequency: frequencyOf[item.recurrence] },
          headers: keyHeader(key),
        });
        recurringItemId = recurring.id;
      }
      return call(api.addItem, {
        body: {
          ...item, listId, familyId, isPurchased: false, position: 0, ...(recurringItemId ? { recurringItemId } : {}),
          ...(links?.addedFromRecipeId ? { addedFromRecipeId: links.addedFromRecipeId } : {}),
        },
        headers: keyHeader(key),
      });
    },
    onSuccess: (added: GroceryItem, { key }: AddItem) => rememberCreated(client, key, added.id),
    onSettled: (_data: unknown, _error: unknown, { listId }: AddItem) => refresh(groceryKeys.list(listId)),
  });

  client.setMutationDefaults(writes.toggle, {
    ...queued,
    mutationFn: async (item: GroceryItem) => {
      const id = idOf(client, item);
      if (!id) return null;
      // Whole fields, as the spec's PATCH is used everywhere; the server ignores the position. Last writer wins.
      return unlessDeleted(item.name, () => call(api.updateItem, {
        params: { itemId: id },
        body: {
          isPurchased: !item.isPurchased, name: item.name, quantity: item.quantity, unit: item.unit,
          category: item.category, recurrence: item.recurrence, position: item.position,
        },
      }));
    },
    onSettled: (_data: unknown, _error: unknown, item: GroceryItem) => refresh(groceryKeys.list(item.listId)),
  });

  client.setMutationDefaults(writes.edit, {
    ...queued,
    mutationFn: async ({ item, change }: EditItem) => {
      const id = idOf(client, item);
      if (!id) return null;
      return unlessDeleted(item.name, () => call(api.updateItem, { params: { itemId: id }, body: change }));
    },
    onSettled: (_data: unknown, _error: unknown, { item }: EditItem) => refresh(groceryKeys.list(item.listId)),
  });

  client.setMutationDefaults(writes.remove, {
    ...queued,
    mutationFn: async (item: GroceryItem) => {
      const id = idOf(client, item);
      if (!id) return null;
      // Already deleted by someone else: what was wanted.
      return call(api.deleteItem, { params: { itemId: id } }).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      });
    },
    onSettled: (_data: unknown, _error: unknown, item: GroceryItem) => refresh(groceryKeys.list(item.listId)),
  });

  client.setMutationDefaults(writes.clear, {
    ...queued,
    mutationFn: (listId: string) => call(api.clearPurchased, { params: { listId } }),
    onSettled: (_data: unknown, _error: unknown, listId: string) => refresh(groceryKeys.list(listId)),
  });

  client.setMutationDefaults(writes.reorder, {
    ...queued,
    // Rebased on the server: items deleted meanwhile are skipped there, items added meanwhile keep their places.
    mutationFn: async ({ items }: Reorder) => {
      const ids = items.map((item) => idOf(client, item)).filter((id) => id !== null);
      if (ids.length === 0) return null;
      return call(api.reorderItems, { body: ids.map((id, position) => ({ id, position })), query: { rebase: 'true' } });
    },
    onSettled: (_data: unknown, _error: unknown, { listId }: Reorder) => refresh(groceryKeys.list(listId)),
  });

  client.setMutationDefaults<GroceryComment | null, Error, AddComment>(writes.comment, {
    ...queued,
    mutationFn: async ({ key, listId, familyId, text, parentId }: AddComment) => {
      const parent = parentId ? serverId(client, parentId) : null;
      if (parent === undefined) return null;
      return call(api.addComment, { body: { listId, familyId, text, parentId: parent }, headers: keyHeader(key) });
    },
    onSuccess: (comment: GroceryComment | null, { key }: AddComment) => {
      if (comment) rememberCreated(client, key, comment.id);
    },
    onSettled: (_data: unknown, _error: unknown, { listId }: AddComment) => refresh(groceryKeys.comments(listId)),
  });

  client.setMutationDefaults<GroceryList, Error, CreateList>(writes.createList, {
    ...queued,
    mutationFn: ({ key, familyId, title }: CreateList) =>
      call(api.createList, { body: { familyId, title }, headers: keyHeader(key) }),
    onSuccess: (list: GroceryList, { key }: CreateList) => rememberCreated(client, key, list.id),
    onSettled: (_data: unknown, _error: unknown, { familyId }: CreateList) => refresh(groceryKeys.lists(familyId)),
  });
}

/** A queued change shown at once in the items' cache; a refusal is reported (the refetch after it puts things back). */
function useQueuedItemChange<V>(listId: string, key: readonly string[], apply: (items: GroceryItem[], vars: V) => GroceryItem[]) {
  const client = useQueryClient();
  const itemsKey = groceryKeys.items(listId);
  return useMutation<unknown, Error, V>({
    mutationKey: key,
    onMutate: async (vars) => {
      await client.cancelQueries({ queryKey: itemsKey });
      client.setQueryData<GroceryItem[]>(itemsKey, (items) => apply(items ?? [], vars));
    },
  });
}

const renumber = (items: GroceryItem[]) => items.map((item, position) => ({ ...item, position }));

/**
 * Adds an item at the top; a Weekly or Monthly one first creates its recurring item (spec flow), unless it is added
 * again with its `links`. Answers the item's pending id.
 */
export function useAddItem(listId: string, familyId: string, report: Report) {
  const mutation = useQueuedItemChange<AddItem>(listId, writes.addItem, (items, { key, item, links }) => renumber([{
    ...item, id: pendingId(key), position: 0, isPurchased: false, listId, familyId,
    recurringItemId: links?.recurringItemId ?? null, addedFromRecipeId: links?.addedFromRecipeId ?? null,
  }, ...items]));
  return {
    mutate: (item: NewItem, links?: ItemLinks) => {
      const key = newCreateKey();
      mutation.mutate({ key, listId, familyId, item, ...(links ? { links } : {}) }, {
        onError: () => report(item.recurrence === 'none' ? m.addItemFailed : m.addRecurringItemFailed),
      });
      return pendingId(key);
    },
  };
}

export function useTogglePurchased(listId: string, report: Report) {
  const mutation = useQueuedItemChange<GroceryItem>(listId, writes.toggle, (items, item) =>
    items.map((i) => (i.id === item.id ? { ...i, isPurchased: !item.isPurchased } : i)));
  return { mutate: (item: GroceryItem) => mutation.mutate(item, { onError: () => report(m.togglePurchasedFailed) }) };
}

export function useDeleteItem(listId: string, report: Report) {
  const mutation = useQueuedItemChange<GroceryItem>(listId, writes.remove, (items, item) =>
    renumber(items.filter((i) => i.id !== item.id)));
  return {
    mutate: (item: GroceryItem, options: { onSettled?: () => void } = {}) => mutation.mutate(item, {
      onError: () => report(m.deleteItemFailed), ...(options.onSettled ? { onSettled: options.onSettled } : {}),
    }),
  };
}

export function useEditItem(listId: string, report: Report) {
  // Shown as the server makes it: an edit into an item already open on the list merges the two.
  const mutation = useQueuedItemChange<EditItem>(listId, writes.edit, (items, { item, change }) => applyEdit(items, item, change));
  return { mutate: (vars: ItemChange) => mutation.mutate(vars, { onError: () => report(m.editItemFailed) }) };
}

export function useClearPurchased(listId: string, report: Report) {
  const mutation = useQueuedItemChange<string>(listId, writes.clear, (items) => renumber(items.filter((i) => !i.isPurchased)));
  return { mutate: () => mutation.mutate(listId, { onError: () => report(m.clearPurchasedFailed) }) };
}

/** Saves the whole new order of the list (every item, positions 0..n-1). */
export function useReorder(listId: string, report: Report) {
  const mutation = useQueuedItemChange<Reorder>(listId, writes.reorder, (_, { items }) => items);
  return { mutate: (items: GroceryItem[]) => mutation.mutate({ listId, items }, { onError: () => report(m.saveOrderFailed) }) };
}

/** Posts a comment or reply; it shows at once (pending) and is sent when the network allows. */
export function usePostComment(listId: string, familyId: string) {
  const client = useQueryClient();
  const me = useCurrentUser().data;
  const key = groceryKeys.comments(listId);
  const mutation = useMutation<unknown, Error, AddComment>({
    mutationKey: writes.comment,
    onMutate: async (vars) => {
      await client.cancelQueries({ queryKey: key });
      const shown = {
        id: pendingId(vars.key), listId, familyId, userId: me?.id ?? '', userName: me?.name ?? '', text: vars.text,
        parentId: vars.parentId, createdAt: new Date().toISOString(),
      };
      client.setQueryData<GroceryComment[]>(key, (comments = []) => (vars.parentId
        ? comments.map((c) => (c.id === vars.parentId ? { ...c, replies: [...c.replies, shown] } : c))
        : [...comments, { ...shown, replies: [] }]));
    },
  });
  return {
    mutate: (input: { text: string; parentId: string | null }, onError: () => void) =>
      mutation.mutate({ key: newCreateKey(), listId, familyId, ...input }, { onError }),
  };
}

/** Creates a list; offline it shows (pending, not yet openable) and is created when the network allows. */
export function useCreateList(familyId: string) {
  const client = useQueryClient();
  const key = groceryKeys.lists(familyId);
  const mutation = useMutation<GroceryList, Error, CreateList>({
    mutationKey: writes.createList,
    onMutate: async (vars) => {
      await client.cancelQueries({ queryKey: key });
      client.setQueryData<GroceryList[]>(key, (lists = []) => [...lists, { id: pendingId(vars.key), familyId, title: vars.title, openItemCount: 0 }]);
    },
  });
  return {
    mutate: (title: string, options: { onSuccess: (list: GroceryList) => void; onError: () => void }) =>
      mutation.mutate({ key: newCreateKey(), familyId, title }, options),
  };
}
