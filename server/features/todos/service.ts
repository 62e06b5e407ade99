import type { BodyOf } from '@hearth/contract/endpoint';
import { memberPalette } from '@hearth/contract/family';
import {
  todoLimits, todoMessages as m, type createTodoList, type NewTask, type reorderTasks, type TaskUpdate, type TodoTask,
  type updateTodoList,
} from '@hearth/contract/todos';
import type { EventType } from '@hearth/contract/events';
import { requireEditor, requireFamily, type FamilyCaller } from '../../platform/auth/family-access.ts';
import type { Caller } from '../../platform/auth/sessions.ts';
import { withinTransaction, type Queryable, type Tx } from '../../platform/db/client.ts';
import { lockFamilyRow } from '../../platform/db/tenancy.ts';
import type { Deps } from '../../platform/deps.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import { isFamilyMember } from '../family/membership.ts';
import { toList, toTask } from './mapper.ts';
import * as repo from './repository.ts';
import { familyNow, seriesStart, storedRule } from './series.ts';

/** A list's order as sent: task ids with their 0-based places. */
type Order = { id: string; position: number }[];

/**
 * Lists and tasks. Every write of the family's to-dos first takes the family's row (`lockFamilyRow`), so the bounds
 * (lists, open tasks per list, chores per member) are counted one writer at a time and positions move one writer at
 * a time; the check then the write happen under that claim.
 */
export class TodoService {
  private readonly deps: Deps;
  constructor(deps: Deps) {
    this.deps = deps;
  }

  private get now() {
    return this.deps.clock.now();
  }

  private at(q: Queryable, familyId: string) {
    return familyNow(q, familyId, this.now);
  }

  async record(tx: Tx, member: FamilyCaller, type: EventType, subjectId: string, data: Record<string, unknown>) {
    await this.deps.events.record(tx, { familyId: member.familyId, actorId: member.userId, type, subjectId, data });
  }

  async lists(caller: Caller) {
    const { familyId } = requireFamily(caller);
    return (await repo.listsWithCounts(this.deps.db, familyId, await this.at(this.deps.db, familyId))).map(toList);
  }

  private async oneList(q: Queryable, familyId: string, listId: string) {
    const [list] = await repo.listsWithCounts(q, familyId, await this.at(q, familyId), listId);
    if (!list) throw notFound(m.listNotFound);
    return toList(list);
  }

  async createList(caller: Caller, body: BodyOf<typeof createTodoList>, db: Queryable) {
    const member = requireEditor(caller);
    return withinTransaction(db, async (tx) => {
      await lockFamilyRow(tx, member.familyId);
      const n = await repo.countLists(tx, member.familyId);
      if (n >= todoLimits.listsPerFamily) throw conflict(m.tooManyLists);
      const list = await repo.insertList(tx, {
        familyId: member.familyId, title: body.title, color: body.color ?? memberPalette[n % memberPalette.length]!, createdAt: this.now,
      });
      await this.record(tx, member, 'todo_list_created', list.id, { listId: list.id });
      return toList({ ...list, openTaskCount: 0, overdueCount: 0 });
    });
  }

  async updateList(caller: Caller, listId: string, body: BodyOf<typeof updateTodoList>) {
    const member = requireEditor(caller);
    return this.deps.db.transaction(async (tx) => {
      if (!(await repo.updateList(tx, listId, member.familyId, body))) throw notFound(m.listNotFound);
      await this.record(tx, member, 'todo_list_updated', listId, { listId });
      return this.oneList(tx, member.familyId, listId);
    });
  }

  /** Deletes the list and its tasks; completions stay (their task id cleared), so stars earned and the history stay. */
  async deleteList(caller: Caller, listId: string) {
    const member = requireEditor(caller);
    await this.deps.db.transaction(async (tx) => {
      await lockFamilyRow(tx, member.familyId);
      if (!(await repo.deleteList(tx, listId, member.familyId))) throw notFound(m.listNotFound);
      await this.record(tx, member, 'todo_list_deleted', listId, { listId });
    });
    return null;
  }

