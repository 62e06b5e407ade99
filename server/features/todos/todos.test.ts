import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { idempotencyHeader } from '@hearth/contract/endpoint';
import * as dashboard from '@hearth/contract/dashboard';
import * as family from '@hearth/contract/family';
import * as api from '@hearth/contract/todos';
import { familyEvents } from '../../platform/db/schema.ts';
import { createTestApp, signUp, type SignedInUser, type TestApp } from '../../test/harness.ts';
import { joinAs } from '../../test/factories.ts';
import { memberIdOf, newChild, newTask, newTodoList } from './test-helpers.ts';

const m = api.todoMessages;
let t: TestApp;
let ada: SignedInUser;
let ed: SignedInUser;
let rita: SignedInUser;
let other: SignedInUser;

beforeAll(async () => {
  t = await createTestApp(); // 2026-03-01 12:00 UTC: Sunday 07:00 in New York, the family's zone
  ada = await signUp(t, { name: 'Ada' });
  ed = await joinAs(t, ada, 'EDIT', 'Ed');
  rita = await joinAs(t, ada, 'READ_ONLY', 'Rita');
  other = await signUp(t, { name: 'Olga' });
});
afterAll(async () => { await t.close(); });

const eventsOf = async (type: string, subjectId: string) => t.db.select().from(familyEvents)
  .where(and(eq(familyEvents.type, type), eq(familyEvents.subjectId, subjectId)));

