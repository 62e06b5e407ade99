import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { TodoTask } from '@hearth/contract/todos';
import { ApiError } from '../../shared/api/client.ts';
import { paths } from '../../shared/paths.ts';
import { useConfirm } from '../../shared/ui/ConfirmDialog.tsx';
import { Modal } from '../../shared/ui/Modal.tsx';
import { ErrorBanner, Loading } from '../../shared/ui/Status.tsx';
import { useRemovalWithUndo, useUndo } from '../../shared/ui/Undo.tsx';
import { useCan } from '../../shared/useCan.ts';
import { useTitle } from '../../shared/useTitle.ts';
import { useMembers } from '../family/queries.ts';
import { useDeleteTodoList, useListTasks, useTodoLists } from './queries.ts';
import { TaskForm } from './TaskForm.tsx';
import { TaskList } from './TaskList.tsx';
import { todoTexts as t } from './texts.ts';
import { TodoPage, useFamilyToday } from './TodoNav.tsx';
import { useAddTask, useDeleteTask, useEditTask, useOccurrence, useReorderTasks } from './writes.ts';
import { useTaskChecks } from './useTaskChecks.ts';

/** /todos/list/{listId}: one list's tasks, the add form, "Show done". */
export function TodoListPage() {
  const { listId = '' } = useParams();
  return <TodoPage>{(familyId) => <ListDetail key={listId} listId={listId} familyId={familyId} />}</TodoPage>;
}

function ListDetail({ listId, familyId }: { listId: string; familyId: string }) {
  const can = useCan();
  const navigate = useNavigate();
  const today = useFamilyToday();
  const { confirm, dialog } = useConfirm();
  const { offerUndo, snackbar } = useUndo();
  const { hidden: deleting, removeLater } = useRemovalWithUndo(offerUndo);
  const [error, setError] = useState<string | null>(null);
  const [showDone, setShowDone] = useState(false);
  const [editing, setEditing] = useState<TodoTask | null>(null);
  const lists = useTodoLists();
  const tasks = useListTasks(listId);
  const members = useMembers();
  const memberMap = useMemo(() => new Map((members.data ?? []).map((m) => [m.id, m])), [members.data]);
  const add = useAddTask(familyId, setError);
  const edit = useEditTask(setError);
  const remove = useDeleteTask(setError);
  const reorder = useReorderTasks(listId, setError);
  const occurrence = useOccurrence(setError);
  const checks = useTaskChecks(occurrence, offerUndo, () => setError(null));
  const deleteList = useDeleteTodoList();

  const list = lists.data?.find((l) => l.id === listId);
  useTitle(list?.title, 'To-do list');
  const shown = (tasks.data ?? []).filter((x) => !deleting.has(x.id));
  const open = shown.filter((x) => !x.isDone).sort((a, b) => a.position - b.position);
  const done = shown.filter((x) => x.isDone);
  const missing = tasks.error instanceof ApiError && (tasks.error.status === 404 || tasks.error.status === 400);

  const onDelete = (task: TodoTask) => {
    setError(null);
    removeLater(task.id, t.deleted(task.title), (settled) => remove.mutate(task, settled));
  };
  const confirmDeleteList = async () => {
    if (!(await confirm({ title: t.deleteList, confirmLabel: 'Delete', message: t.deleteListConfirm(list?.title ?? '') }))) return;
    deleteList.mutate(listId, { onSuccess: () => navigate(paths.todoLists), onError: () => setError(t.deleteListFailed) });
  };
  const actions = {
    canEdit: can.edit, today, members: memberMap, onToggle: checks.toggle, onSkip: checks.skip, onEdit: setEditing, onDelete,
  };

  return (
    <>
      {dialog}
      {snackbar}
      <ErrorBanner message={error} onDismiss={() => setError(null)} />
      <h1 className="todo-list-title">
        {list && <span className="list-swatch" style={{ background: list.color }} aria-hidden="true" />}
        {list?.title ?? 'To-do list'}
      </h1>
      {missing && <ErrorBanner message={t.listMissing} />}
      {!missing && (
        <>
          {can.edit && members.data && (
            <TaskForm members={members.data} onSubmit={(input) => { setError(null); add.mutate(listId, input); }} />
          )}
          {tasks.isPending && <Loading text={t.loadingTasks} />}
          {tasks.isError && <ErrorBanner message={t.loadTasksFailed} />}
          {tasks.data && (
            <TaskList {...actions} tasks={open} label="Tasks" sortable onReorder={(next) => { setError(null); reorder.mutate(next); }} />
          )}
          {tasks.data && (
            <label className="inline">
              <input type="checkbox" checked={showDone} onChange={(e) => setShowDone(e.target.checked)} />
              {t.showDone}
            </label>
          )}
          {showDone && tasks.data && (
            <section className="stack" aria-label={t.doneHeading(done.length)}>
              <h2>{t.doneHeading(done.length)}</h2>
              <TaskList {...actions} tasks={done} label={t.doneHeading(done.length)} sortable={false} />
            </section>
          )}
          {can.edit && list && (
            <div><button type="button" className="link danger-link" onClick={() => void confirmDeleteList()}>{t.deleteList}</button></div>
          )}
        </>
      )}
      <Modal title={t.editTask} open={editing !== null} onClose={() => setEditing(null)}>
        {editing && members.data && (
          <TaskForm key={editing.id} task={editing} members={members.data} onCancel={() => setEditing(null)}
            onSubmit={(input) => { setError(null); setEditing(null); edit.mutate(editing, input); }} />
        )}
      </Modal>
    </>
  );
}
