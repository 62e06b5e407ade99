import { useState } from 'react';
import { filled } from '../../shared/form.tsx';
import { useForm, useWatch } from 'react-hook-form';
import { locationLimits, type LocationNote } from '@hearth/contract/locations';
import { locationMessages as m } from './texts.ts';
import { ApiError } from '../../shared/api/client.ts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog.tsx';
import { ErrorBanner, Loading } from '../../shared/ui/Status.tsx';
import { useAddNote, useDeleteNote, useLocationNotes, useUpdateNote } from './queries.ts';
import { useCan } from '../../shared/useCan.ts';

const when = (iso: string) => new Date(iso).toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' });

/** A location's notes: shared ones for the family, personal ones for their author only. */
export function LocationNotes({ locationId }: { locationId: string }) {
  const notes = useLocationNotes(locationId, true);
  const add = useAddNote();
  const update = useUpdateNote();
  const remove = useDeleteNote();
  const { register, control, handleSubmit, reset } = useForm({ defaultValues: { text: '', isPersonal: false } });
  const text = useWatch({ control, name: 'text' });
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<LocationNote | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { edit: canWrite, admin: isAdmin } = useCan();

  const submit = async ({ text: typed, isPersonal }: { text: string; isPersonal: boolean }) => {
    try {
      await add.mutateAsync({ locationId, note: typed, isPersonal });
      reset({ text: '', isPersonal });
      setError(null);
    } catch {
      setError(m.noteCreateError);
    }
  };

  const saveEdit = async (id: string, note: string) => {
    try {
      await update.mutateAsync({ id, note });
      setEditing(null);
      setError(null);
    } catch {
      setError(m.noteUpdateError);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      setError(null);
    } catch {
      setError(m.noteDeleteError);
    }
    setDeleting(null);
  };

  let list;
  if (notes.isPending) list = <Loading />;
  else if (notes.isError) list = <ErrorBanner message={notes.error instanceof ApiError ? m.notesLoadFailed : m.notesLoadError} />;
  else if (notes.data.length === 0) list = <p className="muted small">No notes yet.</p>;
  else {
    list = (
      <ul className="notes" aria-label="Notes">
        {notes.data.map((note) => (
          <li key={note.id} className="note">
            {editing === note.id ? (
              <EditNoteForm note={note} onSave={(text) => saveEdit(note.id, text)} onCancel={() => setEditing(null)} />
            ) : (
              <>
                <p>{note.note}</p>
                <div className="row small muted">
                  <span>{note.createdByMemberName} · {when(note.createdAt)}</span>
                  <span className="badge">{note.isPersonal ? 'Personal' : 'Shared'}</span>
                  {canWrite && note.mine && (
                    <button type="button" className="link" onClick={() => setEditing(note.id)}>Edit</button>
                  )}
                  {canWrite && (note.mine || (isAdmin && !note.isPersonal)) && (
                    <button type="button" className="link" onClick={() => setDeleting(note)}>Delete</button>
                  )}
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="stack location-notes-panel">
      <ErrorBanner message={error} onDismiss={() => setError(null)} />
      {list}
      {canWrite && (
        <form className="stack" onSubmit={handleSubmit(submit)}>
          <label>
            Add a note
            <textarea rows={2} maxLength={locationLimits.noteMax} {...register('text', filled)} />
          </label>
          <div className="spread">
            <label className="inline">
              <input type="checkbox" {...register('isPersonal')} />
              Personal (only you can see it)
            </label>
            <span className="muted small" aria-live="polite">{text.length}/{locationLimits.noteMax}</span>
          </div>
          <button type="submit" disabled={add.isPending || !text.trim()}>Add Note</button>
        </form>
      )}
      <ConfirmDialog open={deleting !== null} title="Delete note" message="Delete this note?" confirmLabel="Delete"
        busy={remove.isPending} onConfirm={() => void confirmDelete()} onCancel={() => setDeleting(null)} />
    </div>
  );
}

/** One note's text, edited in place with its length shown; a blank note is not sent. */
function EditNoteForm({ note, onSave, onCancel }: {
  note: LocationNote; onSave: (text: string) => Promise<void>; onCancel: () => void;
}) {
  const { register, control, handleSubmit } = useForm({ defaultValues: { text: note.note } });
  const text = useWatch({ control, name: 'text' });
  return (
    <form className="stack" onSubmit={handleSubmit((fields) => onSave(fields.text))}>
      <textarea aria-label="Edit note" rows={2} maxLength={locationLimits.noteMax} {...register('text', filled)} />
      <span className="muted small">{text.length}/{locationLimits.noteMax}</span>
      <div className="row">
        <button type="submit">Save</button>
        <button type="button" className="secondary" onClick={onCancel}>Cancel</button>
      </div>
    </form>
  );
}
