import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import * as api from '@hearth/contract/todos';
import type { ChoreChart, RepeatRule, StoredRepeatRule, TodoList, TodoTask } from '@hearth/contract/todos';
import { ApiError, call } from '../../shared/api/client.ts';
import {
  keyHeader, lastQueued, newCreateKey, notice, offlineScope, pendingId, queuedRetry, rememberCreated, serverId,
} from '../../shared/offline/queue.ts';
import { todoKeys } from './queries.ts';
import { todoTexts as t } from './texts.ts';

/**
 * The to-do changes that work offline, as grocery's do (features/grocery/writes.ts): each is a mutation whose key's
 * defaults (registered at start, before the stored queue is restored) know how to send it, so a change made before a
 * reload is still sent after it. They wait in the one offline scope, behind grocery's, and go out in order; creates,
 * check-offs and skips carry an idempotency key, so a change whose answer was lost counts once.
 */
const writeKey = (name: string) => ['todos-write', name] as const;
const writes = {
  addTask: writeKey('add-task'),
  occurrence: writeKey('occurrence'),
  edit: writeKey('edit'),
  remove: writeKey('delete'),
  reorder: writeKey('reorder'),
  createList: writeKey('create-list'),
};
const anyWrite = ['todos-write'] as const;

/** A task's fields as the form gives them. */
export interface TaskInput {
  title: string;
  notes: string | null;
  assigneeId: string | null;
  dueDate: string | null;
  dueTime: string | null;
  repeat: RepeatRule | null;
  stars: number | null;
}
export type OccurrenceAction = 'complete' | 'skip' | 'undo';

interface AddTask { key: string; listId: string; familyId: string; task: TaskInput }
/** What an occurrence's change needs of its task (a row's task, or a chore chart's cell). */
export interface TaskRef { id: string; listId: string; title: string; dueDate: string | null; isRepeating: boolean }
export const refOf = (task: TodoTask): TaskRef => ({
  id: task.id, listId: task.listId, title: task.title, dueDate: task.dueDate, isRepeating: task.repeat !== null,
});
interface Occurrence { key: string; action: OccurrenceAction; task: TaskRef; occurrenceDate: string | null }
interface EditTask { task: TodoTask; change: TaskInput }
interface Reorder { listId: string; tasks: TodoTask[] }
interface CreateList { key: string; familyId: string; title: string; color: string }

const occurrenceCalls = { complete: api.completeTask, skip: api.skipTask, undo: api.undoTask };

/** A change to a task someone deleted meanwhile is dropped with a word about it; anything else fails as usual. */
async function unlessDeleted<T>(title: string, send: () => Promise<T>): Promise<T | null> {
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    notice(t.changeDropped(title));
    return null;
  }
}

/** The task's id on the server, or null when the add it came from never went through (its failure was shown). */
const idOf = (client: QueryClient, task: { id: string }) => serverId(client, task.id) ?? null;

