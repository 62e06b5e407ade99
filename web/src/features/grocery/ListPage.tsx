import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { groceryMessages as m } from './texts.ts';
import { paths } from '../../shared/paths.ts';
import { ApiError } from '../../shared/api/client.ts';
import { ErrorBanner, Loading } from '../../shared/ui/Status.tsx';
import { useCurrentUser } from '../../shared/useCurrentUser.ts';
import { AddItemForm } from './AddItemForm.tsx';
import { CommentThread } from './CommentThread.tsx';
import { ItemList } from './ItemList.tsx';
import {
  useAddItem, useDeleteItem, useDeleteList, useItems, useLists, useReorder, useTogglePurchased,
} from './queries.ts';
import './grocery.css';
import { useCan } from '../../shared/useCan.ts';
import { useConfirm } from '../../shared/ui/ConfirmDialog.tsx';
import { useTitle } from '../../shared/useTitle.ts';

/** /list/{listId}: one list's items, the add form and the family discussion. */
export function ListPage() {
  const { listId = '' } = useParams();
  const me = useCurrentUser();
  const can = useCan();
  if (me.isPending) return <main className="page"><Loading text={m.loadingUser} /></main>;
  const familyId = me.data?.familyId;
  if (!familyId) return <main className="page"><ErrorBanner message={m.missingFamily} /></main>;
  return <ListDetail key={listId} listId={listId} familyId={familyId} canEdit={can.edit} />;
}

function ListDetail({ listId, familyId, canEdit }: { listId: string; familyId: string; canEdit: boolean }) {
  const { confirm, dialog } = useConfirm();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [showPurchased, setShowPurchased] = useState(false);
  const lists = useLists(familyId);
  const items = useItems(listId);
  const add = useAddItem(listId, familyId, setError);
  const toggle = useTogglePurchased(listId, setError);
  const remove = useDeleteItem(listId, setError);
  const reorder = useReorder(listId, setError);
  const deleteList = useDeleteList(familyId);

  const title = lists.data?.find((l) => l.id === listId)?.title;
  useTitle(title, 'Grocery list');
  const all = items.data ?? [];
  const shown = showPurchased ? all : all.filter((i) => !i.isPurchased);
  const missing = items.error instanceof ApiError && items.error.status === 404;

  const backToLists = () => navigate(paths.lists);
  const confirmDeleteList = async () => {
    const sure = await confirm({
      title: 'Delete list', confirmLabel: 'Delete',
      message: `Delete the list${title ? ` "${title}"` : ''} with all its items and comments?`,
    });
    if (!sure) return;
    setError(null);
    deleteList.mutate(listId, { onSuccess: backToLists, onError: () => setError(m.deleteListFailed) });
  };

  return (
    <main className="page stack grocery">
      {dialog}
      <ErrorBanner message={error} onDismiss={() => setError(null)} />
      <div className="spread">
        <button type="button" className="secondary" onClick={backToLists}>Back to Lists</button>
      </div>
      <h1>{title ?? 'Grocery List'}</h1>
      {missing && <ErrorBanner message={m.listMissing} />}
      {!missing && (
        <>
          {canEdit && <AddItemForm onAdd={(item) => { setError(null); add.mutate(item); }} />}
          <label className="inline">
            <input type="checkbox" checked={showPurchased} onChange={(e) => setShowPurchased(e.target.checked)} />
            Show Purchased Items
          </label>
          {items.isPending && <Loading text="Loading items..." />}
          {items.isError && <ErrorBanner message={m.loadItemsFailed} />}
          {items.data && (
            <ItemList
              items={all} shown={shown} canEdit={canEdit}
              onToggle={(item) => { setError(null); toggle.mutate(item); }}
              onDelete={(item) => { setError(null); remove.mutate(item); }}
              onReorder={(next) => { setError(null); reorder.mutate(next); }}
            />
          )}
          <CommentThread listId={listId} familyId={familyId} canEdit={canEdit} />
          {canEdit && (
            <div>
              <button type="button" className="link danger-link" onClick={() => void confirmDeleteList()}>Delete List</button>
            </div>
          )}
        </>
      )}
    </main>
  );
}
