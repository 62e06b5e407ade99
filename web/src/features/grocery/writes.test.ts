import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { QueryClient, type MutationKey } from '@tanstack/react-query';
import { idempotencyHeader } from '@hearth/contract/endpoint';
import type { GroceryItem } from '@hearth/contract/grocery';
import { pendingId, rememberCreated, serverId } from '../../shared/offline/queue.ts';
import { groceryKeys } from './queries.ts';
import { groceryMessages } from './texts.ts';
import { registerGroceryWrites } from './writes.ts';

const notice = vi.hoisted(() => vi.fn());
vi.mock('../../shared/offline/queue.ts', async (original) => ({
  ...await original<typeof import('../../shared/offline/queue.ts')>(), notice,
}));

interface Sent { method: string; url: string; headers: Record<string, string>; body: unknown }

/** The server: each call is recorded and answered by `answer` (status and body), or fails as fetch does offline. */
let sent: Sent[];
let answer: (call: Sent) => { status: number; body?: unknown } | 'offline' | Promise<{ status: number; body?: unknown }>;

beforeEach(() => {
  sent = [];
  answer = () => ({ status: 200, body: {} });
  const storage = new Map<string, string>([['token', 'the-token']]);
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => storage.set(k, v),
    removeItem: (k: string) => storage.delete(k),
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const call: Sent = {
      method: init.method ?? 'GET', url, headers: init.headers as Record<string, string>,
      body: init.body ? JSON.parse(init.body as string) : undefined,
    };
    sent.push(call);
    const reply = await answer(call);
    if (reply === 'offline') throw new TypeError('Failed to fetch');
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status, headers: { 'content-type': 'application/json' },
    });
  });
  notice.mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function setUp() {
  const client = new QueryClient();
  registerGroceryWrites(client);
  /** Runs a queued change as a restored one is run: by its key, with what its defaults say. */
  const run = (name: string, vars: unknown) =>
    client.getMutationCache().build(client, { mutationKey: ['grocery-write', name] as MutationKey }).execute(vars);
  return { client, run };
}

const item = (over: Partial<GroceryItem> = {}): GroceryItem => ({
  id: 'item-1', listId: 'list-1', familyId: 'family-1', name: 'Milk', quantity: 2, unit: 'l', category: null,
  isPurchased: false, position: 0, recurrence: 'none', recurringItemId: null, addedFromRecipeId: null, ...over,
} as GroceryItem);

const newItem = { name: 'Milk', quantity: 1.5, unit: 'l', category: null };