/** How each queued to-do change is sent; once the queue has emptied, every to-do screen is asked for again. */
export function registerTodoWrites(client: QueryClient): void {
  const refresh = () => {
    if (lastQueued(client, anyWrite)) void client.invalidateQueries({ queryKey: todoKeys.all });
  };
  const queued = { scope: offlineScope, ...queuedRetry, onSettled: refresh };

  client.setMutationDefaults<TodoTask, Error, AddTask>(writes.addTask, {
    ...queued,
    mutationFn: ({ key, listId, task }: AddTask) => call(api.createTask, { body: { listId, ...task }, headers: keyHeader(key) }),
    onSuccess: (added: TodoTask, { key }: AddTask) => rememberCreated(client, key, added.id),
  });

  client.setMutationDefaults(writes.occurrence, {
    ...queued,
    mutationFn: async ({ key, action, task, occurrenceDate }: Occurrence) => {
      const id = idOf(client, task);
      if (!id) return null;
      const body = occurrenceDate ? { occurrenceDate } : {};
      const send = action === 'undo'
        ? () => call(occurrenceCalls.undo, { params: { taskId: id }, body })
        : () => call(occurrenceCalls[action], { params: { taskId: id }, body, headers: keyHeader(key) });
      return unlessDeleted(task.title, send).catch((error: unknown) => {
        // Undoing what someone else undid meanwhile: what was wanted.
        if (action === 'undo' && error instanceof ApiError && error.status === 409) return null;
        throw error;
      });
    },
  });

  client.setMutationDefaults(writes.edit, {
    ...queued,
    mutationFn: async ({ task, change }: EditTask) => {
      const id = idOf(client, task);
      if (!id) return null;
      return unlessDeleted(task.title, () => call(api.updateTask, { params: { taskId: id }, body: change }));
    },
  });

  client.setMutationDefaults(writes.remove, {
    ...queued,
    mutationFn: async (task: TodoTask) => {
      const id = idOf(client, task);
      if (!id) return null;
      // Already deleted by someone else: what was wanted.
      return call(api.deleteTask, { params: { taskId: id } }).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      });
    },
  });

  client.setMutationDefaults(writes.reorder, {
    ...queued,
    // Rebased on the server: tasks done or deleted meanwhile are skipped there, tasks added meanwhile keep their places.
    mutationFn: async ({ listId, tasks }: Reorder) => {
      const ids = tasks.map((task) => idOf(client, task)).filter((id) => id !== null);
      if (ids.length === 0) return null;
      return unlessDeleted('', () => call(api.reorderTasks, {
        params: { listId }, body: ids.map((id, position) => ({ id, position })), query: { rebase: 'true' },
      }));
    },
  });

  client.setMutationDefaults<TodoList, Error, CreateList>(writes.createList, {
    ...queued,
    mutationFn: ({ key, title, color }: CreateList) => call(api.createTodoList, { body: { title, color }, headers: keyHeader(key) }),
    onSuccess: (list: TodoList, { key }: CreateList) => rememberCreated(client, key, list.id),
  });
}

type Report = (message: string) => void;

/** A queued change shown at once in the list's tasks; a refusal is reported (the refetch after it puts things back). */
function useQueuedTaskChange<V>(key: readonly string[], listIdOf: (vars: V) => string, apply: (tasks: TodoTask[], vars: V) => TodoTask[]) {
  const client = useQueryClient();
  return useMutation<unknown, Error, V>({
    mutationKey: key,
    onMutate: async (vars) => {
      const tasksKey = todoKeys.tasks(listIdOf(vars));
      await client.cancelQueries({ queryKey: tasksKey });
      client.setQueryData<TodoTask[]>(tasksKey, (tasks) => (tasks ? apply(tasks, vars) : tasks));
    },
  });
}

/** A rule as the server answers it, for a task shown before the answer. */
const storedRule = (rule: RepeatRule | null): StoredRepeatRule | null =>
  (rule ? { ...rule, weekdays: rule.weekdays ?? [], monthlyBy: rule.monthlyBy ?? null } : null);

const renumber = (tasks: TodoTask[]) => {
  let position = 0;
  return tasks.map((task) => (task.isDone ? task : { ...task, position: position++ }));
};

export function useAddTask(familyId: string, report: Report) {
  const mutation = useQueuedTaskChange<AddTask>(writes.addTask, (v) => v.listId, (tasks, { key, listId, task }) => renumber([{
    ...task, id: pendingId(key), listId, familyId, repeat: storedRule(task.repeat),
    position: 0, isDone: false, doneAt: null, isOverdue: false, createdAt: new Date().toISOString(),
  }, ...tasks]));
  return {
    mutate: (listId: string, task: TaskInput) =>
      mutation.mutate({ key: newCreateKey(), listId, familyId, task }, { onError: () => report(t.addTaskFailed) }),
  };
}

/**
 * Checks off, skips or undoes an occurrence. A plain task shows done (or open) at once; a repeating one moves to its
 * next date when the server answers. The chore chart's cells show the change at once too, stars included.
 */
