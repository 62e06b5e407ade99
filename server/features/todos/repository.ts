import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { rawRows, textArray, type Queryable } from '../../platform/db/client.ts';
import { todoCompletions, todoLists, todoTasks, type StoredRepeat } from '../../platform/db/schema/todos.ts';

export type ListRow = typeof todoLists.$inferSelect;
export type TaskRow = typeof todoTasks.$inferSelect;
export type CompletionRow = typeof todoCompletions.$inferSelect;
export type ListWithCounts = ListRow & { openTaskCount: number; overdueCount: number };

/** "Now" as the family's calendar reads it: overdue means a due date before `today`, or a due time at or before `now`. */
export interface FamilyNow {
  now: Date;
  today: string;
  timezone: string;
}

const open = isNull(todoTasks.doneAt);
/** The SQL twin of the mapper's `isOverdue` for counts: the due time read in the family's zone as PostgreSQL does. */
const overdue = (at: FamilyNow) => sql`(${todoTasks.dueDate} < ${at.today}::date or (${todoTasks.dueTime} is not null
  and (${todoTasks.dueDate} + ${todoTasks.dueTime}::time) at time zone ${at.timezone} <= ${at.now.toISOString()}::timestamptz))`;

export async function listsWithCounts(q: Queryable, familyId: string, at: FamilyNow, listId?: string): Promise<ListWithCounts[]> {
  // Spelt out: drizzle writes a one-table select's columns unqualified, which inside the subqueries would mean the task's.
  const ofList = sql`${todoTasks.listId} = "todo_lists"."id"`;
  return q.select({
    id: todoLists.id, familyId: todoLists.familyId, title: todoLists.title, color: todoLists.color, createdAt: todoLists.createdAt,
    openTaskCount: sql<number>`(select count(*)::int from ${todoTasks} where ${ofList} and ${open})`,
    overdueCount: sql<number>`(select count(*)::int from ${todoTasks} where ${ofList} and ${open}
      and ${overdue(at)})`,
  }).from(todoLists)
    .where(and(eq(todoLists.familyId, familyId), listId ? eq(todoLists.id, listId) : undefined))
    .orderBy(asc(todoLists.createdAt), asc(todoLists.id));
}

export async function countLists(q: Queryable, familyId: string): Promise<number> {
  const [row] = await q.select({ n: count() }).from(todoLists).where(eq(todoLists.familyId, familyId));
  return row?.n ?? 0;
}

export async function insertList(q: Queryable, values: { familyId: string; title: string; color: string; createdAt: Date }) {
  const [row] = await q.insert(todoLists).values(values).returning();
  return row!;
}

export async function findList(q: Queryable, listId: string, familyId: string): Promise<ListRow | undefined> {
  const [row] = await q.select().from(todoLists).where(and(eq(todoLists.id, listId), eq(todoLists.familyId, familyId)));
  return row;
}

export async function updateList(q: Queryable, listId: string, familyId: string, change: { title?: string; color?: string }) {
  const [row] = await q.update(todoLists).set(change)
    .where(and(eq(todoLists.id, listId), eq(todoLists.familyId, familyId))).returning({ id: todoLists.id });
  return row !== undefined;
}

export async function deleteList(q: Queryable, listId: string, familyId: string): Promise<boolean> {
  const rows = await q.delete(todoLists).where(and(eq(todoLists.id, listId), eq(todoLists.familyId, familyId)))
    .returning({ id: todoLists.id });
  return rows.length > 0;
}

export async function countOpenTasks(q: Queryable, listId: string): Promise<number> {
  const [row] = await q.select({ n: count() }).from(todoTasks).where(and(eq(todoTasks.listId, listId), open));
  return row?.n ?? 0;
}

/** Open chores assigned to the member, other than `exceptTaskId`. */
export async function countOpenChores(q: Queryable, memberId: string, exceptTaskId?: string): Promise<number> {
  const [row] = await q.select({ n: count() }).from(todoTasks).where(and(
    eq(todoTasks.assigneeId, memberId), isNotNull(todoTasks.stars), open,
    exceptTaskId ? sql`${todoTasks.id} <> ${exceptTaskId}` : undefined,
  ));
  return row?.n ?? 0;
}

/** The task, its row locked until the transaction ends (the family's only). */
export async function lockTask(q: Queryable, taskId: string, familyId: string): Promise<TaskRow | undefined> {
  const [row] = await q.select().from(todoTasks)
    .where(and(eq(todoTasks.id, taskId), eq(todoTasks.familyId, familyId))).for('update');
  return row;
}

