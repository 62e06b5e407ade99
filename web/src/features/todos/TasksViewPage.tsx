import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { TodoTask } from '@hearth/contract/todos';
import { paths } from '../../shared/paths.ts';
import { ErrorBanner, Loading, Notice } from '../../shared/ui/Status.tsx';
import { useUndo } from '../../shared/ui/Undo.tsx';
import { useCan } from '../../shared/useCan.ts';
import { useCurrentUser } from '../../shared/useCurrentUser.ts';
import { useTitle } from '../../shared/useTitle.ts';
import { useMembers } from '../family/queries.ts';
import { useTaskView, useTodoLists } from './queries.ts';
import { TaskText } from './TaskList.tsx';
import { todoTexts as t } from './texts.ts';
import { TodoPage, useFamilyToday } from './TodoNav.tsx';
import { useTaskChecks } from './useTaskChecks.ts';
import { useOccurrence } from './writes.ts';

/** /todos/mine and /todos/everyone: open tasks across the lists, grouped Overdue, Today, Upcoming, No date. */
export const MyTasksPage = () => <TasksViewPage mine />;
export const EveryonesTasksPage = () => <TasksViewPage mine={false} />;

function TasksViewPage({ mine }: { mine: boolean }) {
  useTitle(mine ? t.myTasks : t.everyonesTasks);
  return <TodoPage>{() => <TasksView key={String(mine)} mine={mine} />}</TodoPage>;
}

const groupOf = (task: TodoTask, today: string) =>
  (task.isOverdue ? t.overdue : !task.dueDate ? t.noDate : task.dueDate <= today ? t.today : t.upcoming);
const groupOrder = [t.overdue, t.today, t.upcoming, t.noDate];

function TasksView({ mine }: { mine: boolean }) {
  const me = useCurrentUser().data;
  const can = useCan();
  const today = useFamilyToday();
  const members = useMembers();
  const lists = useTodoLists();
  const own = members.data?.find((m) => m.userId === me?.id);
  const view = useTaskView(mine ? own?.id ?? null : null, !mine || own !== undefined);
  const { offerUndo, snackbar } = useUndo();
  const [error, setError] = useState<string | null>(null);
  const checks = useTaskChecks(useOccurrence(setError), offerUndo, () => setError(null));
  const memberMap = useMemo(() => new Map((members.data ?? []).map((m) => [m.id, m])), [members.data]);
  const listOf = useMemo(() => new Map((lists.data ?? []).map((l) => [l.id, l])), [lists.data]);
  const groups = groupOrder
    .map((name) => [name, (view.data ?? []).filter((task) => !task.isDone && groupOf(task, today) === name)] as const)
    .filter(([, tasks]) => tasks.length > 0);

  return (
    <>
      {snackbar}
      <h1>{mine ? t.myTasks : t.everyonesTasks}</h1>
      <ErrorBanner message={error} onDismiss={() => setError(null)} />
      {mine && members.data && !own && <Notice>{t.notAMember}</Notice>}
      {view.isLoading && <Loading text={t.loadingTasks} />}
      {view.isError && <ErrorBanner message={t.loadTasksFailed} />}
      {view.data && groups.length === 0 && <p className="muted">{t.noTasks}</p>}
      {groups.map(([name, tasks]) => (
        <section key={name} className="stack" aria-label={name}>
          <h2 className={name === t.overdue ? 'overdue-heading' : undefined}>{name}</h2>
          <ul className="tasks" aria-label={name}>
            {tasks.map((task) => (
              <li key={task.id} className={`task${task.isOverdue ? ' overdue' : ''}`} data-testid="todo-task">
                {can.edit
                  ? (
                    <label className="task-main">
                      <input type="checkbox" checked={false} onChange={() => checks.toggle(task)} aria-label={`Done: ${task.title}`} />
                      <TaskText task={task} today={today} members={memberMap} listTitle={listOf.get(task.listId)?.title} />
                    </label>
                  )
                  : <span className="task-main"><TaskText task={task} today={today} members={memberMap} listTitle={listOf.get(task.listId)?.title} /></span>}
                <Link to={paths.todoList(task.listId)} className="small task-list-link" aria-label={`Open the list of ${task.title}`}>List</Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