describe('adding an item', () => {
  test('sends the add under its idempotency key and remembers the id it was given', async () => {
    const { client, run } = setUp();
    answer = () => ({ status: 201, body: item({ id: 'server-1' }) });
    await run('add-item', { key: 'key-1', listId: 'list-1', familyId: 'family-1', item: { ...newItem, recurrence: 'none' } });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'POST', url: '/api/grocery',
      headers: { [idempotencyHeader]: 'key-1', authorization: 'Bearer the-token' },
      body: { ...newItem, listId: 'list-1', familyId: 'family-1', isPurchased: false, position: 0 },
    });
    expect(sent[0]?.body).not.toHaveProperty('recurringItemId');
    expect(serverId(client, pendingId('key-1'))).toBe('server-1');
  });

  test('a weekly item first creates its recurring item, under the same key, and links the item to it', async () => {
    const { run } = setUp();
    answer = (call) => (call.url === '/api/recurring-items'
      ? { status: 201, body: { id: 'recurring-1' } } : { status: 201, body: item({ id: 'server-1' }) });
    await run('add-item', { key: 'key-2', listId: 'list-1', familyId: 'family-1', item: { ...newItem, recurrence: 'weekly' } });
    expect(sent.map((s) => s.url)).toEqual(['/api/recurring-items', '/api/grocery']);
    expect(sent[0]).toMatchObject({ headers: { [idempotencyHeader]: 'key-2' }, body: { name: 'Milk', frequency: 'WEEKLY', listId: 'list-1' } });
    expect(sent[1]).toMatchObject({ headers: { [idempotencyHeader]: 'key-2' }, body: { recurringItemId: 'recurring-1', recurrence: 'weekly' } });
  });

  test('a network failure is tried again, under the same key, until it gets through', async () => {
    vi.useFakeTimers();
    const { client, run } = setUp();
    let tries = 0;
    answer = () => (++tries < 3 ? 'offline' : { status: 201, body: item({ id: 'server-1' }) });
    const done = run('add-item', { key: 'key-3', listId: 'list-1', familyId: 'family-1', item: { ...newItem, recurrence: 'none' } });
    await vi.advanceTimersByTimeAsync(10_000);
    await done;
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((s) => s.headers[idempotencyHeader]))).toEqual(new Set(['key-3']));
    expect(serverId(client, pendingId('key-3'))).toBe('server-1');
  });

  test('a refusal by the server is final: not sent again, nothing remembered', async () => {
    const { client, run } = setUp();
    answer = () => ({ status: 409, body: { code: 'CONFLICT', message: 'This list is full' } });
    await expect(run('add-item', { key: 'key-4', listId: 'list-1', familyId: 'family-1', item: { ...newItem, recurrence: 'none' } }))
      .rejects.toMatchObject({ status: 409, message: 'This list is full' });
    expect(sent).toHaveLength(1);
    expect(serverId(client, pendingId('key-4'))).toBeUndefined();
  });
});

describe('changes to an item', () => {
  test('a check-off sends the whole item with the opposite purchased state', async () => {
    const { run } = setUp();
    await run('toggle', item({ isPurchased: true }));
    expect(sent[0]).toMatchObject({
      method: 'PATCH', url: '/api/grocery/item-1',
      body: { isPurchased: false, name: 'Milk', quantity: 2, unit: 'l', category: null, recurrence: 'none', position: 0 },
    });
  });

  test('a change to an item added offline goes to the id its add was answered with', async () => {
    const { client, run } = setUp();
    rememberCreated(client, 'key-5', 'server-5');
    await run('toggle', item({ id: pendingId('key-5') }));
    await run('edit', { item: item({ id: pendingId('key-5') }), change: { name: 'Oat milk', quantity: 1, unit: null, category: null } });
    await run('delete', item({ id: pendingId('key-5') }));
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      'PATCH /api/grocery/server-5', 'PATCH /api/grocery/server-5', 'DELETE /api/grocery/server-5',
    ]);
    expect(sent[1]?.body).toEqual({ name: 'Oat milk', quantity: 1, unit: null, category: null });
  });

  test('a change to an item whose add never went through is dropped quietly', async () => {
    const { run } = setUp();
    await expect(run('toggle', item({ id: pendingId('lost') }))).resolves.toBeNull();
    await expect(run('edit', { item: item({ id: pendingId('lost') }), change: newItem })).resolves.toBeNull();
    await expect(run('delete', item({ id: pendingId('lost') }))).resolves.toBeNull();
    expect(sent).toEqual([]);
    expect(notice).not.toHaveBeenCalled();
  });

  test('a check-off or edit of an item deleted meanwhile is dropped with a word about it', async () => {
    const { run } = setUp();
    answer = () => ({ status: 404, body: { code: 'NOT_FOUND', message: 'Item not found' } });
    await expect(run('toggle', item())).resolves.toBeNull();
    await expect(run('edit', { item: item({ name: 'Eggs' }), change: newItem })).resolves.toBeNull();
    expect(notice.mock.calls).toEqual([[groceryMessages.changeDropped('Milk')], [groceryMessages.changeDropped('Eggs')]]);
  });

  test('deleting what is already gone is what was wanted; other refusals fail', async () => {
    const { run } = setUp();
    answer = () => ({ status: 404, body: { message: 'Item not found' } });
    await expect(run('delete', item())).resolves.toBeNull();
    answer = () => ({ status: 403, body: { message: 'Read-only' } });
    await expect(run('delete', item())).rejects.toMatchObject({ status: 403 });
    await expect(run('toggle', item())).rejects.toMatchObject({ status: 403 });
    expect(notice).not.toHaveBeenCalled();
  });
});

