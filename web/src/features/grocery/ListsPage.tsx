import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { groceryLimits } from '@hearth/contract/grocery';
import { groceryMessages as m } from './texts.ts';
import { paths } from '../../shared/paths.ts';
import { failSubmit, filled, SubmitError } from '../../shared/form.tsx';
import { ErrorBanner, Loading, Notice } from '../../shared/ui/Status.tsx';
import { useCurrentUser } from '../../shared/useCurrentUser.ts';
import { useFamilyMembers, useLists } from './queries.ts';
import { useCreateList } from './writes.ts';
import { isPending } from '../../shared/offline/queue.ts';
import { onlineManager } from '@tanstack/react-query';
import './grocery.css';
import { useCan } from '../../shared/useCan.ts';
import { useTitle } from '../../shared/useTitle.ts';

/** /lists: the family's lists, and a form to start a new one. */
export function ListsPage() {
  useTitle('Grocery lists');
  const me = useCurrentUser();
  const can = useCan();
  if (me.isPending) return <main className="page"><Loading text={m.loadingUser} /></main>;
  const familyId = me.data?.familyId;
  if (!familyId) return <main className="page"><ErrorBanner message={m.missingFamily} /></main>;
  return <Lists familyId={familyId} canEdit={can.edit} />;
}

function Lists({ familyId, canEdit }: { familyId: string; canEdit: boolean }) {
  const navigate = useNavigate();
  const lists = useLists(familyId);
  const members = useFamilyMembers();
  const create = useCreateList(familyId);
  const { register, handleSubmit, reset, setError, clearErrors, formState: { errors } } = useForm({ defaultValues: { title: '' } });

  const submit = ({ title }: { title: string }) => {
    reset();
    // Online the new list opens; offline it waits in the lists (greyed) until it is created.
    const online = onlineManager.isOnline();
    create.mutate(title, {
      onSuccess: (list) => { if (online) navigate(paths.list(list.id)); },
      onError: () => failSubmit(setError, m.createListFailed),
    });
  };

  return (
    <main className="page stack grocery">
      <h1>Grocery Lists</h1>
      {members.data?.length === 1 && (
        <Notice>
          You're the only member of your family so far. <Link to={paths.family}>Invite your family</Link> to
          share lists, meals and plans together.
        </Notice>
      )}
      <SubmitError errors={errors} onDismiss={() => clearErrors('root')} />
      {lists.isPending && <Loading text="Loading grocery lists..." />}
      {lists.isError && <ErrorBanner message={m.loadListsFailed} />}
      {lists.data && (lists.data.length === 0
        ? <p className="muted">No lists yet.{canEdit ? ' Create your first one below.' : ''}</p>
        : (
          <nav className="list-buttons" aria-label="Grocery lists">
            {lists.data.map((list) => (
              <div key={list.id} className="list-card">
                {isPending(list.id)
                  ? <button type="button" className="secondary pending" disabled title={m.listWaiting}>{list.title}</button>
                  : (
                    <>
                      {/* The count sits over the button (which takes the clicks) but outside its name. */}
                      <button
                        type="button" className="secondary" aria-describedby={`open-${list.id}`}
                        onClick={() => navigate(paths.list(list.id))}
                      >
                        {list.title}
                      </button>
                      <span id={`open-${list.id}`} className="list-count">{m.openItems(list.openItemCount)}</span>
                    </>
                  )}
              </div>
            ))}
          </nav>
        ))}
      {canEdit && (
        <form className="card row new-list" onSubmit={handleSubmit(submit)} aria-label="New list">
          <input
            aria-label="New list name" placeholder="Store, e.g. Costco" required
            maxLength={groceryLimits.titleMax} {...register('title', filled)}
          />
          <button type="submit">Create List</button>
        </form>
      )}
    </main>
  );
}
