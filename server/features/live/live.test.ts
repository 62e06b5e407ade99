import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import * as accounts from '@hearth/contract/accounts';
import * as family from '@hearth/contract/family';
import * as grocery from '@hearth/contract/grocery';
import * as todos from '@hearth/contract/todos';
import { liveHeartbeatMs, liveReplacedEventName, liveStreamsPerSession, type LiveChange } from '@hearth/contract/live';
import { days } from '../../platform/clock.ts';
import { familyMembers, users } from '../../platform/db/schema.ts';
import { createTestApp, signIn, signUp, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { joinAs, newItem, newList, newRecurring, runRecurringJob } from '../grocery/test-helpers.ts';
import { newChild, newTask, newTodoList } from '../todos/test-helpers.ts';

let t: TestApp;
let base: string;
let ada: SignedInUser;
let ben: SignedInUser;
let oz: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  ada = await signUp(t, { name: 'Ada' });
  ben = await joinAs(t, ada, 'READ_ONLY', 'Ben');
  oz = await signUp(t, { name: 'Oz' });
});
afterAll(async () => { await t.close(); });

/** A real SSE client over fetch: collects `change` events and comments as they arrive. */
class Stream {
  readonly changes: LiveChange[] = [];
  readonly comments: string[] = [];
  ended = false;
  /** Ended by the server for a newer stream of the same session. */
  replaced = false;
  private readonly abort = new AbortController();
  private wake: () => void = () => {};

  static async open(token: string): Promise<Stream> {
    const stream = new Stream();
    const res = await fetch(`${base}/api/live`, {
      headers: { authorization: `Bearer ${token}` }, signal: stream.abort.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    // Written by the route itself (hijacked), with the headers every answer carries.
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    void stream.read(res.body!);
    await stream.until(() => stream.comments.includes('connected'));
    return stream;
  }

  private async read(body: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          this.parse(buffer.slice(0, cut));
          buffer = buffer.slice(cut + 2);
        }
        this.wake();
      }
    } catch {
      // Aborted by close().
    }
    this.ended = true;
    this.wake();
  }

  private parse(block: string) {
    let event = 'message';
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
      else if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ') && event === 'change') this.changes.push(JSON.parse(line.slice(6)));
    }
    if (event === liveReplacedEventName) this.replaced = true;
  }

  async until(done: () => boolean, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`stream condition not met; got ${JSON.stringify(this.changes)}`);
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, 50);
      });
    }
  }

  kinds(): string[] {
    return this.changes.map((c) => c.kind);
  }

  close() {
    this.abort.abort();
  }
}

const open: Stream[] = [];
async function openStream(user: SignedInUser): Promise<Stream> {
  const stream = await Stream.open(user.token);
  open.push(stream);
  return stream;
}
afterEach(() => {
  for (const s of open.splice(0)) s.close();
  vi.useRealTimers();
});

