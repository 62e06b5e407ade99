import { onlineManager } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { todoLimits } from '@hearth/contract/todos';
import { failSubmit, FieldError, invalidIf, SubmitError } from '../../shared/form.tsx';
import { isPending } from '../../shared/offline/queue.ts';
import { paths } from '../../shared/paths.ts';
import { ErrorBanner, Loading } from '../../shared/ui/Status.tsx';
import { useCan } from '../../shared/useCan.ts';
import { useTitle } from '../../shared/useTitle.ts';
import { useTodoLists } from './queries.ts';
import { todoTexts as t } from './texts.ts';
import { TodoPage } from './TodoNav.tsx';
import { useCreateTodoList } from './writes.ts';

/** The colours a new list is offered first (any colour can be picked). */
const firstColour = '#2563eb';

/** /todos: the family's to-do lists with their open and overdue counts, and a form to start one. */
export function TodoListsPage() {
  useTitle('To-dos');
  return <TodoPage>{(familyId) => <Lists familyId={familyId} />}</TodoPage>;
}

function Lists({ familyId }: { familyId: string }) {
  const can = useCan();
  const navigate = useNavigate();
  const lists = useTodoLists();
  const create = useCreateTodoList(familyId);
  const { register, handleSubmit, reset, setError, clearErrors, formState: { errors } } = useForm({
    defaultValues: { title: '', color: firstColour },
  });
  const submit = ({ title, color }: { title: string; color: string }) => {
    reset({ title: '', color });
    // Online the new list opens; offline it waits among the lists (greyed) until it is created.
    const online = onlineManager.isOnline();
    create.mutate(title.trim(), color, {
      onSuccess: (list) => { if (online) navigate(paths.todoList(list.id)); },
      onError: () => failSubmit(setError, t.createListFailed),
    });
  };

  return (
    <>
      <h1>{t.listsHeading}</h1>
      <SubmitError errors={errors} onDismiss={() => clearErrors('root')} />
      {lists.isPending && <Loading text="Loading to-do lists..." />}
      {lists.isError && <ErrorBanner message={t.loadListsFailed} />}
      {lists.data && (lists.data.length === 0
        ? <p className="muted">{t.noLists}{can.edit ? ' Create your first one below.' : ''}</p>
        : (
          <ul className="todo-lists" aria-label={t.listsHeading}>
            {lists.data.map((list) => (
              <li key={list.id} className="todo-list-card" style={{ borderLeftColor: list.color }}>
                {isPending(list.id)
                  ? <span className="pending" title={t.listWaiting}>{list.title}</span>
                  : <Link to={paths.todoList(list.id)} className="todo-list-link">{list.title}</Link>}
                <span className="small muted">
                  {t.openTasks(list.openTaskCount)}
                  {list.overdueCount > 0 && <span className="badge overdue"> {t.overdueTasks(list.overdueCount)}</span>}
                </span>
              </li>
            ))}
          </ul>
        ))}
      {can.edit && (
        <form className="card stack" onSubmit={handleSubmit(submit)} aria-label="New to-do list" noValidate>
          <div className="row new-todo-list">
            <label className="grow">
              <span className="sr-only">{t.newListName}</span>
              <input
                placeholder={t.newListPlaceholder} maxLength={todoLimits.listTitleMax} aria-label={t.newListName}
                aria-invalid={invalidIf(errors.title)}
                {...register('title', { validate: (v) => v.trim() !== '' || t.listTitleRequired })}
              />
            </label>
            <input type="color" aria-label={t.listColour} {...register('color')} />
            <button type="submit">{t.createList}</button>
          </div>
          <FieldError error={errors.title} />
        </form>
      )}
    </>
  );
}