export async function findTask(q: Queryable, taskId: string): Promise<TaskRow> {
  const [row] = await q.select().from(todoTasks).where(eq(todoTasks.id, taskId));
  return row!;
}

/** Makes room at `position` among the list's open tasks: those at or below it move down one. */
export async function openRoomAt(q: Queryable, listId: string, position: number): Promise<void> {
  await q.update(todoTasks).set({ position: sql`${todoTasks.position} + 1` })
    .where(and(eq(todoTasks.listId, listId), open, gte(todoTasks.position, position)));
}

/** Closes the gap an open task left at `position`: those below it move up one. */
export async function closeGapAt(q: Queryable, listId: string, position: number): Promise<void> {
  await q.update(todoTasks).set({ position: sql`${todoTasks.position} - 1` })
    .where(and(eq(todoTasks.listId, listId), open, gt(todoTasks.position, position)));
}

export interface NewTaskRow {
  familyId: string;
  listId: string;
  title: string;
  notes: string | null;
  assigneeId: string | null;
  dueDate: string | null;
  dueTime: string | null;
  repeat: StoredRepeat | null;
  anchorDate: string | null;
  stars: number | null;
  createdBy: string;
  createdAt: Date;
}

export async function insertTask(q: Queryable, values: NewTaskRow): Promise<TaskRow> {
  const [row] = await q.insert(todoTasks).values({ ...values, position: 0, updatedAt: values.createdAt }).returning();
  return row!;
}

export type TaskChange = Partial<Omit<NewTaskRow, 'familyId' | 'createdBy' | 'createdAt'>> & {
  position?: number;
  doneAt?: Date | null;
  updatedAt: Date;
};

export async function updateTask(q: Queryable, taskId: string, change: TaskChange): Promise<TaskRow> {
  const [row] = await q.update(todoTasks).set(change).where(eq(todoTasks.id, taskId)).returning();
  return row!;
}

export async function deleteTask(q: Queryable, taskId: string): Promise<void> {
  await q.delete(todoTasks).where(eq(todoTasks.id, taskId));
}

/** A list's open tasks by position, then (with `doneMax`) its latest done ones. */
export async function listTasks(q: Queryable, listId: string, doneMax: number): Promise<TaskRow[]> {
  const openRows = await q.select().from(todoTasks).where(and(eq(todoTasks.listId, listId), open))
    .orderBy(asc(todoTasks.position), asc(todoTasks.createdAt));
  if (doneMax === 0) return openRows;
  const doneRows = await q.select().from(todoTasks).where(and(eq(todoTasks.listId, listId), isNotNull(todoTasks.doneAt)))
    .orderBy(desc(todoTasks.doneAt), asc(todoTasks.id)).limit(doneMax);
  return [...openRows, ...doneRows];
}

/** The family's open tasks (one member's with `assigneeId`) by due date, undated last, then list and position. */
export async function familyTasks(
  q: Queryable, familyId: string, options: { assigneeId?: string; done: boolean; max: number },
): Promise<TaskRow[]> {
  return q.select().from(todoTasks).where(and(
    eq(todoTasks.familyId, familyId),
    options.assigneeId ? eq(todoTasks.assigneeId, options.assigneeId) : undefined,
    options.done ? isNotNull(todoTasks.doneAt) : open,
  )).orderBy(...(options.done ? [desc(todoTasks.doneAt)] : [
    sql`${todoTasks.dueDate} asc nulls last`, sql`${todoTasks.dueTime} asc nulls first`,
    asc(todoTasks.listId), asc(todoTasks.position),
  ]), asc(todoTasks.id)).limit(options.max);
}

/** The list's open tasks' ids in order. */
export async function openTaskIds(q: Queryable, listId: string): Promise<string[]> {
  const rows = await q.select({ id: todoTasks.id }).from(todoTasks).where(and(eq(todoTasks.listId, listId), open))
    .orderBy(asc(todoTasks.position), asc(todoTasks.createdAt));
  return rows.map((r) => r.id);
}

/** Sets the open tasks' positions in one statement: `ids[i]` goes to position i. */
export async function setPositions(q: Queryable, listId: string, ids: string[], at: Date): Promise<void> {
  await q.execute(sql`update ${todoTasks} t set position = o.place - 1, updated_at = ${at.toISOString()}::timestamptz
    from unnest(${textArray(ids)}) with ordinality as o(id, place)
    where t.id = o.id::uuid and t.list_id = ${listId}::uuid and t.done_at is null`);
}

