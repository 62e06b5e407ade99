import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as api from '@hearth/contract/grocery';
import { groceryComments } from '../../platform/db/schema.ts';
import { createTestApp, signUp, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { joinAs, newList } from './test-helpers.ts';

const m = api.groceryMessages;
let t: TestApp;
let ada: SignedInUser;
let ben: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  ada = await signUp(t, { name: 'Ada' });
  ben = await joinAs(t, ada, 'EDIT', 'Ben');
});
afterAll(async () => { await t.close(); });

async function post(user: SignedInUser, listId: string, text: string, parentId: string | null = null) {
  t.clock.advance(1000);
  const res = await user.call(api.addComment, {
    body: { listId, familyId: user.user.familyId, userId: user.user.id, userName: user.user.name, text, parentId },
  });
  if (res.status !== 201) throw new Error(`comment failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as api.GroceryComment;
}

const thread = async (listId: string) => (await ada.call(api.getComments, { params: { listId } })).body as api.GroceryComment[];
const texts = (comments: api.GroceryComment[]) => comments.map((c) => [c.text, c.replies.map((r) => r.text)]);

describe('comments', () => {
  it('posts as the caller, whatever userId and userName the payload claims', async () => {
    const listId = await newList(ada);
    const res = await ben.call(api.addComment, {
      body: { listId, familyId: ben.user.familyId, userId: ada.user.id, userName: 'Someone else', text: '  Need milk?  ', parentId: null },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String), listId, familyId: ada.user.familyId, userId: ben.user.id, userName: 'Ben',
      text: 'Need milk?', parentId: null, createdAt: t.clock.now().toISOString(), replies: [],
    });
  });

  it('answers active comments oldest first, each with its replies oldest first', async () => {
    const listId = await newList(ada);
    const first = await post(ada, listId, 'first');
    const second = await post(ben, listId, 'second');
    await post(ben, listId, 'reply 1', first.id);
    await post(ada, listId, 'reply to second', second.id);
    await post(ada, listId, 'reply 2', first.id);
    const comments = await thread(listId);
    expect(texts(comments)).toEqual([['first', ['reply 1', 'reply 2']], ['second', ['reply to second']]]);
    expect(comments[0]!.replies[0]).toMatchObject({ parentId: first.id, userName: 'Ben', listId });
  });

  it('puts a reply to a reply in the same thread', async () => {
    const listId = await newList(ada);
    const top = await post(ada, listId, 'top');
    const reply = await post(ben, listId, 'reply', top.id);
    const nested = await post(ada, listId, 'reply to reply', reply.id);
    expect(nested.parentId).toBe(top.id);
    expect(texts(await thread(listId))).toEqual([['top', ['reply', 'reply to reply']]]);
  });

  it('refuses a parent on another list, or an archived one', async () => {
    const listId = await newList(ada);
    const other = await newList(ada, 'Other');
    const elsewhere = await post(ada, other, 'elsewhere');
    const res = await ada.call(api.addComment, { body: { listId, text: 'x', parentId: elsewhere.id } });
    expect([res.status, res.body.message]).toEqual([404, m.commentNotFound]);
    const gone = await post(ada, listId, 'gone');
    await ada.call(api.archiveComment, { params: { id: gone.id } });
    const late = await ada.call(api.addComment, { body: { listId, text: 'x', parentId: gone.id } });
    expect([late.status, late.body.message]).toEqual([404, m.commentNotFound]);
    expect(await thread(listId)).toEqual([]);
  });

  it('refuses blank and too long text', async () => {
    const listId = await newList(ada);
    const blank = await ada.call(api.addComment, { body: { listId, text: '  ' } });
    expect([blank.status, blank.body.message]).toEqual([400, m.commentRequired]);
    const long = await ada.call(api.addComment, { body: { listId, text: 'x'.repeat(api.groceryLimits.commentMax + 1) } });
    expect([long.status, long.body.message]).toEqual([400, m.commentTooLong]);
  });

  it('archives one comment with its replies; archiving again changes nothing', async () => {
    const listId = await newList(ada);
    const keep = await post(ada, listId, 'keep');
    const drop = await post(ada, listId, 'drop');
    await post(ben, listId, 'reply to drop', drop.id);
    await post(ben, listId, 'reply to keep', keep.id);
    const res = await ben.call(api.archiveComment, { params: { id: drop.id } });
    expect(res.status).toBe(204);
    expect(texts(await thread(listId))).toEqual([['keep', ['reply to keep']]]);
    const rows = await t.db.select().from(groceryComments).where(eq(groceryComments.listId, listId));
    expect(rows.filter((r) => r.archivedAt).map((r) => r.text).sort()).toEqual(['drop', 'reply to drop']);
    expect((await ben.call(api.archiveComment, { params: { id: drop.id } })).status).toBe(204);
  });

  it('archives a single reply', async () => {
    const listId = await newList(ada);
    const top = await post(ada, listId, 'top');
    const reply = await post(ben, listId, 'reply', top.id);
    await ada.call(api.archiveComment, { params: { id: reply.id } });
    expect(texts(await thread(listId))).toEqual([['top', []]]);
  });

  it('clears a whole conversation, leaving other lists alone', async () => {
    const listId = await newList(ada);
    const other = await newList(ada, 'Other');
    const top = await post(ada, listId, 'a');
    await post(ben, listId, 'b', top.id);
    await post(ben, other, 'stays');
    const res = await ada.call(api.archiveListComments, { params: { listId } });
    expect(res.status).toBe(204);
    expect(await thread(listId)).toEqual([]);
    expect(texts(await thread(other))).toEqual([['stays', []]]);
  });

  it('answers 404 for an unknown list or comment', async () => {
    const unknown = crypto.randomUUID();
    expect((await ada.call(api.getComments, { params: { listId: unknown } })).status).toBe(404);
    expect((await ada.call(api.addComment, { body: { listId: unknown, text: 'x' } })).status).toBe(404);
    expect((await ada.call(api.archiveComment, { params: { id: unknown } })).status).toBe(404);
    expect((await ada.call(api.archiveListComments, { params: { listId: unknown } })).status).toBe(404);
  });
});
