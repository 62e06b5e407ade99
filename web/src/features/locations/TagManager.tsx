import { useState } from 'react';
import { filled } from '../../shared/form.tsx';
import { useForm } from 'react-hook-form';
import { locationLimits, type Tag } from '@hearth/contract/locations';
import { locationMessages as m } from './texts.ts';
import { ApiError } from '../../shared/api/client.ts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog.tsx';
import { ErrorBanner } from '../../shared/ui/Status.tsx';
import { useCreateTag, useDeleteTag, useRenameTag } from './queries.ts';

/** The spec's text, with the server's reason (e.g. a name the family has already) when it gave one. */
const failure = (text: string, error: unknown) =>
  (error instanceof ApiError && error.status < 500 ? `${text}: ${error.message}` : text);

export function TagManager({ tags, canEdit, loadFailed }: { tags: Tag[]; canEdit: boolean; loadFailed: boolean }) {
  const { register, handleSubmit, reset } = useForm({ defaultValues: { name: '' } });
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateTag();
  const rename = useRenameTag();
  const remove = useDeleteTag();

  const add = async ({ name }: { name: string }) => {
    try {
      await create.mutateAsync(name);
      reset();
      setError(null);
    } catch (err) {
      setError(failure(m.tagCreateError, err));
    }
  };

  const saveRename = async (id: string, name: string) => {
    try {
      await rename.mutateAsync({ id, name });
      setRenaming(null);
      setError(null);
    } catch (err) {
      setError(failure(m.tagUpdateError, err));
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      setError(null);
    } catch (err) {
      setError(failure(m.tagDeleteError, err));
    }
    setDeleting(null);
  };

  return (
    <section className="card stack tag-manager" aria-label="Tags">
      <h2>Tags</h2>
      <ErrorBanner message={loadFailed ? m.tagsLoadFailed : error} onDismiss={() => setError(null)} />
      {canEdit && (
        <form className="row" onSubmit={handleSubmit(add)}>
          <input aria-label="New tag name" placeholder="New tag, e.g. Pizza" maxLength={locationLimits.tagNameMax}
            {...register('name', filled)} className="grow" />
          <button type="submit" disabled={create.isPending}>Add Tag</button>
        </form>
      )}
      {tags.length === 0 ? <p className="muted">No tags yet.</p> : (
        <ul className="tag-list">
          {tags.map((tag) => (
            <li key={tag.id} className="row">
              {renaming === tag.id ? (
                <RenameForm tag={tag} onSave={(name) => saveRename(tag.id, name)} onCancel={() => setRenaming(null)} />
              ) : (
                <>
                  <span className="grow">{tag.name}</span>
                  {canEdit && (
                    <>
                      <button type="button" className="link" onClick={() => setRenaming(tag.id)}
                        aria-label={`Rename ${tag.name}`}>Rename</button>
                      <button type="button" className="link" onClick={() => setDeleting(tag)}
                        aria-label={`Delete tag ${tag.name}`}>Delete</button>
                    </>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog open={deleting !== null} title="Delete tag"
        message={`Delete the tag "${deleting?.name ?? ''}"? It is removed from every location that has it.`}
        confirmLabel="Delete" busy={remove.isPending} onConfirm={() => void confirmDelete()} onCancel={() => setDeleting(null)} />
    </section>
  );
}

/** One tag's name, edited in place; a blank name is not sent. */
function RenameForm({ tag, onSave, onCancel }: { tag: Tag; onSave: (name: string) => Promise<void>; onCancel: () => void }) {
  const { register, handleSubmit } = useForm({ defaultValues: { name: tag.name } });
  return (
    <form className="row grow" onSubmit={handleSubmit(({ name }) => onSave(name))}>
      <input aria-label={`New name for ${tag.name}`} maxLength={locationLimits.tagNameMax} {...register('name', filled)}
        className="grow" autoFocus />
      <button type="submit">Save</button>
      <button type="button" className="secondary" onClick={onCancel}>Cancel</button>
    </form>
  );
}