export function useOccurrence(report: Report) {
  const client = useQueryClient();
  const mutation = useMutation<unknown, Error, Occurrence>({
    mutationKey: writes.occurrence,
    onMutate: async ({ action, task, occurrenceDate }) => {
      await client.cancelQueries({ queryKey: todoKeys.all });
      const done = action !== 'undo';
      if (!task.isRepeating) {
        const mark = (tasks: TodoTask[] | undefined) => tasks?.map((x) => (x.id === task.id
          ? { ...x, isDone: done, doneAt: done ? new Date().toISOString() : null, isOverdue: done ? false : x.isOverdue }
          : x));
        client.setQueryData<TodoTask[]>(todoKeys.tasks(task.listId), mark);
        client.setQueriesData<TodoTask[]>({ queryKey: todoKeys.views }, mark);
      }
      const date = occurrenceDate ?? task.dueDate;
      for (const [key, chart] of client.getQueriesData<ChoreChart>({ queryKey: todoKeys.charts })) {
        if (chart) client.setQueryData(key, markChore(chart, task.id, date, action));
      }
    },
  });
  return {
    mutate: (action: OccurrenceAction, task: TaskRef, occurrenceDate: string | null = null) =>
      mutation.mutate({ key: newCreateKey(), action, task, occurrenceDate }, { onError: () => report(t.checkOffFailed) }),
  };
}

/** The chart with one chore's cell marked done, skipped or open again, and its member's stars moved with it. */
export function markChore(chart: ChoreChart, taskId: string, date: string | null, action: OccurrenceAction): ChoreChart {
  const status = action === 'complete' ? 'DONE' : action === 'skip' ? 'SKIPPED' : 'OPEN';
  return {
    ...chart,
    members: chart.members.map((row) => {
      let stars = 0;
      const mark = <C extends { taskId: string; occurrenceDate: string; status: string; stars: number }>(chore: C): C => {
        if (chore.taskId !== taskId || (date !== null && chore.occurrenceDate !== date) || chore.status === status) return chore;
        if (chore.status === 'DONE') stars -= chore.stars;
        if (status === 'DONE') stars += chore.stars;
        return { ...chore, status };
      };
      const days = row.days.map((day) => ({ ...day, chores: day.chores.map(mark) }));
      const anytime = row.anytime.map(mark);
      return { ...row, days, anytime, starsThisWeek: row.starsThisWeek + stars, balance: row.balance + stars };
    }),
  };
}

export function useEditTask(report: Report) {
  const mutation = useQueuedTaskChange<EditTask>(writes.edit, (v) => v.task.listId, (tasks, { task, change }) =>
    tasks.map((x) => (x.id === task.id ? { ...x, ...change, repeat: storedRule(change.repeat) } : x)));
  return { mutate: (task: TodoTask, change: TaskInput) => mutation.mutate({ task, change }, { onError: () => report(t.editTaskFailed) }) };
}

export function useDeleteTask(report: Report) {
  const mutation = useQueuedTaskChange<TodoTask>(writes.remove, (task) => task.listId, (tasks, task) =>
    renumber(tasks.filter((x) => x.id !== task.id)));
  return {
    mutate: (task: TodoTask, onSettled?: () => void) => mutation.mutate(task, {
      onError: () => report(t.deleteTaskFailed), ...(onSettled ? { onSettled } : {}),
    }),
  };
}

/** Saves the new order of a list's open tasks (done ones stay after them). */
export function useReorderTasks(listId: string, report: Report) {
  const mutation = useQueuedTaskChange<Reorder>(writes.reorder, (v) => v.listId, (tasks, { tasks: open }) =>
    [...open.map((task, position) => ({ ...task, position })), ...tasks.filter((x) => x.isDone)]);
  return { mutate: (tasks: TodoTask[]) => mutation.mutate({ listId, tasks }, { onError: () => report(t.saveOrderFailed) }) };
}

/** Creates a list; offline it shows (pending, not yet openable) and is created when the network allows. */
export function useCreateTodoList(familyId: string) {
  const client = useQueryClient();
  const mutation = useMutation<TodoList, Error, CreateList>({
    mutationKey: writes.createList,
    onMutate: async (vars) => {
      await client.cancelQueries({ queryKey: todoKeys.lists });
      client.setQueryData<TodoList[]>(todoKeys.lists, (lists = []) => [...lists, {
        id: pendingId(vars.key), familyId, title: vars.title, color: vars.color, openTaskCount: 0, overdueCount: 0,
        createdAt: new Date().toISOString(),
      }]);
    },
  });
  return {
    mutate: (title: string, color: string, options: { onSuccess: (list: TodoList) => void; onError: () => void }) =>
      mutation.mutate({ key: newCreateKey(), familyId, title, color }, options),
  };
}