describe('GET /api/live', () => {
  it('answers 401 without a valid bearer token', async () => {
    expect((await fetch(`${base}/api/live`)).status).toBe(401);
    const bad = await fetch(`${base}/api/live`, { headers: { authorization: 'Bearer nope' } });
    expect(bad.status).toBe(401);
    expect(((await bad.json()) as { code: string }).code).toBe('UNAUTHENTICATED');
  });

  it('delivers one member\'s change to another member of the family, never to another family', async () => {
    const benStream = await openStream(ben);
    const ozStream = await openStream(oz);
    const listId = await newList(ada, 'Shared');
    const item = await newItem(ada, listId, 'Milk');
    await benStream.until(() => benStream.kinds().includes('add_grocery_item'));
    expect(benStream.changes.filter((c) => c.topic === 'grocery').at(-1)).toEqual({
      familyId: ada.user.familyId, topic: 'grocery', kind: 'add_grocery_item', listId, id: item.id, byUserId: ada.user.id,
    });
    // Oz's own change arrives after Ada's were published, so Ada's would have arrived first.
    const ozList = await newList(oz, 'Oz list');
    await ozStream.until(() => ozStream.changes.length > 0);
    expect(ozStream.changes).toEqual([{
      familyId: oz.user.familyId, topic: 'grocery', kind: 'create_list', listId: ozList, id: ozList, byUserId: oz.user.id,
    }]);
  });

  it('publishes every change to lists, items, comments and recurring items, and nothing for a refused one', async () => {
    const stream = await openStream(ben);
    const listId = await newList(ada, 'All changes');
    const milk = await newItem(ada, listId, 'Milk');
    const eggs = await newItem(ada, listId, 'Eggs');
    const refused = await ada.call(grocery.reorderItems, { body: [{ id: milk.id, position: 0 }] });
    expect(refused.status).toBe(400);
    await ada.call(grocery.reorderItems, { body: [{ id: milk.id, position: 0 }, { id: eggs.id, position: 1 }] });
    await ada.call(grocery.updateItem, { params: { itemId: milk.id }, body: { isPurchased: true } });
    await ada.call(grocery.deleteItem, { params: { itemId: eggs.id } });
    const comment = (await ada.call(grocery.addComment, { body: { listId, text: 'hi' } })).body;
    await ada.call(grocery.archiveComment, { params: { id: comment.id } });
    await ada.call(grocery.archiveListComments, { params: { listId } });
    const recurring = await newRecurring(ada, listId, 'Bread');
    await ada.call(grocery.updateRecurringItem, {
      params: { id: recurring.id }, body: { name: 'Rye', quantity: null, unit: null, listId, frequency: 'WEEKLY' },
    });
    t.clock.advance(days(7));
    expect(await runRecurringJob(t)).toBeGreaterThanOrEqual(1);
    await ada.call(grocery.deleteRecurringItem, { params: { id: recurring.id } });
    await ada.call(grocery.deleteList, { params: { listId } });
    // An add and a comment also refresh the bells of those they tell (topic `notifications`, next to their own).
    const expected = [
      'create_list', 'add_grocery_item', 'add_grocery_item', 'add_grocery_item', 'add_grocery_item', 'items_reordered',
      'item_updated', 'item_deleted', 'comment_added', 'comment_added', 'comment_archived', 'comments_cleared',
      'recurring_item_created', 'recurring_item_updated', 'recurring_item_returned', 'recurring_item_returned',
      'recurring_item_deleted', 'items_updated', 'list_deleted', 'list_deleted',
    ];
    await stream.until(() => stream.changes.filter((c) => c.listId === listId || c.id === recurring.id).length >= expected.length);
    const mine = stream.changes.filter((c) => c.listId === listId || c.id === recurring.id);
    expect(mine.map((c) => c.kind)).toEqual(expected);
    expect(mine.filter((c) => c.kind === 'add_grocery_item').map((c) => c.topic))
      .toEqual(['grocery', 'notifications', 'grocery', 'notifications']);
    expect(mine.filter((c) => c.kind === 'comment_added').map((c) => c.topic)).toEqual(['grocery-comments', 'notifications']);
    expect(mine.filter((c) => c.kind === 'list_deleted').map((c) => c.topic)).toEqual(['grocery', 'recurring']);
    expect(mine.filter((c) => c.kind === 'recurring_item_returned').map((c) => c.topic)).toEqual(['grocery', 'recurring']);
    expect(new Set(mine.map((c) => c.familyId))).toEqual(new Set([ada.user.familyId]));
  });

  it('publishes to-do changes on the todos topic: lists, tasks, check-offs, skips, undos and rewards', async () => {
    const stream = await openStream(ben);
    const list = await newTodoList(ada, 'Live chores');
    const kid = await newChild(ada, 'Live kid');
    const chore = await newTask(ada, { listId: list.id, assigneeId: kid.id, stars: 2, dueDate: '2026-03-02', repeat: { frequency: 'DAILY' } });
    await ada.call(todos.completeTask, { params: { taskId: chore.id }, body: {} });
    await ada.call(todos.skipTask, { params: { taskId: chore.id }, body: {} });
    await ada.call(todos.undoTask, { params: { taskId: chore.id }, body: {} });
    const reward = (await ada.call(todos.createReward, { body: { memberId: kid.id, title: 'Treat', goalStars: 2 } })).body;
    await ada.call(todos.redeemReward, { params: { rewardId: reward.id } });
    const expected = [
      'todo_list_created', 'todo_created', 'chore_completed', 'todo_skipped', 'todo_uncompleted', 'reward_created', 'reward_redeemed',
    ];
    const mine = () => stream.changes.filter((c) => c.topic === 'todos' && (c.listId === list.id || c.id === reward.id));
    await stream.until(() => mine().length >= expected.length);
    expect(mine().map((c) => c.kind)).toEqual(expected);
    expect(mine()[2]).toEqual({
      familyId: ada.user.familyId, topic: 'todos', kind: 'chore_completed', listId: list.id, id: chore.id, byUserId: ada.user.id,
    });
  });

  it('sends a heartbeat comment every 25 s, and ends the stream once the member leaves the family', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const leaver = await joinAs(t, ada, 'EDIT', 'Leaver');
    const stream = await openStream(leaver);
    await vi.advanceTimersByTimeAsync(liveHeartbeatMs);
    await stream.until(() => stream.comments.includes('heartbeat'));
    await t.db.delete(familyMembers).where(eq(familyMembers.userId, leaver.user.id));
    await t.db.update(users).set({ familyId: null }).where(eq(users.id, leaver.user.id));
    await vi.advanceTimersByTimeAsync(liveHeartbeatMs);
    await stream.until(() => stream.ended);
  });

  it('ends an open stream the moment its session is signed out, without waiting for a heartbeat', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const member = await joinAs(t, ada, 'EDIT', 'Leaving soon');
    const stream = await openStream(member);
    expect((await member.call(accounts.logout)).status).toBe(204);
    await stream.until(() => stream.ended, 3000);
  });

  it('ends an open stream the moment an admin removes the member from the family', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const member = await joinAs(t, ada, 'EDIT', 'Removed');
    const stream = await openStream(member);
    const [row] = await t.db.select({ id: familyMembers.id }).from(familyMembers).where(eq(familyMembers.userId, member.user.id));
    expect((await ada.call(family.removeMember, { params: { id: row!.id } })).status).toBe(204);
    await stream.until(() => stream.ended, 3000);
  });

  it(`holds ${liveStreamsPerSession} streams per session, closing the oldest for a newer one; other sessions keep theirs`, async () => {
    const member = await joinAs(t, ada, 'READ_ONLY', 'Many tabs');
    const tabs: Stream[] = [];
    for (let n = 0; n < liveStreamsPerSession; n++) tabs.push(await openStream(member));
    const phone = await signIn(t, member.email, member.password);
    const phoneStream = await openStream(phone);
    const newest = await openStream(member);
    await tabs[0]!.until(() => tabs[0]!.ended);
    expect(tabs[0]!.replaced).toBe(true);
    // The others, the newest and the other session's stream all still get the family's changes.
    const listId = await newList(ada, 'Still live');
    const live = [...tabs.slice(1), newest, phoneStream];
    for (const stream of live) await stream.until(() => stream.changes.some((c) => c.listId === listId));
    expect(live.map((stream) => stream.ended)).toEqual(Array(live.length).fill(false));
  });

  it(`keeps ${liveStreamsPerSession} streams of a session opened in a parallel burst of 40, closing the rest`, async () => {
    const member = await joinAs(t, ada, 'READ_ONLY', 'Burst');
    const streams = await Promise.all(Array.from({ length: 40 }, () => openStream(member)));
    const listId = await newList(ada, 'After the burst');
    for (const stream of streams) await stream.until(() => stream.ended || stream.changes.some((c) => c.listId === listId));
    expect(streams.filter((stream) => !stream.ended)).toHaveLength(liveStreamsPerSession);
    expect(streams.filter((stream) => stream.replaced)).toHaveLength(40 - liveStreamsPerSession);
  });

  it('refuses a signed-in user without a family', async () => {
    const loner = await signUp(t, { name: 'Loner' });
    await t.db.delete(familyMembers).where(eq(familyMembers.userId, loner.user.id));
    await t.db.update(users).set({ familyId: null }).where(eq(users.id, loner.user.id));
    const res = await fetch(`${base}/api/live`, { headers: { authorization: `Bearer ${loner.token}` } });
    expect(res.status).toBe(403);
  });
});
