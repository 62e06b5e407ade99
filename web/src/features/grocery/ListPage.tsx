import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { groceryMessages as m } from './texts.ts';
import { paths } from '../../shared/paths.ts';
import { ApiError } from '../../shared/api/client.ts';
import { ErrorBanner, Loading } from '../../shared/ui/Status.tsx';
import { useCurrentUser } from '../../shared/useCurrentUser.ts';
import { AddItemForm } from './AddItemForm.tsx';
import { CommentThread } from './CommentThread.tsx';
import { FollowTools } from './FollowTools.tsx';
import { ItemList } from './ItemList.tsx';
import type { GroceryItem } from '@hearth/contract/grocery';
import { AisleOrder } from './AisleOrder.tsx';
import { aisleNames, firstOfAisles, groupByAisle } from './aisles.ts';
import { keepFocusNear } from './focus.ts';
import { ItemEditor } from './ItemEditor.tsx';
import { mergeTarget, restoredOrder, type EditedFields } from './merges.ts';
import { useRowsInSteps } from './rowsInSteps.ts';
import { useAisleOrder, useDeleteList, useItems, useLists, useSaveAisleOrder } from './queries.ts';
import { useAddItem, useClearPurchased, useDeleteItem, useEditItem, useReorder, useTogglePurchased } from './writes.ts';
import { Modal } from '../../shared/ui/Modal.tsx';
import { useRemovalWithUndo, useUndo } from '../../shared/ui/Undo.tsx';
import './grocery.css';
import { useCan } from '../../shared/useCan.ts';
import { useConfirm } from '../../shared/ui/ConfirmDialog.tsx';
import { useTitle } from '../../shared/useTitle.ts';
import { useMealNotes } from '../calendar/queries.ts';

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

type View = 'manual' | 'aisles';
const viewKey = 'hearth.groceryView';

