import { startTransition, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { IsRestoringProvider, onlineManager, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { persistQueryClientSubscribe, type PersistedClient, type Persister } from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';
import { session } from '../session.ts';
import { restoreStoredCopy } from './restore.ts';

/** How long what was seen (and what waits to be sent) is kept on the device; as long as the server keeps a create's key. */
export const offlineDays = 7;
const offlineMs = offlineDays * 86_400_000;
const storeKey = (userId: string) => `hearth-cache:${userId}`;

/**
 * One user's copy of the query cache in IndexedDB. Nothing is written once that user is no longer signed in:
 * a session that expired while changes waited keeps them stored (as they were before the 401) for after the next
 * sign-in, and a write scheduled before a sign-out cannot bring them back.
 */
function persisterFor(userId: string): Persister {
  // Every cache change asks for a save: one write at a time, the newest copy written when the last one ends.
  let newest: PersistedClient | null = null;
  let writing = false;
  const write = async () => {
    writing = true;
    while (newest) {
      const next = newest;
      newest = null;
      if (session.user()?.id === userId) await set(storeKey(userId), next);
    }
    writing = false;
  };
  return {
    persistClient: async (client) => {
      newest = client;
      if (!writing) await write();
    },
    restoreClient: async () => {
      const stored = await get<PersistedClient>(storeKey(userId));
      if (!stored) return undefined;
      // A change that was being sent when the page went away is sent again (creates carry their key, so once).
      for (const m of stored.clientState.mutations) m.state.isPaused = true;
      return stored;
    },
    removeClient: () => del(storeKey(userId)),
  };
}

/** Sign-out: the signed-out user's copy leaves the device. */
export function forgetOfflineCopy(userId: string): Promise<void> {
  return del(storeKey(userId));
}

const signedInUserId = () => session.user()?.id ?? null;

/**
 * The query client, restored from and saved to the signed-in user's IndexedDB copy: lists, items, recipes and
 * members seen once stay readable offline, and changes not yet sent survive a reload (they resume in order).
 * Queries wait while the copy is read.
 */
export function OfflineCacheProvider({ client, beforeRestore, children }: {
  client: QueryClient;
  /** Makes ready what restored changes need to be sent (their mutation defaults). */
  beforeRestore: () => Promise<void>;
  children: ReactNode;
}) {
  const userId = useSyncExternalStore(session.subscribe, signedInUserId);
  const [restoredFor, setRestoredFor] = useState<string | null>(null);

  useEffect(() => {
    if (!userId) return;
    const options = {
      queryClient: client, persister: persisterFor(userId),
      // Every change not yet answered, not only those paused offline: a reload mid-send must not lose one.
      dehydrateOptions: { shouldDehydrateMutation: (m: { state: { status: string } }) => m.state.status === 'pending' },
    };
    let stop: (() => void) | undefined;
    let stopped = false;
    // The stored copy is read while the code that sends restored changes loads: opening offline waits for the slower.
    const restore = Promise.all([options.persister.restoreClient(), beforeRestore()]).then(async ([stored]) => {
      if (stopped || !stored) return;
      if (Date.now() - stored.timestamp > offlineMs) await options.persister.removeClient();
      else await restoreStoredCopy(client, stored);
    });
    void restore.finally(() => {
      if (stopped) return;
      stop = persistQueryClientSubscribe(options);
      // Every screen's queries re-render when the restore ends: made in slices, not in one task.
      startTransition(() => setRestoredFor(userId));
      // Offline they would only pause again; the client resumes them itself when the network is back.
      if (onlineManager.isOnline()) void client.resumePausedMutations();
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [client, userId, beforeRestore]);

  return (
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={userId !== null && restoredFor !== userId}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  );
}
