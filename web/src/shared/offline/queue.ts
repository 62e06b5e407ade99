import { useSyncExternalStore } from 'react';
import { useMutationState, type MutationKey, type QueryClient } from '@tanstack/react-query';
import { idempotencyHeader } from '@hearth/contract/endpoint';

/**
 * Changes that may be made offline wait in one scope: sent one at a time, in the order they were made, also
 * after a reload (their mutation key's defaults, set at start, say how to send each).
 */
export const offlineScope = { id: 'offline-writes' };

/** Ids of things shown before the server has answered: `pending-` and the create's idempotency key. */
export const pendingPrefix = 'pending-';
export const pendingId = (key: string) => `${pendingPrefix}${key}`;
export const isPending = (id: string) => id.startsWith(pendingPrefix);
export const newCreateKey = () => crypto.randomUUID();
export const keyHeader = (key: string) => ({ [idempotencyHeader]: key });

/**
 * Network failures (fetch rejects with a TypeError: no answer, or the answer was lost) are tried again until they
 * get through, a create under the same key; the server's refusals are final.
 */
export const queuedRetry = {
  retry: (_failures: number, error: unknown) => error instanceof TypeError,
  retryDelay: (failures: number) => Math.min(1000 * 2 ** failures, 30_000),
};

const createdKey = ['offline-created-ids'] as const;

/** A create made offline was answered: later changes to its pending id go to this id. Kept with the cache. */
export function rememberCreated(client: QueryClient, key: string, id: string): void {
  client.setQueryData<Record<string, string>>(createdKey, (ids = {}) => ({ ...ids, [key]: id }));
}

/** The server's id for `id`, which may be pending; undefined when its create never went through. */
export function serverId(client: QueryClient, id: string): string | undefined {
  if (!isPending(id)) return id;
  return client.getQueryData<Record<string, string>>(createdKey)?.[id.slice(pendingPrefix.length)];
}

/** True when this is the last queued change still on its way: time to refetch what the queue touched. */
export const lastQueued = (client: QueryClient, key: MutationKey) => client.isMutating({ mutationKey: key }) <= 1;

/** How many changes wait to be sent (or are being sent). */
export function useWaitingChanges(): number {
  return useMutationState({
    filters: { status: 'pending', predicate: (m) => m.options.scope?.id === offlineScope.id },
    select: (m) => m.mutationId,
  }).length;
}

let notices: readonly string[] = [];
const noticeListeners = new Set<() => void>();
const noticesChanged = () => noticeListeners.forEach((listener) => listener());

/** A short word about a queued change the server dropped (an item deleted meanwhile), shown until dismissed. */
export function notice(message: string): void {
  if (notices.includes(message)) return;
  notices = [...notices, message];
  noticesChanged();
}

export function dismissNotice(message: string): void {
  notices = notices.filter((n) => n !== message);
  noticesChanged();
}

export function useNotices(): readonly string[] {
  return useSyncExternalStore((listener) => {
    noticeListeners.add(listener);
    return () => noticeListeners.delete(listener);
  }, () => notices);
}
