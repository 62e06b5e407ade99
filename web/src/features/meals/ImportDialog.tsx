import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { MealDraft } from '@hearth/contract/meals';
import { paths } from '../../shared/paths.ts';
import { Modal } from '../../shared/ui/Modal.tsx';
import { ErrorBanner } from '../../shared/ui/Status.tsx';
import { MealForm } from './MealForm.tsx';
import { failureText, useImportMeal } from './queries.ts';
import { mealMessages } from './texts.ts';

/** Paste a recipe page's link, then check the draft in the meal form and save it; saving opens the meal. */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const read = useImportMeal();
  const [url, setUrl] = useState('');
  const [draft, setDraft] = useState<MealDraft | null>(null);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setUrl('');
    setDraft(null);
    setError(null);
    onClose();
  };

  const preview = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      setDraft(await read.mutateAsync(url.trim()));
    } catch (err) {
      setError(failureText(mealMessages.importFailed, err));
    }
  };

  return (
    <Modal title={mealMessages.importFromLink} open={open} onClose={close}>
      {draft ? (
        <div className="stack">
          <p className="muted small">{mealMessages.importCheck}</p>
          <MealForm draft={draft} onSaved={(meal) => { close(); navigate(paths.meal(meal.id)); }} onCancel={close} />
        </div>
      ) : (
        <form className="stack" onSubmit={preview} aria-label={mealMessages.importFromLink} noValidate>
          <label>
            {mealMessages.importLabel}
            <input type="url" inputMode="url" value={url} onChange={(e) => setUrl(e.target.value)} autoComplete="off"
              placeholder="https://" required />
          </label>
          <p className="muted small">{mealMessages.importHint}</p>
          <ErrorBanner message={error} onDismiss={() => setError(null)} />
          <div className="row">
            <button type="submit" disabled={read.isPending || url.trim() === ''}>
              {read.isPending ? mealMessages.importReading : mealMessages.importPreview}
            </button>
            <button type="button" className="secondary" onClick={close}>Cancel</button>
          </div>
        </form>
      )}
    </Modal>
  );
}