describe('to-do lists', () => {
  it('creates a list with a colour (one of the palette when left out), lists it with its counts, and records it', async () => {
    const res = await ed.call(api.createTodoList, { body: { title: '  House ', color: '#AA3300' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ title: 'House', color: '#aa3300', openTaskCount: 0, overdueCount: 0, familyId: ada.user.familyId });
    const plain = await newTodoList(ed, 'Garden');
    expect(family.memberPalette).toContain(plain.color);
    const lists = (await rita.call(api.getTodoLists)).body as api.TodoList[];
    expect(lists.map((l) => l.title)).toEqual(expect.arrayContaining(['House', 'Garden']));
    expect(await eventsOf('todo_list_created', res.body.id)).toHaveLength(1);
  });

  it('refuses a missing or long name and a colour that is not #rrggbb, with their messages', async () => {
    const refuse = async (body: object, message: string) => {
      const res = await ed.call(api.createTodoList, { body });
      expect([res.status, res.body.message]).toEqual([400, message]);
    };
    await refuse({ title: '  ' }, m.listTitleRequired);
    await refuse({}, m.listTitleRequired);
    await refuse({ title: 'x'.repeat(api.todoLimits.listTitleMax + 1) }, m.listTitleTooLong);
    await refuse({ title: 'A', color: 'red' }, family.familyMessages.invalidColor);
    expect((await ed.call(api.createTodoList, { body: { title: 'x'.repeat(api.todoLimits.listTitleMax) } })).status).toBe(201);
  });

  it('renames, recolours and deletes a list with its tasks', async () => {
    const list = await newTodoList(ed, 'Temp');
    await newTask(ed, { listId: list.id, title: 'Gone with it' });
    const renamed = await ed.call(api.updateTodoList, { params: { listId: list.id }, body: { title: 'Renamed' } });
    expect(renamed.body).toMatchObject({ title: 'Renamed', color: list.color, openTaskCount: 1 });
    expect((await ed.call(api.deleteTodoList, { params: { listId: list.id } })).status).toBe(204);
    expect((await ed.call(api.getListTasks, { params: { listId: list.id } })).status).toBe(404);
  });
});

describe('tasks', () => {
  it('adds at the top, with notes, an assignee (a child without an account too), a due date and time', async () => {
    const list = await newTodoList(ed, 'Week');
    const mia = await newChild(ada);
    const first = await newTask(ed, { listId: list.id, title: 'Bins out' });
    const res = await ed.call(api.createTask, { body: {
      listId: list.id, title: ' Feed the cat ', notes: 'Half a can', assigneeId: mia.id, dueDate: '2026-03-02', dueTime: '17:30',
    } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Feed the cat', notes: 'Half a can', assigneeId: mia.id, dueDate: '2026-03-02', dueTime: '17:30', repeat: null,
      stars: null, position: 0, isDone: false, doneAt: null, isOverdue: false,
    });
    const tasks = (await rita.call(api.getListTasks, { params: { listId: list.id } })).body as api.TodoTask[];
    expect(tasks.map((x) => [x.title, x.position])).toEqual([['Feed the cat', 0], ['Bins out', 1]]);
    expect(first.position).toBe(0);
    const [event] = await eventsOf('todo_created', res.body.id);
    expect(event).toMatchObject({ familyId: ada.user.familyId, actorId: ed.user.id, data: { listId: list.id, chore: false } });
  });

  it('refuses each invalid field with its message', async () => {
    const list = await newTodoList(ed);
    const mia = await newChild(ada, 'Max');
    const refuse = async (body: object, message: string) => {
      const res = await ed.call(api.createTask, { body: { listId: list.id, title: 'T', ...body } });
      expect([res.status, res.body.message]).toEqual([400, message]);
    };
    await refuse({ title: ' ' }, m.titleRequired);
    await refuse({ title: 'x'.repeat(api.todoLimits.titleMax + 1) }, m.titleTooLong);
    await refuse({ notes: 'x'.repeat(api.todoLimits.notesMax + 1) }, m.notesTooLong);
    await refuse({ dueDate: '2026-02-30' }, m.dateInvalid);
    await refuse({ dueDate: '2026-03-02', dueTime: '25:00' }, m.timeInvalid);
    await refuse({ dueTime: '09:00' }, m.timeNeedsDate);
    await refuse({ repeat: { frequency: 'DAILY' } }, m.repeatNeedsDate);
    await refuse({ dueDate: '2026-03-02', repeat: { frequency: 'HOURLY' } }, m.repeatInvalid);
    await refuse({ dueDate: '2026-03-02', repeat: { frequency: 'DAILY', interval: 0 } }, m.intervalInvalid);
    await refuse({ dueDate: '2026-03-02', repeat: { frequency: 'WEEKLY', interval: 100 } }, m.intervalInvalid);
    await refuse({ dueDate: '2026-03-02', repeat: { frequency: 'WEEKLY', weekdays: [] } }, m.weekdaysRequired);
    await refuse({ dueDate: '2026-03-02', repeat: { frequency: 'WEEKLY', weekdays: [7] } }, m.weekdayInvalid);
    for (const stars of [0, 11, 2.5]) await refuse({ assigneeId: mia.id, stars }, m.starsInvalid);
    await refuse({ stars: 3 }, m.choreNeedsAssignee);
    const atLimits = await ed.call(api.createTask, { body: {
      listId: list.id, title: 'x'.repeat(200), notes: 'n'.repeat(2000), assigneeId: mia.id, stars: 10,
    } });
    expect(atLimits.status).toBe(201);
  });

  it('answers 404 for another family\'s list, task or member, and for ids that do not exist', async () => {
    const mine = await newTodoList(ed);
    const task = await newTask(ed, { listId: mine.id });
    const theirs = await newTodoList(other, 'Theirs');
    const theirTask = await newTask(other, { listId: theirs.id });
    const stranger = await memberIdOf(other);
    const calls = [
      ed.call(api.getListTasks, { params: { listId: theirs.id } }),
      ed.call(api.updateTodoList, { params: { listId: theirs.id }, body: { title: 'Mine now' } }),
      ed.call(api.deleteTodoList, { params: { listId: theirs.id } }),
      ed.call(api.createTask, { body: { listId: theirs.id, title: 'Sneaky' } }),
      ed.call(api.updateTask, { params: { taskId: theirTask.id }, body: { title: 'Sneaky' } }),
      ed.call(api.updateTask, { params: { taskId: task.id }, body: { listId: theirs.id } }),
      ed.call(api.deleteTask, { params: { taskId: theirTask.id } }),
      ed.call(api.completeTask, { params: { taskId: theirTask.id }, body: {} }),
      ed.call(api.skipTask, { params: { taskId: theirTask.id }, body: {} }),
      ed.call(api.undoTask, { params: { taskId: theirTask.id }, body: {} }),
      ed.call(api.reorderTasks, { params: { listId: theirs.id }, body: [{ id: theirTask.id, position: 0 }] }),
      ed.call(api.createTask, { body: { listId: mine.id, title: 'T', assigneeId: stranger } }),
      ed.call(api.updateTask, { params: { taskId: task.id }, body: { assigneeId: stranger } }),
      ed.call(api.getListTasks, { params: { listId: crypto.randomUUID() } }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(404);
    const untouched = (await other.call(api.getListTasks, { params: { listId: theirs.id } })).body;
    expect(untouched).toMatchObject([{ id: theirTask.id, title: 'Task', isDone: false }]);
    // Another family's member is not ours: "My tasks" of them is empty, not theirs.
    expect((await ed.call(api.getTasks, { query: { assigneeId: stranger } })).body).toEqual([]);
  });

  it('edits fields, checks the rules against the task as it would be, and moves a task to another list\'s top', async () => {
    const list = await newTodoList(ed);
    const elsewhere = await newTodoList(ed, 'Elsewhere');
    await newTask(ed, { listId: elsewhere.id, title: 'Already there' });
    const a = await newTask(ed, { listId: list.id, title: 'A' });
    const b = await newTask(ed, { listId: list.id, title: 'B' });
    const edited = await ed.call(api.updateTask, { params: { taskId: a.id }, body: { title: 'A2', notes: 'note', dueDate: '2026-03-05' } });
    expect(edited.body).toMatchObject({ title: 'A2', notes: 'note', dueDate: '2026-03-05', position: 1 });
    const noDate = await ed.call(api.updateTask, { params: { taskId: b.id }, body: { dueTime: '10:00' } });
    expect([noDate.status, noDate.body.message]).toEqual([400, m.timeNeedsDate]);
    const noAssignee = await ed.call(api.updateTask, { params: { taskId: b.id }, body: { stars: 2 } });
    expect([noAssignee.status, noAssignee.body.message]).toEqual([400, m.choreNeedsAssignee]);
    const clearing = await ed.call(api.updateTask, { params: { taskId: a.id }, body: { dueDate: null, notes: '' } });
    expect(clearing.body).toMatchObject({ dueDate: null, notes: null });
    const moved = await ed.call(api.updateTask, { params: { taskId: b.id }, body: { listId: elsewhere.id } });
    expect(moved.body).toMatchObject({ listId: elsewhere.id, position: 0 });
    const left = (await ed.call(api.getListTasks, { params: { listId: list.id } })).body as api.TodoTask[];
    expect(left.map((x) => [x.title, x.position])).toEqual([['A2', 0]]);
    const there = (await ed.call(api.getListTasks, { params: { listId: elsewhere.id } })).body as api.TodoTask[];
    expect(there.map((x) => [x.title, x.position])).toEqual([['B', 0], ['Already there', 1]]);
  });

  it('deletes a task and the ones below move up', async () => {
    const list = await newTodoList(ed);
    const c = await newTask(ed, { listId: list.id, title: 'C' });
    await newTask(ed, { listId: list.id, title: 'B' });
    await newTask(ed, { listId: list.id, title: 'A' });
    expect((await ed.call(api.deleteTask, { params: { taskId: c.id } })).status).toBe(204);
    await ed.call(api.deleteTask, { params: { taskId: (await newTask(ed, { listId: list.id, title: 'Top' })).id } });
    const tasks = (await ed.call(api.getListTasks, { params: { listId: list.id } })).body as api.TodoTask[];
    expect(tasks.map((x) => [x.title, x.position])).toEqual([['A', 0], ['B', 1]]);
  });
});

describe('checking off', () => {
  it('checks a task off (it leaves the open order), shows it with showDone, and undo puts it back in its place', async () => {
    const list = await newTodoList(ed);
    await newTask(ed, { listId: list.id, title: 'C' });
    const b = await newTask(ed, { listId: list.id, title: 'B' });
    await newTask(ed, { listId: list.id, title: 'A' });
    // No body: the task's one occurrence.
    const done = await ed.call(api.completeTask, { params: { taskId: b.id } });
    expect(done.status).toBe(200);
    expect(done.body.task).toMatchObject({ isDone: true, doneAt: t.clock.now().toISOString() });
    expect(done.body.completion).toMatchObject({ taskId: b.id, status: 'DONE', occurrenceDate: '2026-03-01', stars: 0 });
    const open = (await ed.call(api.getListTasks, { params: { listId: list.id } })).body as api.TodoTask[];
    expect(open.map((x) => [x.title, x.position])).toEqual([['A', 0], ['C', 1]]);
    const all = (await ed.call(api.getListTasks, { params: { listId: list.id }, query: { showDone: true } })).body as api.TodoTask[];
    expect(all.map((x) => [x.title, x.isDone])).toEqual([['A', false], ['C', false], ['B', true]]);
    expect(await eventsOf('todo_completed', b.id)).toHaveLength(1);
    // A second tap is answered as it is.
    const again = await ed.call(api.completeTask, { params: { taskId: b.id } });
    expect(again.body.completion.id).toBe(done.body.completion.id);
    expect(await eventsOf('todo_completed', b.id)).toHaveLength(1);
    const undone = await ed.call(api.undoTask, { params: { taskId: b.id }, body: {} });
    expect(undone.body.task).toMatchObject({ isDone: false, position: 1 });
    const back = (await ed.call(api.getListTasks, { params: { listId: list.id } })).body as api.TodoTask[];
    expect(back.map((x) => [x.title, x.position])).toEqual([['A', 0], ['B', 1], ['C', 2]]);
    const twice = await ed.call(api.undoTask, { params: { taskId: b.id }, body: {} });
    expect([twice.status, twice.body.message]).toEqual([409, m.notDone]);
    expect(await eventsOf('todo_uncompleted', b.id)).toHaveLength(1);
  });

  it('refuses to skip a task that does not repeat, and a date that is not the plain task\'s due date', async () => {
    const list = await newTodoList(ed);
    const task = await newTask(ed, { listId: list.id, dueDate: '2026-03-03' });
    const skip = await ed.call(api.skipTask, { params: { taskId: task.id }, body: {} });
    expect([skip.status, skip.body.message]).toEqual([400, m.notRepeating]);
    const wrong = await ed.call(api.completeTask, { params: { taskId: task.id }, body: { occurrenceDate: '2026-03-04' } });
    expect([wrong.status, wrong.body.message]).toEqual([404, m.occurrenceNotFound]);
    const right = await ed.call(api.completeTask, { params: { taskId: task.id }, body: { occurrenceDate: '2026-03-03' } });
    expect(right.body.completion.occurrenceDate).toBe('2026-03-03');
  });

  it('answers a completion sent again with the same Idempotency-Key once (an offline tick replayed)', async () => {
    const list = await newTodoList(ed);
    const task = await newTask(ed, { listId: list.id });
    const headers = { [idempotencyHeader]: crypto.randomUUID() };
    const first = await ed.call(api.completeTask, { params: { taskId: task.id }, body: {}, headers });
    await ed.call(api.undoTask, { params: { taskId: task.id }, body: {} });
    const replay = await ed.call(api.completeTask, { params: { taskId: task.id }, body: {}, headers });
    expect(replay.body).toEqual(first.body);
    // The replay wrote nothing: the undo stands.
    const tasks = (await ed.call(api.getListTasks, { params: { listId: list.id } })).body as api.TodoTask[];
    expect(tasks[0]).toMatchObject({ id: task.id, isDone: false });
  });

  it('creates a task once for repeated sends of one Idempotency-Key, even at the same time', async () => {
    const list = await newTodoList(ed);
    const headers = { [idempotencyHeader]: crypto.randomUUID() };
    const answers = await Promise.all(Array.from({ length: 6 }, () =>
      ed.call(api.createTask, { body: { listId: list.id, title: 'Once' }, headers })));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers.every((a) => a.status === 201)).toBe(true);
    expect((await ed.call(api.getListTasks, { params: { listId: list.id } })).body).toHaveLength(1);
  });
});

describe('repeating tasks', () => {
  it('starts a weekly series on its first chosen day, moves on as each occurrence is checked off or skipped, and undo brings one back', async () => {
    const list = await newTodoList(ed);
    // Sunday 1 March, every week on Monday and Wednesday: first due Monday 2 March.
    const task = await newTask(ed, { listId: list.id, title: 'Swim kit', dueDate: '2026-03-01', repeat: { frequency: 'WEEKLY', weekdays: [3, 1] } });
    expect(task).toMatchObject({ dueDate: '2026-03-02', repeat: { frequency: 'WEEKLY', interval: 1, weekdays: [1, 3], monthlyBy: null } });
    const done = await ed.call(api.completeTask, { params: { taskId: task.id }, body: {} });
    expect(done.body.task).toMatchObject({ dueDate: '2026-03-04', isDone: false, position: 0 });
    expect(done.body.completion).toMatchObject({ occurrenceDate: '2026-03-02', status: 'DONE' });
    const skipped = await ed.call(api.skipTask, { params: { taskId: task.id }, body: {} });
    expect(skipped.body.completion).toMatchObject({ occurrenceDate: '2026-03-04', status: 'SKIPPED' });
    expect(skipped.body.task.dueDate).toBe('2026-03-09');
    // A later occurrence checked off ahead leaves the due date, which then steps over it.
    await ed.call(api.completeTask, { params: { taskId: task.id }, body: { occurrenceDate: '2026-03-11' } });
    const next = await ed.call(api.completeTask, { params: { taskId: task.id }, body: {} });
    expect(next.body.task.dueDate).toBe('2026-03-16');
    const notOne = await ed.call(api.completeTask, { params: { taskId: task.id }, body: { occurrenceDate: '2026-03-10' } });
    expect([notOne.status, notOne.body.message]).toEqual([404, m.occurrenceNotFound]);
    const undone = await ed.call(api.undoTask, { params: { taskId: task.id }, body: { occurrenceDate: '2026-03-04' } });
    expect(undone.body.task.dueDate).toBe('2026-03-04');
    expect(undone.body.completion.status).toBe('SKIPPED');
    const notDone = await ed.call(api.undoTask, { params: { taskId: task.id }, body: { occurrenceDate: '2026-03-04' } });
    expect(notDone.status).toBe(409);
    expect(await eventsOf('todo_skipped', task.id)).toHaveLength(1);
  });

  it('keeps monthly series on the 31st and on "the second Tuesday", and yearly ones on 29 February', async () => {
    const list = await newTodoList(ed);
    const steps = async (body: object, n: number) => {
      const task = await newTask(ed, { listId: list.id, ...body });
      const dates = [task.dueDate];
      for (let i = 0; i < n; i++) dates.push((await ed.call(api.completeTask, { params: { taskId: task.id }, body: {} })).body.task.dueDate);
      return dates;
    };
    expect(await steps({ dueDate: '2026-01-31', repeat: { frequency: 'MONTHLY' } }, 3))
      .toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
    expect(await steps({ dueDate: '2026-03-10', repeat: { frequency: 'MONTHLY', monthlyBy: 'WEEKDAY_OF_MONTH' } }, 2))
      .toEqual(['2026-03-10', '2026-04-14', '2026-05-12']);
    expect(await steps({ dueDate: '2028-02-29', repeat: { frequency: 'YEARLY' } }, 2)).toEqual(['2028-02-29', '2029-02-28', '2030-02-28']);
    expect(await steps({ dueDate: '2026-03-06', repeat: { frequency: 'WEEKDAYS', interval: 5 } }, 2)).toEqual(['2026-03-06', '2026-03-09', '2026-03-10']);
    expect(await steps({ dueDate: '2026-03-01', repeat: { frequency: 'WEEKLY', interval: 2 } }, 2)).toEqual(['2026-03-01', '2026-03-15', '2026-03-29']);
  });

  it('keeps a daily task\'s local time across the spring-forward night, overdue only once that time has passed', async () => {
    const list = await newTodoList(ed);
    // New York springs forward on Sunday 8 March 2026: 07:00 is 12:00 UTC before, 11:00 UTC after.
    const task = await newTask(ed, { listId: list.id, dueDate: '2026-03-07', dueTime: '07:00', repeat: { frequency: 'DAILY' } });
    const read = async () => ((await ed.call(api.getListTasks, { params: { listId: list.id } })).body as api.TodoTask[])[0]!;
    onTestFinished(() => t.clock.set('2026-03-01T12:00:00Z'));
    t.clock.set('2026-03-07T11:59:00Z');
    expect(await read()).toMatchObject({ dueDate: '2026-03-07', isOverdue: false });
    t.clock.set('2026-03-07T12:00:00Z');
    expect(await read()).toMatchObject({ isOverdue: true });
    expect((await ed.call(api.getTodoLists)).body.find((l: api.TodoList) => l.id === list.id).overdueCount).toBe(1);
    await ed.call(api.completeTask, { params: { taskId: task.id }, body: {} });
    t.clock.set('2026-03-08T10:59:00Z');
    expect(await read()).toMatchObject({ dueDate: '2026-03-08', dueTime: '07:00', isOverdue: false });
    expect((await ed.call(api.getTodoLists)).body.find((l: api.TodoList) => l.id === list.id).overdueCount).toBe(0);
    t.clock.set('2026-03-08T11:00:00Z');
    expect(await read()).toMatchObject({ isOverdue: true });
    expect((await ed.call(api.getTodoLists)).body.find((l: api.TodoList) => l.id === list.id).overdueCount).toBe(1);
    await ed.call(api.completeTask, { params: { taskId: task.id }, body: {} });
    expect(await read()).toMatchObject({ dueDate: '2026-03-09', isOverdue: false });
  });

  it('restarts the series from a new due date or rule, and a done task given a rule is open again', async () => {
    const list = await newTodoList(ed);
    const task = await newTask(ed, { listId: list.id, dueDate: '2026-03-02', repeat: { frequency: 'WEEKLY' } });
    // Its rule's day stays Monday: a Thursday moves it to the Monday after.
    const moved = await ed.call(api.updateTask, { params: { taskId: task.id }, body: { dueDate: '2026-03-05' } });
    expect(moved.body).toMatchObject({ dueDate: '2026-03-09', repeat: { weekdays: [1] } });
    expect((await ed.call(api.completeTask, { params: { taskId: task.id }, body: {} })).body.task.dueDate).toBe('2026-03-16');
    const daily = await ed.call(api.updateTask, { params: { taskId: task.id }, body: { repeat: { frequency: 'DAILY' } } });
    expect(daily.body).toMatchObject({ dueDate: '2026-03-16', repeat: { frequency: 'DAILY' } });
    expect((await ed.call(api.completeTask, { params: { taskId: task.id }, body: {} })).body.task.dueDate).toBe('2026-03-17');
    const plain = await ed.call(api.updateTask, { params: { taskId: task.id }, body: { repeat: null } });
    expect(plain.body.repeat).toBeNull();
    const noDate = await ed.call(api.updateTask, { params: { taskId: task.id }, body: { dueDate: null, repeat: { frequency: 'DAILY' } } });
    expect([noDate.status, noDate.body.message]).toEqual([400, m.repeatNeedsDate]);
    await ed.call(api.completeTask, { params: { taskId: task.id }, body: {} });
    const again = await ed.call(api.updateTask, { params: { taskId: task.id }, body: { repeat: { frequency: 'DAILY' } } });
    expect(again.body).toMatchObject({ isDone: false, position: 0 });
  });
});

describe('reordering', () => {
  it('applies a whole order, refuses an incomplete one, and lays an offline order over the list as it is now', async () => {
    const list = await newTodoList(ed);
    const c = await newTask(ed, { listId: list.id, title: 'C' });
    const b = await newTask(ed, { listId: list.id, title: 'B' });
    const a = await newTask(ed, { listId: list.id, title: 'A' });
    const res = await ed.call(api.reorderTasks, { params: { listId: list.id }, body: [
      { id: c.id, position: 0 }, { id: a.id, position: 1 }, { id: b.id, position: 2 },
    ] });
    expect(res.body.map((x: api.TodoTask) => x.title)).toEqual(['C', 'A', 'B']);
    const missing = await ed.call(api.reorderTasks, { params: { listId: list.id }, body: [{ id: c.id, position: 0 }, { id: a.id, position: 1 }] });
    expect([missing.status, missing.body.message]).toEqual([400, m.reorderIncomplete]);
    const gaps = await ed.call(api.reorderTasks, { params: { listId: list.id }, body: [
      { id: c.id, position: 0 }, { id: a.id, position: 2 }, { id: b.id, position: 3 },
    ] });
    expect([gaps.status, gaps.body.message]).toEqual([400, m.reorderPositions]);
    const empty = await ed.call(api.reorderTasks, { params: { listId: list.id }, body: [] });
    expect([empty.status, empty.body.message]).toEqual([400, m.reorderEmpty]);
    // Offline, B was put above C; meanwhile D arrived and A was done.
    const d = await newTask(ed, { listId: list.id, title: 'D' });
    await ed.call(api.completeTask, { params: { taskId: a.id }, body: {} });
    const rebased = await ed.call(api.reorderTasks, { params: { listId: list.id }, query: { rebase: true }, body: [
      { id: b.id, position: 0 }, { id: c.id, position: 1 }, { id: a.id, position: 2 }, { id: crypto.randomUUID(), position: 3 },
    ] });
    expect(rebased.body.map((x: api.TodoTask) => [x.title, x.position])).toEqual([['D', 0], ['B', 1], ['C', 2]]);
    expect(d.position).toBe(0);
  });
});

describe('views and the newsfeed', () => {
  it('answers "My tasks" and "Everyone\'s tasks" across lists by due date, undated last', async () => {
    const me = await memberIdOf(ed);
    const list = await newTodoList(ed, 'Views');
    await newTask(ed, { listId: list.id, title: 'Mine later', assigneeId: me, dueDate: '2026-04-02' });
    await newTask(ed, { listId: list.id, title: 'Mine undated', assigneeId: me });
    await newTask(ed, { listId: list.id, title: 'Mine soon', assigneeId: me, dueDate: '2026-01-02' });
    const mine = (await ed.call(api.getTasks, { query: { assigneeId: me } })).body as api.TodoTask[];
    expect(mine.map((x) => x.title)).toEqual(['Mine soon', 'Mine later', 'Mine undated']);
    expect(mine[0]!.isOverdue).toBe(true);
    const everyone = (await rita.call(api.getTasks)).body as api.TodoTask[];
    expect(everyone.length).toBeGreaterThan(mine.length);
    expect(everyone.every((x) => !x.isDone)).toBe(true);
    await ed.call(api.completeTask, { params: { taskId: mine[2]!.id }, body: {} });
    const withDone = (await ed.call(api.getTasks, { query: { assigneeId: me, showDone: true } })).body as api.TodoTask[];
    expect(withDone.map((x) => [x.title, x.isDone])).toEqual([['Mine soon', false], ['Mine later', false], ['Mine undated', true]]);
  });

  it('shows each member\'s tasks due today and overdue on the newsfeed, overdue first, in member order, then nobody\'s', async () => {
    const zed = await signUp(t, { name: 'Zed' });
    const kid = await newChild(zed, 'Kid');
    const me = await memberIdOf(zed);
    const list = await newTodoList(zed, 'Home');
    await newTask(zed, { listId: list.id, title: 'Today', assigneeId: kid.id, dueDate: '2026-03-01', dueTime: '18:00', stars: 2 });
    await newTask(zed, { listId: list.id, title: 'Late', assigneeId: kid.id, dueDate: '2026-02-27' });
    await newTask(zed, { listId: list.id, title: 'Tomorrow', assigneeId: kid.id, dueDate: '2026-03-02' });
    await newTask(zed, { listId: list.id, title: 'Mine', assigneeId: me, dueDate: '2026-03-01', repeat: { frequency: 'DAILY' } });
    await newTask(zed, { listId: list.id, title: 'Anyone', dueDate: '2026-03-01' });
    const feed = (await zed.call(dashboard.getNewsfeed)).body as dashboard.Newsfeed;
    expect(feed.tasks.map((g) => [g.memberId, g.tasks.map((x) => x.title), g.total])).toEqual([
      [me, ['Mine'], 1], [kid.id, ['Late', 'Today'], 2], [null, ['Anyone'], 1],
    ]);
    expect(feed.tasks[1]!.tasks[1]).toMatchObject({ listTitle: 'Home', dueTime: '18:00', isOverdue: false, stars: 2, isRepeating: false });
    expect(feed.tasks[0]!.tasks[0]).toMatchObject({ isRepeating: true });
  });
});

describe('permissions', () => {
  it('lets a READ_ONLY member read everything and change nothing', async () => {
    const list = await newTodoList(ed);
    const task = await newTask(ed, { listId: list.id, dueDate: '2026-03-02', repeat: { frequency: 'DAILY' } });
    for (const read of [
      rita.call(api.getTodoLists), rita.call(api.getListTasks, { params: { listId: list.id } }), rita.call(api.getTasks),
      rita.call(api.getChoreChart), rita.call(api.getRewards), rita.call(api.getRedemptions),
    ]) expect((await read).status).toBe(200);
    const writes = [
      rita.call(api.createTodoList, { body: { title: 'No' } }),
      rita.call(api.updateTodoList, { params: { listId: list.id }, body: { title: 'No' } }),
      rita.call(api.deleteTodoList, { params: { listId: list.id } }),
      rita.call(api.createTask, { body: { listId: list.id, title: 'No' } }),
      rita.call(api.updateTask, { params: { taskId: task.id }, body: { title: 'No' } }),
      rita.call(api.deleteTask, { params: { taskId: task.id } }),
      rita.call(api.completeTask, { params: { taskId: task.id }, body: {} }),
      rita.call(api.skipTask, { params: { taskId: task.id }, body: {} }),
      rita.call(api.undoTask, { params: { taskId: task.id }, body: {} }),
      rita.call(api.reorderTasks, { params: { listId: list.id }, body: [{ id: task.id, position: 0 }] }),
    ];
    for (const res of await Promise.all(writes)) expect([res.status, res.body.code]).toEqual([403, 'FORBIDDEN']);
    expect((await ed.call(api.getListTasks, { params: { listId: list.id } })).body).toMatchObject([{ title: 'Task', dueDate: '2026-03-02' }]);
  });
});