  async listTasks(caller: Caller, listId: string, showDone: boolean): Promise<TodoTask[]> {
    const { familyId } = requireFamily(caller);
    const q = this.deps.db;
    if (!(await repo.findList(q, listId, familyId))) throw notFound(m.listNotFound);
    const at = await this.at(q, familyId);
    return (await repo.listTasks(q, listId, showDone ? todoLimits.doneShownMax : 0)).map((t) => toTask(t, at));
  }

  async familyTasks(caller: Caller, query: { assigneeId?: string | undefined; showDone?: boolean | undefined }) {
    const { familyId } = requireFamily(caller);
    const q = this.deps.db;
    const at = await this.at(q, familyId);
    const options = { ...(query.assigneeId ? { assigneeId: query.assigneeId } : {}), max: todoLimits.viewTasksMax };
    const openTasks = await repo.familyTasks(q, familyId, { ...options, done: false });
    const doneTasks = query.showDone ? await repo.familyTasks(q, familyId, { ...options, done: true, max: todoLimits.doneShownMax }) : [];
    return [...openTasks, ...doneTasks].map((t) => toTask(t, at));
  }

  /** 404 for an assignee not of the family. */
  private async requireAssignee(tx: Tx, familyId: string, memberId: string | null) {
    if (memberId && !(await isFamilyMember(tx, familyId, memberId))) throw notFound(m.assigneeNotFound);
  }

  /** Refuses (409) one more open task on a full list, or one more open chore for its assignee. */
  private async requireRoom(
    tx: Tx, listId: string | null, chore: { assigneeId: string | null; stars: number | null } | null, taskId?: string,
  ) {
    if (listId && (await repo.countOpenTasks(tx, listId)) >= todoLimits.openTasksPerList) throw conflict(m.listFull);
    if (chore?.assigneeId && chore.stars !== null
      && (await repo.countOpenChores(tx, chore.assigneeId, taskId)) >= todoLimits.choresPerMember) {
      throw conflict(m.tooManyChores);
    }
  }

  async createTask(caller: Caller, body: NewTask, db: Queryable) {
    const member = requireEditor(caller);
    const { familyId } = member;
    return withinTransaction(db, async (tx) => {
      await lockFamilyRow(tx, familyId);
      if (!(await repo.findList(tx, body.listId, familyId))) throw notFound(m.listNotFound);
      const assigneeId = body.assigneeId ?? null;
      const stars = body.stars ?? null;
      await this.requireAssignee(tx, familyId, assigneeId);
      await this.requireRoom(tx, body.listId, { assigneeId, stars });
      const repeat = body.repeat && body.dueDate ? storedRule(body.repeat, body.dueDate) : null;
      const dueDate = repeat ? seriesStart(repeat, body.dueDate!) : body.dueDate ?? null;
      await repo.openRoomAt(tx, body.listId, 0);
      const task = await repo.insertTask(tx, {
        familyId, listId: body.listId, title: body.title, notes: body.notes ?? null, assigneeId, dueDate,
        dueTime: body.dueTime ?? null, repeat, anchorDate: repeat ? dueDate : null, stars, createdBy: member.userId,
        createdAt: this.now,
      });
      await this.record(tx, member, 'todo_created', task.id, { listId: task.listId, chore: stars !== null, repeating: repeat !== null });
      return toTask(task, await this.at(tx, familyId));
    });
  }

