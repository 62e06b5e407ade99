import { hydrate, type QueryClient } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/react-query-persist-client';

/**
 * Puts the stored copy into the query client, marked for asking again: the copy is for showing at once (and
 * offline), never for trusting; what a screen shows is asked for again when it mounts, as after a reconnect (a
 * member who joined since, say).
 */
export async function restoreStoredCopy(client: QueryClient, stored: PersistedClient): Promise<void> {
  hydrate(client, stored.clientState);
  keepRestoredOnCancel(client);
  await client.invalidateQueries({ refetchType: 'none' });
}

/**
 * A fetch keeps the state its query had when it started, and puts it back when it is cancelled, as every change
 * shown before it is sent does first (`cancelQueries`). Hydrating does not touch that state, so a fetch started
 * before the restore (the opened page's, asked for as the bundle ran, paused offline) would put back no data and
 * the change would apply to an empty list. Data the client writes itself is what a fetch falls back to: written
 * so, the restored copy is.
 */
function keepRestoredOnCancel(client: QueryClient): void {
  for (const query of client.getQueryCache().getAll()) {
    const { data, dataUpdatedAt, fetchStatus } = query.state;
    if (fetchStatus !== 'idle' && data !== undefined) client.setQueryData(query.queryKey, data, { updatedAt: dataUpdatedAt });
  }
}
