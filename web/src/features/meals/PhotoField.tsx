import { useEffect, useId, useState } from 'react';
import type { FieldError as Failure } from 'react-hook-form';
import type { Meal } from '@hearth/contract/meals';
import { FieldError, invalidIf } from '../../shared/form.tsx';
import { MealPhoto } from './MealPhoto.tsx';
import { mealMessages } from './texts.ts';

/** The meal form's photo: the saved one kept, a new file (picked, or an imported page's), or none. */
export type PhotoChoice = { kind: 'keep' } | { kind: 'none' } | { kind: 'new'; file: Blob };

/** An imported photo (a data: URL) as a file to upload; read here, as the page's policy lets no fetch read data: URLs. */
export function blobOfDataUrl(dataUrl: string): Blob {
  const [head = '', base64 = ''] = dataUrl.split(',');
  const type = /^data:([^;]+)/.exec(head)?.[1] ?? 'image/webp';
  return new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type });
}

/** A file's blob: address while it is shown. */
function usePreview(file: Blob | null): string | null {
  const [shown, setShown] = useState<{ file: Blob; address: string } | null>(null);
  useEffect(() => {
    if (!file) return undefined;
    const address = URL.createObjectURL(file);
    setShown({ file, address });
    return () => URL.revokeObjectURL(address);
  }, [file]);
  return file && shown?.file === file ? shown.address : null;
}

export function PhotoField({ meal, value, onChange, error }: {
  meal: Meal | undefined; value: PhotoChoice; onChange: (choice: PhotoChoice) => void; error: Failure | undefined;
}) {
  const inputId = useId();
  const preview = usePreview(value.kind === 'new' ? value.file : null);
  const hasPhoto = value.kind === 'new' || (value.kind === 'keep' && Boolean(meal?.photo));
  return (
    <fieldset className="stack meal-photo-fieldset">
      <legend>{mealMessages.photo}</legend>
      {value.kind === 'keep' && meal?.photo && <MealPhoto meal={meal} size="card" className="meal-photo-preview" />}
      {preview && !error && <img className="meal-photo-preview" src={preview} alt={mealMessages.photo} />}
      <div className="row">
        <input id={inputId} className="meal-sr-only" type="file" accept="image/*"
          aria-invalid={invalidIf(error)}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) onChange({ kind: 'new', file });
          }} />
        {/* The label is the button: on a phone it opens the camera or the photo library. */}
        <label htmlFor={inputId} className="button secondary">{hasPhoto ? mealMessages.replacePhoto : mealMessages.choosePhoto}</label>
        {hasPhoto && (
          <button type="button" className="secondary" onClick={() => onChange({ kind: 'none' })}>{mealMessages.removePhoto}</button>
        )}
      </div>
      {error ? <FieldError error={error} alert /> : <span className="muted small">{mealMessages.photoHint}</span>}
    </fieldset>
  );
}
