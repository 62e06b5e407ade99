import { useSyncExternalStore } from 'react';
import { hashKey, useMutationState, type Mutation, type MutationKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
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

/**
 * A queued change shown at once names the query it changed (its meta, kept with the stored queue): a fetch of that
 * query waits for it (`afterQueuedChanges`).
 */
export const changing = (queryKey: QueryKey) => ({ changes: queryKey });

const changes = (mutation: Mutation<unknown, Error, unknown>, hash: string) => {
  const key = mutation.meta?.['changes'];
  return Array.isArray(key) && hashKey(key) === hash;
};

/** The queries that queued changes not yet answered changed (`changing`). */
export const changedByQueue = (client: QueryClient): QueryKey[] => client.getMutationCache().getAll()
  .filter((m) => m.state.status === 'pending')
  .map((m) => m.meta?.['changes'])
  .filter((key) => Array.isArray(key));

/**
 * Resolves once no queued change to `queryKey`'s data waits, at once when none does. A fetch answered while one
 * waits would be the data as it was before that change, older than what is shown: the change's row would leave and
 * come back. A query's fetch waits on this first; a cancelled fetch stops waiting.
 */
export function afterQueuedChanges(client: QueryClient, queryKey: QueryKey, signal: AbortSignal): Promise<void> {
  const hash = hashKey(queryKey);
  const waiting = () => client.isMutating({ predicate: (m) => changes(m, hash) }) > 0;
  if (!waiting()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const stop = client.getMutationCache().subscribe(() => {
      if (waiting()) return;
      stop();
      resolve();
    });
    signal.addEventListener('abort', () => {
      stop();
      reject(signal.reason);
    }, { once: true });
  });
}

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
