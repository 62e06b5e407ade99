import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { ImportRequest, type MealDraft } from '@hearth/contract/meals';
import { FieldError, failSubmit, invalidIf, SubmitError } from '../../shared/form.tsx';
import { paths } from '../../shared/paths.ts';
import { Modal } from '../../shared/ui/Modal.tsx';
import { MealForm } from './MealForm.tsx';
import { failureText, useImportMeal } from './queries.ts';
import { mealMessages } from './texts.ts';

/** The link as the contract checks it (a web page's address), so a mistyped one is named under the field. */
const LinkFields = ImportRequest;

/** Paste a recipe page's link, then check the draft in the meal form and save it; saving opens the meal. */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const read = useImportMeal();
  const [draft, setDraft] = useState<MealDraft | null>(null);
  const { register, handleSubmit, reset, watch, setError, clearErrors, formState: { errors } } = useForm<
    z.input<typeof LinkFields>, unknown, z.output<typeof LinkFields>
  >({ resolver: zodResolver(LinkFields), defaultValues: { url: '' } });

  const close = () => {
    reset();
    setDraft(null);
    onClose();
  };

  const preview = async ({ url }: z.output<typeof LinkFields>) => {
    try {
      setDraft(await read.mutateAsync(url));
    } catch (err) {
      failSubmit(setError, failureText(mealMessages.importFailed, err));
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
        <form className="stack" onSubmit={handleSubmit(preview)} aria-label={mealMessages.importFromLink} noValidate>
          <label>
            {mealMessages.importLabel}
            <input type="url" inputMode="url" {...register('url')} autoComplete="off" placeholder="https://" required
              aria-invalid={invalidIf(errors.url)} />
            <FieldError error={errors.url} alert />
          </label>
          <p className="muted small">{mealMessages.importHint}</p>
          <SubmitError errors={errors} onDismiss={() => clearErrors('root.server')} />
          <div className="row">
            {/* Nothing to read before a link is pasted. */}
            <button type="submit" disabled={read.isPending || watch('url').trim() === ''}>
              {read.isPending ? mealMessages.importReading : mealMessages.importPreview}
            </button>
            <button type="button" className="secondary" onClick={close}>Cancel</button>
          </div>
        </form>
      )}
    </Modal>
  );
}