/** Open tasks with a due date up to `today` (today's and overdue ones), by due date and time. */
export async function dueTasks(q: Queryable, familyId: string, today: string): Promise<(TaskRow & { listTitle: string })[]> {
  const rows = await q.select({ task: todoTasks, listTitle: todoLists.title }).from(todoTasks)
    .innerJoin(todoLists, eq(todoLists.id, todoTasks.listId))
    .where(and(eq(todoTasks.familyId, familyId), open, lte(todoTasks.dueDate, today)))
    .orderBy(asc(todoTasks.dueDate), sql`${todoTasks.dueTime} asc nulls first`, asc(todoTasks.title), asc(todoTasks.id));
  return rows.map((r) => ({ ...r.task, listTitle: r.listTitle }));
}

/** The family's open chores that have an assignee (the chore chart's rows), by time (untimed first) then title. */
export async function openAssignedChores(q: Queryable, familyId: string): Promise<TaskRow[]> {
  return q.select().from(todoTasks).where(and(
    eq(todoTasks.familyId, familyId), isNotNull(todoTasks.stars), isNotNull(todoTasks.assigneeId), open,
  )).orderBy(sql`${todoTasks.dueTime} asc nulls first`, asc(todoTasks.title), asc(todoTasks.id));
}

export async function tasksByIds(q: Queryable, familyId: string, ids: string[]): Promise<TaskRow[]> {
  if (ids.length === 0) return [];
  return q.select().from(todoTasks).where(and(eq(todoTasks.familyId, familyId), inArray(todoTasks.id, ids)))
    .orderBy(sql`${todoTasks.dueTime} asc nulls first`, asc(todoTasks.title), asc(todoTasks.id));
}

// Occurrences checked off or skipped.

export async function findCompletion(q: Queryable, taskId: string, date: string): Promise<CompletionRow | undefined> {
  const [row] = await q.select().from(todoCompletions)
    .where(and(eq(todoCompletions.taskId, taskId), eq(todoCompletions.occurrenceDate, date)));
  return row;
}

/** The task's latest completion (a plain task has at most one). */
export async function latestCompletion(q: Queryable, taskId: string): Promise<CompletionRow | undefined> {
  const [row] = await q.select().from(todoCompletions).where(eq(todoCompletions.taskId, taskId))
    .orderBy(desc(todoCompletions.completedAt), desc(todoCompletions.occurrenceDate)).limit(1);
  return row;
}

/** The dates of the task's occurrences checked off or skipped from `from` on. */
export async function recordedDatesFrom(q: Queryable, taskId: string, from: string): Promise<Set<string>> {
  const rows = await q.select({ date: todoCompletions.occurrenceDate }).from(todoCompletions)
    .where(and(eq(todoCompletions.taskId, taskId), gte(todoCompletions.occurrenceDate, from)));
  return new Set(rows.map((r) => r.date));
}

export async function insertCompletion(q: Queryable, values: typeof todoCompletions.$inferInsert): Promise<CompletionRow> {
  const [row] = await q.insert(todoCompletions).values(values).returning();
  return row!;
}

export async function markSkippedDone(
  q: Queryable, id: string, change: { memberId: string | null; stars: number; completedBy: string; completedAt: Date },
): Promise<CompletionRow> {
  const [row] = await q.update(todoCompletions).set({ ...change, status: 'DONE' }).where(eq(todoCompletions.id, id)).returning();
  return row!;
}

export async function deleteCompletion(q: Queryable, id: string): Promise<void> {
  await q.delete(todoCompletions).where(eq(todoCompletions.id, id));
}

/** The family's completions on dates in [from, to]. */
export async function familyCompletions(q: Queryable, familyId: string, from: string, to: string): Promise<CompletionRow[]> {
  return q.select().from(todoCompletions).where(and(
    eq(todoCompletions.familyId, familyId), gte(todoCompletions.occurrenceDate, from), lte(todoCompletions.occurrenceDate, to),
  ));
}

/** Stars per member on dates in [from, to], summed per week starting `from` (weeks of 7 days). */
export async function starsByWeek(
  q: Queryable, familyId: string, from: string, to: string,
): Promise<{ week: number; memberId: string; stars: number }[]> {
  return rawRows(q, sql`select ((occurrence_date - ${from}::date) / 7)::int as week, member_id as "memberId",
      sum(stars)::int as stars
    from ${todoCompletions}
    where family_id = ${familyId}::uuid and occurrence_date between ${from}::date and ${to}::date
      and status = 'DONE' and stars > 0 and member_id is not null
    group by 1, 2`);
}
