import { afterEach, expect, test } from 'vitest';
import { dehydrate, onlineManager, QueryClient } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { restoreStoredCopy } from './restore.ts';

const itemsKey = ['grocery', 'list', 'list-1', 'items'];
const restored = ['Apples', 'Bread', 'Milk'];

/** The copy an earlier visit stored: the list's items as they were seen. */
function storedCopy(): PersistedClient {
  const seen = new QueryClient();
  seen.setQueryData(itemsKey, restored);
  return { timestamp: Date.now(), buster: '', clientState: dehydrate(seen) };
}

/** A fetch the server has not answered yet; `answer` answers it. */
function pendingAnswer() {
  let answer: (items: string[]) => void = () => {};
  const fetched = new Promise<string[]>((resolve) => { answer = resolve; });
  return { queryFn: () => fetched, answer };
}

afterEach(() => onlineManager.setOnline(true));

test('offline, a change cancelling a fetch asked for before the restore keeps the restored items', async () => {
  onlineManager.setOnline(false);
  const client = new QueryClient();
  void client.prefetchQuery({ queryKey: itemsKey, queryFn: pendingAnswer().queryFn });
  expect(client.getQueryState(itemsKey)?.fetchStatus).toBe('paused');

  await restoreStoredCopy(client, storedCopy());
  // What every change shown before it is sent does first.
  await client.cancelQueries({ queryKey: itemsKey });
  expect(client.getQueryData(itemsKey)).toEqual(restored);
  expect(client.getQueryState(itemsKey)?.status).toBe('success');
});

test('online, the same for a fetch still on its way', async () => {
  const client = new QueryClient();
  void client.prefetchQuery({ queryKey: itemsKey, queryFn: pendingAnswer().queryFn });
  expect(client.getQueryState(itemsKey)?.fetchStatus).toBe('fetching');
  await restoreStoredCopy(client, storedCopy());
  await client.cancelQueries({ queryKey: itemsKey });
  expect(client.getQueryData(itemsKey)).toEqual(restored);
});

test('a fetch asked for before the restore and not cancelled: its answer replaces the copy when it comes', async () => {
  const client = new QueryClient();
  const server = pendingAnswer();
  const fetched = client.fetchQuery({ queryKey: itemsKey, queryFn: server.queryFn });
  await restoreStoredCopy(client, storedCopy());
  server.answer(['Apples']);
  await fetched;
  expect(client.getQueryData(itemsKey)).toEqual(['Apples']);
  expect(client.getQueryState(itemsKey)?.fetchStatus).toBe('idle');
});

test('the restored copy is shown but asked for again', async () => {
  onlineManager.setOnline(false);
  const client = new QueryClient();
  void client.prefetchQuery({ queryKey: itemsKey, queryFn: pendingAnswer().queryFn });
  await restoreStoredCopy(client, storedCopy());
  expect(client.getQueryState(itemsKey)).toMatchObject({ data: restored, isInvalidated: true, fetchStatus: 'paused' });
});