describe('reordering', () => {
  test('sends the order rebased, without items whose add never went through', async () => {
    const { client, run } = setUp();
    rememberCreated(client, 'key-6', 'server-6');
    const items = [item({ id: 'b' }), item({ id: pendingId('lost') }), item({ id: pendingId('key-6') }), item({ id: 'a' })];
    await run('reorder', { listId: 'list-1', items });
    expect(sent[0]).toMatchObject({
      method: 'PUT', url: '/api/grocery/reorder?rebase=true',
      body: [{ id: 'b', position: 0 }, { id: 'server-6', position: 1 }, { id: 'a', position: 2 }],
    });
  });

  test('an order of nothing but lost adds sends nothing', async () => {
    const { run } = setUp();
    await expect(run('reorder', { listId: 'list-1', items: [item({ id: pendingId('lost') })] })).resolves.toBeNull();
    expect(sent).toEqual([]);
  });
});

describe('comments and lists', () => {
  test('a reply to a comment posted offline goes to the comment\'s server id; one whose comment was lost is dropped', async () => {
    const { client, run } = setUp();
    answer = () => ({ status: 201, body: { id: 'comment-2' } });
    rememberCreated(client, 'parent-key', 'comment-1');
    await run('comment', { key: 'reply-key', listId: 'list-1', familyId: 'family-1', text: 'Which brand?', parentId: pendingId('parent-key') });
    expect(sent[0]).toMatchObject({
      url: '/api/grocery-comments', headers: { [idempotencyHeader]: 'reply-key' },
      body: { listId: 'list-1', familyId: 'family-1', text: 'Which brand?', parentId: 'comment-1' },
    });
    expect(serverId(client, pendingId('reply-key'))).toBe('comment-2');
    await expect(run('comment', { key: 'k', listId: 'list-1', familyId: 'family-1', text: 'x', parentId: pendingId('lost') })).resolves.toBeNull();
    expect(sent).toHaveLength(1);
  });

  test('a list made offline is created under its key and remembered', async () => {
    const { client, run } = setUp();
    answer = () => ({ status: 201, body: { id: 'list-9', familyId: 'family-1', title: 'Costco' } });
    await run('create-list', { key: 'list-key', familyId: 'family-1', title: 'Costco' });
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/api/grocery-lists', headers: { [idempotencyHeader]: 'list-key' }, body: { familyId: 'family-1', title: 'Costco' } });
    expect(serverId(client, pendingId('list-key'))).toBe('list-9');
  });
});

describe('the queue', () => {
  test('changes go out one at a time, in the order they were made', async () => {
    const { run } = setUp();
    let release = () => {};
    answer = (call) => (call.method === 'PATCH'
      ? new Promise((resolve) => { release = () => resolve({ status: 200, body: item() }); })
      : { status: 204 });
    const first = run('toggle', item());
    const second = run('delete', item({ id: 'item-2' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent.map((s) => s.method)).toEqual(['PATCH']);
    release();
    await Promise.all([first, second]);
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual(['PATCH /api/grocery/item-1', 'DELETE /api/grocery/item-2']);
  });

  test('once the last queued change is answered, the list it touched is asked for again', async () => {
    const { client, run } = setUp();
    client.setQueryData(groceryKeys.items('list-1'), [item()]);
    client.setQueryData(groceryKeys.items('list-2'), [item({ listId: 'list-2' })]);
    await run('clear-purchased', 'list-1');
    expect(sent[0]).toMatchObject({ method: 'DELETE', url: '/api/grocery/list/list-1/purchased' });
    expect(client.getQueryState(groceryKeys.items('list-1'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(groceryKeys.items('list-2'))?.isInvalidated).toBe(false);
  });
});