  /**
   * Changes the fields sent. The rules between fields are checked on the task as it would be (a time needs a date, a
   * repeat needs a date, stars need an assignee); a new rule or due date restarts the series from the due date.
   */
  async updateTask(caller: Caller, taskId: string, body: TaskUpdate) {
    const member = requireEditor(caller);
    const { familyId } = member;
    return this.deps.db.transaction(async (tx) => {
      await lockFamilyRow(tx, familyId);
      const task = await repo.lockTask(tx, taskId, familyId);
      if (!task) throw notFound(m.taskNotFound);
      const kept = <K extends keyof TaskUpdate & keyof repo.TaskRow>(k: K) => (body[k] === undefined ? task[k] : body[k]);
      const next = {
        dueDate: kept('dueDate'), dueTime: kept('dueTime'), assigneeId: kept('assigneeId'), stars: kept('stars'),
      };
      if (next.dueTime && !next.dueDate) throw invalid(m.timeNeedsDate);
      if (next.stars !== null && !next.assigneeId) throw invalid(m.choreNeedsAssignee);
      const rule = body.repeat === undefined ? task.repeat : body.repeat;
      if (rule && !next.dueDate) throw invalid(m.repeatNeedsDate);
      if (next.assigneeId !== task.assigneeId) await this.requireAssignee(tx, familyId, next.assigneeId);
      const listId = body.listId ?? task.listId;
      if (listId !== task.listId && !(await repo.findList(tx, listId, familyId))) throw notFound(m.listNotFound);
      // A repeating task is never done: a done task given a rule is open again, at the top of its list.
      const reopening = task.doneAt !== null && rule !== null;
      const wasOpen = task.doneAt === null;
      const arriving = reopening || (wasOpen && listId !== task.listId);
      const newChore = reopening || next.assigneeId !== task.assigneeId || task.stars === null;
      await this.requireRoom(tx, arriving ? listId : null, (wasOpen || reopening) && newChore ? next : null, task.id);
      const repeat = body.repeat === undefined ? task.repeat : body.repeat && storedRule(body.repeat, next.dueDate!);
      const restart = repeat !== null && (body.repeat !== undefined || body.dueDate !== undefined);
      const dueDate = restart ? seriesStart(repeat, next.dueDate!) : next.dueDate;
      let position = task.position;
      if (arriving) {
        if (wasOpen) await repo.closeGapAt(tx, task.listId, task.position);
        await repo.openRoomAt(tx, listId, 0);
        position = 0;
      }
      const row = await repo.updateTask(tx, taskId, {
        title: body.title, notes: body.notes, listId, ...next, dueDate, repeat,
        anchorDate: repeat ? (restart ? dueDate : task.anchorDate) : null, position, updatedAt: this.now,
        ...(reopening ? { doneAt: null } : {}),
      });
      await this.record(tx, member, 'todo_updated', taskId, { listId: row.listId });
      return toTask(row, await this.at(tx, familyId));
    });
  }

  async deleteTask(caller: Caller, taskId: string) {
    const member = requireEditor(caller);
    await this.deps.db.transaction(async (tx) => {
      await lockFamilyRow(tx, member.familyId);
      const task = await repo.lockTask(tx, taskId, member.familyId);
      if (!task) throw notFound(m.taskNotFound);
      await repo.deleteTask(tx, taskId);
      if (task.doneAt === null) await repo.closeGapAt(tx, task.listId, task.position);
      await this.record(tx, member, 'todo_deleted', taskId, { listId: task.listId });
    });
    return null;
  }

  /**
   * Applies a new order of the list's open tasks. Whole (`rebase` false): every open task once, positions 0..n-1.
   * Rebased (an order made offline): the named tasks still open take the places those tasks hold now, in the order
   * sent; the others keep theirs.
   */
  async reorder(caller: Caller, listId: string, body: BodyOf<typeof reorderTasks>, rebase: boolean) {
    const member = requireEditor(caller);
    const { familyId } = member;
    return this.deps.db.transaction(async (tx) => {
      await lockFamilyRow(tx, familyId);
      if (!(await repo.findList(tx, listId, familyId))) throw notFound(m.listNotFound);
      const current = await repo.openTaskIds(tx, listId);
      const sent = [...body].sort((a, b) => a.position - b.position);
      const order = rebase ? rebased(current, sent) : whole(current, sent);
      await repo.setPositions(tx, listId, order, this.now);
      await this.record(tx, member, 'todos_reordered', listId, { listId });
      const at = await this.at(tx, familyId);
      return (await repo.listTasks(tx, listId, 0)).map((t) => toTask(t, at));
    });
  }
}

function whole(current: string[], sent: Order): string[] {
  const ids = new Set(sent.map((o) => o.id));
  if (ids.size !== sent.length || ids.size !== current.length || current.some((id) => !ids.has(id))) {
    throw invalid(m.reorderIncomplete);
  }
  if (sent.some((o, i) => o.position !== i)) throw invalid(m.reorderPositions);
  return sent.map((o) => o.id);
}

function rebased(current: string[], sent: Order): string[] {
  const open = new Set(current);
  const named = [...new Set(sent.map((o) => o.id).filter((id) => open.has(id)))];
  const namedSet = new Set(named);
  let next = 0;
  return current.map((id) => (namedSet.has(id) ? named[next++]! : id));
}