function ListDetail({ listId, familyId, canEdit }: { listId: string; familyId: string; canEdit: boolean }) {
  const { confirm, dialog } = useConfirm();
  const { offerUndo, snackbar } = useUndo();
  // Deleted items wait out their undo hidden, before the delete is sent.
  const { hidden: deleting, removeLater } = useRemovalWithUndo(offerUndo);
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const mealNotes = useMealNotes(listId);
  const [showPurchased, setShowPurchased] = useState(false);
  const [view, setView] = useState<View>(() => (localStorage.getItem(viewKey) === 'aisles' ? 'aisles' : 'manual'));
  const [editing, setEditing] = useState<GroceryItem | null>(null);
  const [arranging, setArranging] = useState(false);
  const lists = useLists(familyId);
  const items = useItems(listId);
  const aisles = useAisleOrder(familyId);
  const saveAisles = useSaveAisleOrder(familyId);
  const add = useAddItem(listId, familyId, setError);
  const toggle = useTogglePurchased(listId, setError);
  const edit = useEditItem(listId, setError);
  const remove = useDeleteItem(listId, setError);
  const clear = useClearPurchased(listId, setError);
  const reorder = useReorder(listId, setError);
  const deleteList = useDeleteList(familyId);

  const title = lists.data?.find((l) => l.id === listId)?.title;
  useTitle(title, 'Grocery list');
  const all = (items.data ?? []).filter((i) => !deleting.has(i.id));
  const open = all.filter((i) => !i.isPurchased);
  const purchased = all.filter((i) => i.isPurchased);
  // The rows are made in deferred renders, a screenful first: until the first step there is a moment with neither
  // rows nor "Loading", even when the items were already here. What comes below the rows waits for the last step.
  const rowsMade = useRowsInSteps(items.data !== undefined, open.length);
  const rowsToCome = items.data !== undefined && rowsMade !== Infinity;
  // A malformed id (400) is as missing as an unknown one (404).
  const missing = items.error instanceof ApiError && (items.error.status === 404 || items.error.status === 400);

  const chooseView = (next: View) => {
    setView(next);
    localStorage.setItem(viewKey, next);
  };
  const onToggle = (item: GroceryItem) => {
    setError(null);
    keepFocusNear(item.id);
    toggle.mutate(item);
    const flipped = { ...item, isPurchased: !item.isPurchased };
    offerUndo(item.isPurchased ? m.putBack(item.name) : m.checkedOff(item.name), () => toggle.mutate(flipped));
  };
  const onDelete = (item: GroceryItem) => {
    setError(null);
    keepFocusNear(item.id);
    removeLater(item.id, m.deleted(item.name), (settled) => remove.mutate(item, { onSettled: settled }));
  };
  /** An edit into an item already on the list merges them, with an undo that puts both back as they were. */
  const onSave = (item: GroceryItem, change: EditedFields) => {
    setError(null);
    setEditing(null);
    const before = items.data ?? [];
    const edited = before.find((i) => i.id === item.id) ?? item;
    const target = mergeTarget(before, edited, change);
    edit.mutate({ item: edited, change });
    if (!target) return;
    offerUndo(m.mergedInto(target.name), () => {
      edit.mutate({
        item: target, change: { name: target.name, quantity: target.quantity, unit: target.unit, category: target.category },
      });
      const restoredId = add.mutate({
        name: edited.name, quantity: edited.quantity, unit: edited.unit, category: edited.category,
        recurrence: edited.recurrence,
      }, { recurringItemId: edited.recurringItemId, addedFromRecipeId: edited.addedFromRecipeId });
      reorder.mutate(restoredOrder(before, edited, restoredId));
    });
  };
  const confirmClear = async () => {
    if (!(await confirm({ title: m.clearPurchased, confirmLabel: 'Delete', message: m.clearPurchasedConfirm(purchased.length) }))) return;
    setError(null);
    clear.mutate();
  };
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
  const actions = {
    items: all, canEdit, onToggle, onDelete, onEdit: setEditing, mealNotes: mealNotes.data,
    onReorder: (next: GroceryItem[]) => { setError(null); reorder.mutate(next); },
  };

  return (
    <main className="page stack grocery">
      {dialog}
      {snackbar}
      <ErrorBanner message={error} onDismiss={() => setError(null)} />
      <div className="spread">
        <button type="button" className="secondary" onClick={backToLists}>Back to Lists</button>
        {!missing && <FollowTools listId={listId} />}
      </div>
      <h1>{title ?? 'Grocery List'}</h1>
      {missing && <ErrorBanner message={m.listMissing} />}
      {!missing && (
        <>
          {canEdit && <AddItemForm familyId={familyId} onAdd={(item) => { setError(null); add.mutate(item); }} />}
          <div className="spread list-tools">
            <div className="segmented" role="group" aria-label="Order">
              <button type="button" aria-pressed={view === 'manual'} onClick={() => chooseView('manual')}>{m.manualOrder}</button>
              <button type="button" aria-pressed={view === 'aisles'} onClick={() => chooseView('aisles')}>{m.byAisle}</button>
            </div>
            {view === 'aisles' && canEdit && (
              <button type="button" className="link" onClick={() => setArranging(true)}>{m.arrangeAisles}</button>
            )}
          </div>
          {items.isPending && <Loading text="Loading items..." />}
          {items.isError && <ErrorBanner message={m.loadItemsFailed} />}
          {items.data && rowsMade > 0 && view === 'manual' && <ItemList {...actions} shown={open.slice(0, rowsMade)} />}
          {items.data && rowsMade > 0 && view === 'aisles' && (
            open.length === 0
              ? <p className="muted">No items to show.</p>
              : firstOfAisles(groupByAisle(aisles.data ?? [], open), rowsMade).map((aisle) => (
                <section key={aisle.category ?? ''} className="aisle" aria-label={aisle.category ?? m.noCategory}>
                  <h3>{aisle.category ?? m.noCategory}</h3>
                  <ItemList {...actions} shown={aisle.items} label={aisle.category ?? m.noCategory} />
                </section>
              ))
          )}
          {/* What comes below the items waits for them, so their arrival does not push it down the screen. */}
          {!items.isPending && !rowsToCome && (
            <>
              <label className="inline">
                <input type="checkbox" checked={showPurchased} onChange={(e) => setShowPurchased(e.target.checked)} />
                Show Purchased Items
              </label>
              {showPurchased && items.data && (
                <section className="stack" aria-label={m.purchasedHeading(purchased.length)}>
                  <div className="spread">
                    <h2>{m.purchasedHeading(purchased.length)}</h2>
                    {canEdit && purchased.length > 0 && (
                      <button type="button" className="secondary" onClick={() => void confirmClear()}>{m.clearPurchased}</button>
                    )}
                  </div>
                  <ItemList {...actions} shown={purchased} label={m.purchasedHeading(purchased.length)} />
                </section>
              )}
              <CommentThread listId={listId} familyId={familyId} canEdit={canEdit} />
              {canEdit && (
                <div>
                  <button type="button" className="link danger-link" onClick={() => void confirmDeleteList()}>Delete List</button>
                </div>
              )}
            </>
          )}
        </>
      )}
      <Modal title={m.editItem} open={editing !== null} onClose={() => setEditing(null)}>
        {editing && (
          <ItemEditor key={editing.id} item={editing} familyId={familyId} onCancel={() => setEditing(null)}
            onSave={(change) => onSave(editing, change)} />
        )}
      </Modal>
      <Modal title={m.arrangeAisles} open={arranging} onClose={() => setArranging(false)}>
        {arranging && (
          <AisleOrder names={aisleNames(aisles.data ?? [], all)} failed={saveAisles.isError}
            onCancel={() => setArranging(false)}
            onSave={(order) => saveAisles.mutate(order, { onSuccess: () => setArranging(false) })} />
        )}
      </Modal>
    </main>
  );
}
