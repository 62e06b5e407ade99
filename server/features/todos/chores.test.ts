import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { idempotencyHeader } from '@hearth/contract/endpoint';
import * as family from '@hearth/contract/family';
import * as api from '@hearth/contract/todos';
import { familyEvents } from '../../platform/db/schema.ts';
import { createTestApp, signUp, type Answer, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { joinAs } from '../../test/factories.ts';
import { newChild, newTask, newTodoList } from './test-helpers.ts';

const m = api.todoMessages;
let t: TestApp;

beforeAll(async () => { t = await createTestApp(); }); // Sunday 1 March 2026, 07:00 in New York
afterAll(async () => { await t.close(); });

/** A family of its own: an admin, an editor, a read-only member and a child with a list. */
async function household() {
  const ada = await signUp(t, { name: 'Ada' });
  const ed = await joinAs(t, ada, 'EDIT', 'Ed');
  const rita = await joinAs(t, ada, 'READ_ONLY', 'Rita');
  const mia = await newChild(ada, 'Mia');
  const list = await newTodoList(ada, 'Chores');
  return { ada, ed, rita, mia, list };
}

const chart = async (user: SignedInUser, weekStart?: string) =>
  (await user.call(api.getChoreChart, weekStart ? { query: { weekStart } } : {})).body as api.ChoreChart;
const rowOf = (c: api.ChoreChart, memberId: string) => c.members.find((r) => r.memberId === memberId)!;
const balanceOf = async (user: SignedInUser, memberId: string) => rowOf(await chart(user), memberId).balance;
const typesOf = async (familyId: string, type: string) =>
  t.db.select().from(familyEvents).where(and(eq(familyEvents.familyId, familyId), eq(familyEvents.type, type)));

describe('chores and stars', () => {
  it('gives a done chore\'s stars to its assignee, records chore_completed, and undo takes them back', async () => {
    const { ada, ed, mia, list } = await household();
    const chore = await newTask(ed, { listId: list.id, title: 'Make bed', assigneeId: mia.id, stars: 3 });
    const done = await ed.call(api.completeTask, { params: { taskId: chore.id }, body: {} });
    expect(done.body.completion).toMatchObject({ memberId: mia.id, stars: 3, status: 'DONE' });
    expect(await balanceOf(ada, mia.id)).toBe(3);
    const [event] = await typesOf(ada.user.familyId!, 'chore_completed');
    expect(event).toMatchObject({ subjectId: chore.id, data: { stars: 3, memberId: mia.id } });
    expect(await typesOf(ada.user.familyId!, 'todo_completed')).toHaveLength(0);
    await ed.call(api.undoTask, { params: { taskId: chore.id }, body: {} });
    expect(await balanceOf(ada, mia.id)).toBe(0);
  });

  it('counts a chore\'s stars once however many taps arrive together, and takes them back once', async () => {
    const { ada, ed, mia, list } = await household();
    const daily = await newTask(ed, { listId: list.id, title: 'Feed fish', assigneeId: mia.id, stars: 2, dueDate: '2026-03-01', repeat: { frequency: 'DAILY' } });
    const plain = await newTask(ed, { listId: list.id, title: 'Tidy toys', assigneeId: mia.id, stars: 5 });
    const taps = await Promise.all([
      ...Array.from({ length: 6 }, () => ed.call(api.completeTask, { params: { taskId: daily.id }, body: { occurrenceDate: '2026-03-02' } })),
      ...Array.from({ length: 6 }, () => ada.call(api.completeTask, { params: { taskId: plain.id }, body: {} })),
    ]);
    expect(taps.map((a) => a.status)).toEqual(Array(12).fill(200));
    expect(new Set(taps.slice(0, 6).map((a) => a.body.completion.id)).size).toBe(1);
    expect(await balanceOf(ada, mia.id)).toBe(7);
    expect(await typesOf(ada.user.familyId!, 'chore_completed')).toHaveLength(2);
    const undos = await Promise.all(Array.from({ length: 6 }, () =>
      ed.call(api.undoTask, { params: { taskId: daily.id }, body: { occurrenceDate: '2026-03-02' } })));
    expect(undos.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await balanceOf(ada, mia.id)).toBe(5);
  });

  it('gives no stars for a skip, and a skipped occurrence checked off after all gives them', async () => {
    const { ada, ed, mia, list } = await household();
    const chore = await newTask(ed, { listId: list.id, assigneeId: mia.id, stars: 4, dueDate: '2026-03-02', repeat: { frequency: 'WEEKDAYS' } });
    await ed.call(api.skipTask, { params: { taskId: chore.id }, body: {} });
    expect(await balanceOf(ada, mia.id)).toBe(0);
    const late = await ed.call(api.completeTask, { params: { taskId: chore.id }, body: { occurrenceDate: '2026-03-02' } });
    expect(late.body.completion).toMatchObject({ status: 'DONE', stars: 4 });
    expect(await balanceOf(ada, mia.id)).toBe(4);
  });
});

describe('the chore chart', () => {
  it('lays the week out as members × days from the family\'s first day of the week, with stars this week and weekly totals', async () => {
    const { ada, ed, mia, list } = await household();
    const bins = await newTask(ed, { listId: list.id, title: 'Bins', assigneeId: mia.id, stars: 2, dueDate: '2026-03-02', repeat: { frequency: 'WEEKLY', weekdays: [1, 4] } });
    const once = await newTask(ed, { listId: list.id, title: 'Dentist form', assigneeId: mia.id, stars: 1, dueDate: '2026-03-04', dueTime: '08:00' });
    const anytime = await newTask(ed, { listId: list.id, title: 'Read a book', assigneeId: mia.id, stars: 5 });
    await newTask(ed, { listId: list.id, title: 'Not a chore', assigneeId: mia.id, dueDate: '2026-03-03' });
    // Last week's chore, done then: it counts in the history.
    const earlier = await newTask(ed, { listId: list.id, title: 'Old', assigneeId: mia.id, stars: 6, dueDate: '2026-02-24' });
    await ed.call(api.completeTask, { params: { taskId: earlier.id }, body: {} });
    await ed.call(api.completeTask, { params: { taskId: bins.id }, body: { occurrenceDate: '2026-03-05' } });
    await ed.call(api.completeTask, { params: { taskId: anytime.id }, body: {} });

    // Monday, the default first day: the week holding Sunday 1 March starts on 23 February.
    const week = await chart(ada, '2026-03-04');
    expect([week.weekStart, week.today]).toEqual(['2026-03-02', '2026-03-01']);
    const row = rowOf(week, mia.id);
    expect(row.days.map((d) => d.date)).toEqual(['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08']);
    expect(row.days.map((d) => d.chores.map((c) => `${c.title}:${c.status}`))).toEqual([
      ['Bins:OPEN'], [], ['Dentist form:OPEN'], ['Bins:DONE'], [], [], [],
    ]);
    expect(row.days[0]!.chores[0]).toMatchObject({ taskId: bins.id, occurrenceDate: '2026-03-02', stars: 2, isRepeating: true });
    expect(row.days[2]!.chores[0]).toMatchObject({ taskId: once.id, dueTime: '08:00', isRepeating: false });
    expect(row).toMatchObject({ name: 'Mia', userId: null, starsThisWeek: 2, balance: 13 });
    // The undated chore done today (Sunday 1 March) counts in the week before.
    expect(row.anytime).toEqual([]);
    const before = await chart(ada, '2026-03-01');
    expect(before.weekStart).toBe('2026-02-23');
    expect(rowOf(before, mia.id).anytime).toMatchObject([{ title: 'Read a book', status: 'DONE', occurrenceDate: '2026-03-01' }]);
    expect(rowOf(before, mia.id).starsThisWeek).toBe(11);
    expect(week.history.slice(0, 2)).toEqual([
      { weekStart: '2026-03-02', totals: [{ memberId: mia.id, stars: 2 }] },
      { weekStart: '2026-02-23', totals: [{ memberId: mia.id, stars: 11 }] },
    ]);
    expect(week.history).toHaveLength(api.todoLimits.historyWeeks);
    expect(week.members.map((r) => r.name)).toEqual(['Ada', 'Ed', 'Rita', 'Mia']);

    // Weeks starting on Sunday: 1 March starts its own week.
    await ada.call(family.setFirstDayOfWeek, { body: { firstDayOfWeek: 0 } });
    const sunday = await chart(ada);
    expect(sunday.weekStart).toBe('2026-03-01');
    expect(rowOf(sunday, mia.id).days[0]!.chores).toEqual([]);
    expect(rowOf(sunday, mia.id).starsThisWeek).toBe(7);
  });

  it('lets an editor tick a child\'s chore from the chart and a read-only member only look', async () => {
    const { ada, ed, rita, mia, list } = await household();
    const chore = await newTask(ed, { listId: list.id, title: 'Water plants', assigneeId: mia.id, stars: 1, dueDate: '2026-03-02', repeat: { frequency: 'DAILY', interval: 2 } });
    const cell = rowOf(await chart(rita, '2026-03-02'), mia.id).days[2]!.chores[0]!;
    expect(cell).toMatchObject({ occurrenceDate: '2026-03-04', status: 'OPEN' });
    const refused = await rita.call(api.completeTask, { params: { taskId: chore.id }, body: { occurrenceDate: cell.occurrenceDate } });
    expect(refused.status).toBe(403);
    await ed.call(api.completeTask, { params: { taskId: chore.id }, body: { occurrenceDate: cell.occurrenceDate } });
    expect(rowOf(await chart(rita, '2026-03-02'), mia.id).days[2]!.chores[0]!.status).toBe('DONE');
    expect(await balanceOf(ada, mia.id)).toBe(1);
  });

  it('refuses a week that is not a date', async () => {
    const { ada } = await household();
    const res = await ada.call(api.getChoreChart, { query: { weekStart: '2026-02-30' } });
    expect([res.status, res.body.message]).toEqual([400, m.weekStartInvalid]);
  });
});

describe('rewards', () => {
  it('lets only an admin set, change and delete a goal, with its messages', async () => {
    const { ada, ed, mia } = await household();
    const refused = await ed.call(api.createReward, { body: { memberId: mia.id, title: 'Movie night', goalStars: 50 } });
    expect(refused.status).toBe(403);
    const refuse = async (body: object, message: string) => {
      const res = await ada.call(api.createReward, { body: { memberId: mia.id, title: 'T', goalStars: 5, ...body } });
      expect([res.status, res.body.message]).toEqual([400, message]);
    };
    await refuse({ title: ' ' }, m.rewardTitleRequired);
    await refuse({ title: 'x'.repeat(api.todoLimits.rewardTitleMax + 1) }, m.rewardTitleTooLong);
    for (const goalStars of [0, 10_001, 1.5]) await refuse({ goalStars }, m.goalStarsInvalid);
    const created = await ada.call(api.createReward, { body: { memberId: mia.id, title: 'Movie night', goalStars: 50 } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ memberId: mia.id, title: 'Movie night', goalStars: 50, balance: 0, progress: 0, canRedeem: false });
    expect((await ed.call(api.updateReward, { params: { rewardId: created.body.id }, body: { goalStars: 5 } })).status).toBe(403);
    const changed = await ada.call(api.updateReward, { params: { rewardId: created.body.id }, body: { goalStars: 40 } });
    expect(changed.body).toMatchObject({ title: 'Movie night', goalStars: 40 });
    expect((await ed.call(api.deleteReward, { params: { rewardId: created.body.id } })).status).toBe(403);
    expect((await ada.call(api.deleteReward, { params: { rewardId: created.body.id } })).status).toBe(204);
    expect((await ada.call(api.getRewards)).body).toEqual([]);
  });

  it('redeems by an admin only when the stars are there, spending them, and keeps the history', async () => {
    const { ada, ed, rita, mia, list } = await household();
    const reward = (await ada.call(api.createReward, { body: { memberId: mia.id, title: 'Ice cream', goalStars: 8 } })).body;
    const short = await ada.call(api.redeemReward, { params: { rewardId: reward.id } });
    expect([short.status, short.body.message]).toEqual([409, m.notEnoughStars]);
    for (const stars of [5, 5]) {
      const chore = await newTask(ed, { listId: list.id, assigneeId: mia.id, stars });
      await ed.call(api.completeTask, { params: { taskId: chore.id }, body: {} });
    }
    const [shown] = (await rita.call(api.getRewards)).body as api.Reward[];
    expect(shown).toMatchObject({ balance: 10, progress: 1, canRedeem: true });
    expect((await ed.call(api.redeemReward, { params: { rewardId: reward.id } })).status).toBe(403);
    const redeemed = await ada.call(api.redeemReward, { params: { rewardId: reward.id } });
    expect(redeemed.status).toBe(201);
    expect(redeemed.body.redemption).toMatchObject({ memberId: mia.id, rewardId: reward.id, title: 'Ice cream', stars: 8, redeemedByName: 'Ada' });
    expect(redeemed.body.reward).toMatchObject({ balance: 2, progress: 0.25, canRedeem: false });
    expect(await typesOf(ada.user.familyId!, 'reward_redeemed')).toHaveLength(1);
    await ada.call(api.deleteReward, { params: { rewardId: reward.id } });
    const history = (await rita.call(api.getRedemptions, { query: { memberId: mia.id } })).body as api.Redemption[];
    expect(history).toMatchObject([{ title: 'Ice cream', stars: 8, rewardId: null }]);
  });

  it('never spends the same stars twice under parallel redeems, and answers a repeated key once', async () => {
    const { ada, ed, mia, list } = await household();
    const cheap = (await ada.call(api.createReward, { body: { memberId: mia.id, title: 'Sticker', goalStars: 10 } })).body;
    const dear = (await ada.call(api.createReward, { body: { memberId: mia.id, title: 'Zoo', goalStars: 10 } })).body;
    for (let i = 0; i < 3; i++) {
      const chore = await newTask(ed, { listId: list.id, assigneeId: mia.id, stars: 10 });
      await ed.call(api.completeTask, { params: { taskId: chore.id }, body: {} });
    }
    // 30 stars: two redeems of 10 with one key each, twelve taps of each.
    const keys = [crypto.randomUUID(), crypto.randomUUID()];
    const answers: Answer[] = await Promise.all(Array.from({ length: 24 }, (_, i) => ada.call(api.redeemReward, {
      params: { rewardId: i % 2 ? cheap.id : dear.id }, headers: { [idempotencyHeader]: keys[i % 2]! },
    })));
    expect(answers.every((a) => a.status === 201)).toBe(true);
    expect(new Set(answers.map((a) => a.body.redemption.id)).size).toBe(2);
    expect(await balanceOf(ada, mia.id)).toBe(10);
    // Without keys, ten redeems of the last 10 stars: one goes through.
    const burst = await Promise.all(Array.from({ length: 10 }, () => ada.call(api.redeemReward, { params: { rewardId: cheap.id } })));
    expect(burst.filter((a) => a.status === 201)).toHaveLength(1);
    expect(burst.filter((a) => a.status === 409).map((a) => a.body.message)).toEqual(Array(9).fill(m.notEnoughStars));
    expect(await balanceOf(ada, mia.id)).toBe(0);
    expect((await ada.call(api.getRedemptions)).body).toHaveLength(3);
  });

  it('answers 404 for another family\'s reward or member', async () => {
    const { ada, mia } = await household();
    const { ada: other } = await household();
    const reward = (await ada.call(api.createReward, { body: { memberId: mia.id, title: 'Park', goalStars: 1 } })).body;
    for (const res of await Promise.all([
      other.call(api.createReward, { body: { memberId: mia.id, title: 'Mine', goalStars: 1 } }),
      other.call(api.updateReward, { params: { rewardId: reward.id }, body: { title: 'Mine' } }),
      other.call(api.deleteReward, { params: { rewardId: reward.id } }),
      other.call(api.redeemReward, { params: { rewardId: reward.id } }),
    ])) expect(res.status).toBe(404);
    expect((await other.call(api.getRedemptions, { query: { memberId: mia.id } })).body).toEqual([]);
    expect((await other.call(api.getRewards)).body).toEqual([]);
  });
});
