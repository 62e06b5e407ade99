import { useState } from 'react';
import type { CalendarEvent } from '@hearth/contract/calendar';
import { ApiError } from '../../shared/api/client.ts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog.tsx';
import { Modal } from '../../shared/ui/Modal.tsx';
import { ErrorBanner } from '../../shared/ui/Status.tsx';
import { useDeleteEvent } from './queries.ts';
import { calendarTexts as t } from './texts.ts';

type DeleteType = 'single' | 'future' | 'series';

/** 'Failed to delete event: ...' when the server refused, 'Error deleting event: ...' when no answer came (§8). */
const failure = (error: unknown) => (error instanceof ApiError
  ? t.deleteFailed(error.message)
  : t.deleteError(error instanceof Error ? error.message : String(error)));

/**
 * Deleting a recurring event (a series occurrence or an edited one) asks which occurrences go (spec §4); any other
 * event gets a confirmation, then a single delete.
 */
export function DeleteDialog({ event, onClose, onDeleted }: {
  event: CalendarEvent | null; onClose: () => void; onDeleted: () => void;
}) {
  const remove = useDeleteEvent();
  const [error, setError] = useState<string | null>(null);

  const run = async (deleteType: DeleteType) => {
    if (!event) return;
    try {
      await remove.mutateAsync({
        id: event.id, deleteType, occurrenceDate: event.isRecurring ? event.occurrenceDate : undefined,
      });
      setError(null);
      onDeleted();
    } catch (err) {
      setError(failure(err));
    }
  };
  const close = () => {
    setError(null);
    onClose();
  };

  if (!event?.isRecurring) {
    return (
      <>
        <ConfirmDialog open={event !== null && error === null} title={t.deleteTitle} message={t.deleteConfirm(event?.title ?? '')}
          confirmLabel="Delete" busy={remove.isPending} onConfirm={() => void run('single')} onCancel={close} />
        <Modal title={t.deleteTitle} open={error !== null} onClose={close}>
          <ErrorBanner message={error} />
          <div className="row confirm-actions"><button type="button" className="secondary" onClick={close}>Close</button></div>
        </Modal>
      </>
    );
  }
  return (
    <Modal title={t.deleteRecurringTitle} open onClose={close}>
      <div className="stack">
        <ErrorBanner message={error} />
        <p>{t.deleteRecurringQuestion(event.title)}</p>
        <div className="stack cal-delete-scopes">
          {/* The safe choice is the default (issue 49). */}
          <button type="button" className="danger" disabled={remove.isPending} onClick={() => void run('single')} data-autofocus>
            {t.deleteSingle}
          </button>
          <button type="button" className="danger" disabled={remove.isPending} onClick={() => void run('future')}>{t.deleteFuture}</button>
          <button type="button" className="danger" disabled={remove.isPending} onClick={() => void run('series')}>{t.deleteSeries}</button>
          <button type="button" className="secondary" onClick={close}>Cancel</button>
        </div>
      </div>
    </Modal>
  );
}
