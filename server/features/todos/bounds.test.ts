import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@hearth/contract/todos';
import { todoLists, todoRewards, todoTasks } from '../../platform/db/schema.ts';
import { familyOfOne, signUp, type Answer, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { newChild, newTask, newTodoList } from './test-helpers.ts';

/**
 * The to-dos' bounds: each is filled to just under its bound directly in the database, then a parallel burst of
 * calls must leave exactly the bound, refusing the rest with 409 and the contract's message.
 */

const m = api.todoMessages;
const limits = api.todoLimits;
const burstSize = 12;
let t: TestApp;
let ada: SignedInUser;
let familyId: string;

beforeAll(async () => { ({ t, member: ada, familyId } = await familyOfOne()); });
afterAll(async () => { await t.close(); });

async function burst(room: number, call: (i: number) => Promise<Answer>, message: string, ok = 201): Promise<void> {
  const answers = await Promise.all(Array.from({ length: burstSize }, (_, i) => call(i)));
  expect(answers.filter((a) => a.status === ok)).toHaveLength(room);
  expect(answers.filter((a) => a.status !== ok).map((a) => [a.status, a.body.message]))
    .toEqual(Array(burstSize - room).fill([409, message]));
}

const taskRows = (listId: string, n: number, extra: Partial<typeof todoTasks.$inferInsert> = {}) =>
  Array.from({ length: n }, (_, i) => ({ familyId, listId, title: `Filler ${i}`, position: i + 1, ...extra }));

describe('bounds under parallel bursts', () => {
  it('a family takes exactly up to its list bound', async () => {
    const zed = await signUp(t, { name: 'Zed' });
    await t.db.insert(todoLists).values(Array.from({ length: limits.listsPerFamily - 2 }, (_, i) => ({
      familyId: zed.user.familyId!, title: `List ${i}`, color: '#123456',
    })));
    await burst(2, (i) => zed.call(api.createTodoList, { body: { title: `New ${i}` } }), m.tooManyLists);
  });

  it('a list takes exactly up to its open-task bound; done tasks do not count, and reopening one needs room', async () => {
    const list = await newTodoList(ada, 'Big');
    const done = await newTask(ada, { listId: list.id, title: 'Done' });
    await ada.call(api.completeTask, { params: { taskId: done.id }, body: {} });
    await t.db.insert(todoTasks).values(taskRows(list.id, limits.openTasksPerList - 3));
    await burst(3, (i) => ada.call(api.createTask, { body: { listId: list.id, title: `New ${i}` } }), m.listFull);
    const reopen = await ada.call(api.undoTask, { params: { taskId: done.id }, body: {} });
    expect([reopen.status, reopen.body.message]).toEqual([409, m.listFull]);
    const other = await newTodoList(ada, 'Other');
    const moving = await newTask(ada, { listId: other.id, title: 'Mover' });
    const moved = await ada.call(api.updateTask, { params: { taskId: moving.id }, body: { listId: list.id } });
    expect([moved.status, moved.body.message]).toEqual([409, m.listFull]);
  });

  it('a member takes exactly up to the chore bound, counted over every list, and plain tasks do not count', async () => {
    const kid = await newChild(ada, 'Kid');
    const a = await newTodoList(ada, 'A');
    const b = await newTodoList(ada, 'B');
    await newTask(ada, { listId: a.id, title: 'Plain', assigneeId: kid.id });
    await t.db.insert(todoTasks).values(taskRows(a.id, limits.choresPerMember - 2, { assigneeId: kid.id, stars: 1 }));
    await burst(2, (i) => ada.call(api.createTask, {
      body: { listId: i % 2 ? a.id : b.id, title: `Chore ${i}`, assigneeId: kid.id, stars: 2 },
    }), m.tooManyChores);
    const plain = await newTask(ada, { listId: b.id, title: 'Becomes a chore', assigneeId: kid.id });
    const made = await ada.call(api.updateTask, { params: { taskId: plain.id }, body: { stars: 1 } });
    expect([made.status, made.body.message]).toEqual([409, m.tooManyChores]);
  });

  it('a member takes exactly up to the reward bound', async () => {
    const kid = await newChild(ada, 'Rewarded');
    await t.db.insert(todoRewards).values(Array.from({ length: limits.rewardsPerMember - 1 }, (_, i) => ({
      familyId, memberId: kid.id, title: `Reward ${i}`, goalStars: 5,
    })));
    await burst(1, (i) => ada.call(api.createReward, { body: { memberId: kid.id, title: `New ${i}`, goalStars: 3 } }), m.tooManyRewards);
  });
});
