import { useState } from 'react';
import { frequencyLabels, type RecurringItem } from '@hearth/contract/grocery';
import { groceryMessages as m } from './texts.ts';
import { formatQuantity } from '@hearth/contract/quantity';
import { ErrorBanner, Loading } from '../../shared/ui/Status.tsx';
import { useCurrentUser } from '../../shared/useCurrentUser.ts';
import { useDeleteRecurring, useLists, useRecurringItems, useSaveRecurring, type RecurringInput } from './queries.ts';
import { RecurringItemForm } from './RecurringItemForm.tsx';
import './grocery.css';
import { useCan } from '../../shared/useCan.ts';
import { useConfirm } from '../../shared/ui/ConfirmDialog.tsx';
import { useTitle } from '../../shared/useTitle.ts';

/** /recurring-items: the family's recurring items in a table, with the Add/Edit form. */
export function RecurringItemsPage() {
  useTitle('Recurring items');
  const me = useCurrentUser();
  const can = useCan();
  if (me.isPending) return <main className="page"><Loading text={m.loadingUser} /></main>;
  const familyId = me.data?.familyId;
  if (!familyId) return <main className="page"><ErrorBanner message={m.missingFamily} /></main>;
  return <RecurringItems familyId={familyId} canEdit={can.edit} />;
}

function RecurringItems({ familyId, canEdit }: { familyId: string; canEdit: boolean }) {
  const { confirm, dialog } = useConfirm();
  const recurring = useRecurringItems(familyId);
  const lists = useLists(familyId);
  const save = useSaveRecurring(familyId);
  const remove = useDeleteRecurring(familyId);
  const [editing, setEditing] = useState<RecurringItem | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onSave = async (input: RecurringInput) => {
    setError(null);
    try {
      await save.mutateAsync({ id: editing?.id ?? null, input });
      setEditing(null);
      return true;
    } catch {
      setError(m.saveRecurringFailed);
      return false;
    }
  };
  const onDelete = async (item: RecurringItem) => {
    const sure = await confirm({
      title: 'Delete recurring item', confirmLabel: 'Delete',
      message: `Delete the recurring item "${item.name}"? It will no longer be added to its list.`,
    });
    if (!sure) return;
    setError(null);
    remove.mutate(item.id, {
      onSuccess: () => { if (editing?.id === item.id) setEditing(null); },
      onError: () => setError(m.deleteRecurringFailed),
    });
  };
  const titleOf = (listId: string) => lists.data?.find((l) => l.id === listId)?.title ?? '—';

  return (
    <main className="page stack grocery">
      {dialog}
      <h1>Recurring Items</h1>
      <ErrorBanner message={error} onDismiss={() => setError(null)} />
      {lists.isError && <ErrorBanner message={m.loadListsFailed} />}
      {canEdit && (
        <RecurringItemForm
          editing={editing} lists={lists.data ?? []} busy={save.isPending}
          onSave={onSave} onCancel={() => setEditing(null)}
        />
      )}
      {recurring.isPending && <Loading text="Loading recurring items..." />}
      {recurring.isError && <ErrorBanner message={m.loadRecurringFailed} />}
      {recurring.data?.length === 0 && <p className="muted">{m.noRecurringItems}</p>}
      {recurring.data && recurring.data.length > 0 && (
        <div className="table-wrap card">
          <table className="recurring-table">
            <thead>
              <tr><th>Name</th><th>List</th><th>Quantity</th><th>Unit</th><th>Frequency</th><th>Actions</th></tr>
            </thead>
            <tbody>
              {recurring.data.map((item) => (
                <tr key={item.id}>
                  <td data-label="Name" className="recurring-name">{item.name}</td>
                  <td data-label="List">{titleOf(item.listId)}</td>
                  <td data-label="Quantity">{item.quantity === null ? '—' : formatQuantity(item.quantity)}</td>
                  <td data-label="Unit">{item.unit ?? '—'}</td>
                  <td data-label="Frequency">{frequencyLabels[item.frequency]}</td>
                  <td data-label="Actions">
                    {canEdit && (
                      <div className="row actions">
                        <button type="button" className="secondary" onClick={() => setEditing(item)}
                          aria-label={`Edit ${item.name}`}>Edit</button>
                        <button type="button" className="danger" onClick={() => void onDelete(item)}
                          aria-label={`Delete ${item.name}`}>Delete</button>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}
