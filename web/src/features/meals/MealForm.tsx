import { useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { mealLimits, photoLimits, type Meal, type MealDraft, type MealInput } from '@hearth/contract/meals';
import { mealMessages } from './texts.ts';
import { formatQuantity, parseQuantity, quantityMessages } from '@hearth/contract/quantity';
import { ApiError } from '../../shared/api/client.ts';
import { useCurrentUser } from '../../shared/useCurrentUser.ts';
import { PhotoNotSaved, useMealTags, useSaveMeal } from './queries.ts';
import { blobOfDataUrl, PhotoField, type PhotoChoice } from './PhotoField.tsx';
import { ErrorBanner } from '../../shared/ui/Status.tsx';
import { loadIngredientReader, readIngredient } from '../../shared/ingredientLine.ts';
import type { IngredientLine } from '@hearth/contract/ingredient-line';

// Times are optional (the spec and the server require only the name); when given, whole minutes from 0.
const minutes = z.string().trim()
  .regex(/^\d*$/, mealMessages.requiredFields)
  .refine((v) => Number(v) <= mealLimits.minutesMax, mealMessages.timeTooLong);

/** What the inputs hold (text); turned into the API's MealInput on submit. */
const FormValues = z.object({
  name: z.string().trim().min(1, mealMessages.requiredFields).max(mealLimits.nameMax, mealMessages.nameTooLong),
  prepTime: minutes,
  totalTime: minutes,
  directions: z.string().max(mealLimits.directionsMax, mealMessages.directionsTooLong),
  servings: z.string().trim().regex(/^\d*$/, mealMessages.invalidServings)
    .refine((v) => v === '' || (Number(v) >= 1 && Number(v) <= mealLimits.servingsMax), mealMessages.invalidServings),
  sourceUrl: z.string().trim().max(mealLimits.sourceUrlMax, mealMessages.invalidSourceUrl)
    .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), mealMessages.invalidSourceUrl),
  ingredients: z.array(z.object({
    name: z.string().trim().min(1, mealMessages.ingredientNameRequired)
      .max(mealLimits.ingredientNameMax, mealMessages.ingredientNameTooLong),
    quantity: z.string().refine((v) => parseQuantity(v) !== undefined, quantityMessages.unreadable)
      .refine((v) => (parseQuantity(v) ?? 0) <= mealLimits.quantityMax, mealMessages.invalidIngredients),
    unit: z.string().max(mealLimits.unitMax, mealMessages.unitTooLong),
    /** Kept from the stored ingredient; the form has no control for it. */
    groceryListId: z.string().nullable(),
  })).max(mealLimits.ingredientsMax, mealMessages.tooManyIngredients),
  tags: z.array(z.string()),
  /** The photo as it is, a new file (checked here as the server checks it), or none. */
  photo: z.custom<PhotoChoice>()
    .refine((p) => p.kind !== 'new' || p.file.type.startsWith('image/'), mealMessages.photoNotImage)
    .refine((p) => p.kind !== 'new' || p.file.size <= photoLimits.uploadMaxBytes, mealMessages.photoTooLarge),
});
type FormValues = z.infer<typeof FormValues>;

const emptyIngredient = { name: '', quantity: '', unit: '', groceryListId: null };

const rowOf = (read: IngredientLine) => ({
  name: read.name, quantity: read.quantity === null ? '' : formatQuantity(read.quantity), unit: read.unit ?? '',
});

/** A saved meal to edit, an imported draft to check, or nothing for a new meal. */
function toFormValues(meal: Meal | MealDraft | undefined): FormValues {
  return {
    name: meal?.name ?? '',
    prepTime: meal?.prepTime?.toString() ?? '',
    totalTime: meal?.totalTime?.toString() ?? '',
    directions: meal?.directions ?? '',
    servings: meal?.servings?.toString() ?? '',
    sourceUrl: meal?.sourceUrl ?? '',
    ingredients: meal
      ? meal.ingredients.map((i) => ({
        name: i.name, quantity: i.quantity === null ? '' : formatQuantity(i.quantity), unit: i.unit ?? '',
        groceryListId: 'groceryListId' in i ? i.groceryListId : null,
      }))
      : [{ ...emptyIngredient }],
    tags: meal && 'tags' in meal ? meal.tags : [],
    photo: photoChoiceOf(meal),
  };
}

/** A saved meal keeps its photo; an imported draft brings the page's (saved with the meal). */
function photoChoiceOf(meal: Meal | MealDraft | undefined): PhotoChoice {
  if (meal && 'id' in meal) return meal.photo ? { kind: 'keep' } : { kind: 'none' };
  return meal?.photo ? { kind: 'new', file: blobOfDataUrl(meal.photo) } : { kind: 'none' };
}

/** The add and edit form of a meal; `meal` given means edit, `draft` fills a new meal (an imported recipe). */
export function MealForm({ meal, draft, onSaved, onCancel }: {
  meal?: Meal; draft?: MealDraft; onSaved: (meal: Meal) => void; onCancel: () => void;
}) {
  const { data: user } = useCurrentUser();
  const save = useSaveMeal();
  // A new meal saved whose photo then failed is the meal a second save updates, not a second meal.
  const [savedId, setSavedId] = useState(meal?.id);
  const [failure, setFailure] = useState<{ text: string; reason: string } | null>(null);
  const { register, control, handleSubmit, getValues, setValue, trigger, formState: { errors, isSubmitting } } = useForm({
    resolver: zodResolver(FormValues),
    defaultValues: toFormValues(meal ?? draft),
  });
  const { fields, append, insert, remove, move } = useFieldArray({ control, name: 'ingredients' });

  /** A whole phrase typed in a name ("2 lbs chicken thighs") goes to the row's fields, there to be corrected. */
  const splitPhrase = async (index: number) => {
    await loadIngredientReader();
    const row = getValues(`ingredients.${index}`);
    if (row.quantity.trim() || row.unit.trim()) return;
    const read = readIngredient(row.name);
    if (read.quantity === null && read.unit === null) return;
    setValue(`ingredients.${index}`, { ...row, ...rowOf(read) }, { shouldValidate: true });
  };
  /** Lines pasted into a name become rows of their own. */
  const pasteLines = async (index: number, lines: string[]) => {
    await loadIngredientReader();
    const rows = lines.slice(0, mealLimits.ingredientsMax - fields.length + 1).map((l) => ({ ...emptyIngredient, ...rowOf(readIngredient(l)) }));
    setValue(`ingredients.${index}`, rows[0]!, { shouldValidate: true });
    if (rows.length > 1) insert(index + 1, rows.slice(1));
  };

  const submit = async (values: FormValues) => {
    setFailure(null);
    const failedText = meal ? mealMessages.updateFailed : mealMessages.addFailed;
    if (!user?.familyId) return setFailure({ text: failedText, reason: mealMessages.notAuthenticated });
    const body: MealInput = {
      name: values.name,
      familyId: user.familyId,
      createdBy: user.id,
      directions: values.directions.trim() || null,
      prepTime: values.prepTime === '' ? null : Number.parseInt(values.prepTime, 10),
      totalTime: values.totalTime === '' ? null : Number.parseInt(values.totalTime, 10),
      servings: values.servings ? Number(values.servings) : null,
      sourceUrl: values.sourceUrl || null,
      tags: values.tags,
      ingredients: values.ingredients.map((i) => ({
        name: i.name,
        quantity: parseQuantity(i.quantity) ?? null,
        unit: i.unit.trim() || null,
        groceryListId: i.groceryListId,
      })),
    };
    const reason = (error: unknown) =>
      (error instanceof ApiError && error.status < 500 && error.status !== 401 ? error.message : mealMessages.saveFailed);
    const { photo } = values;
    let saved;
    try {
      saved = await save.mutateAsync({ id: savedId, body, photo: photo.kind === 'new' ? photo.file : photo.kind === 'none' ? null : undefined });
    } catch (error) {
      if (!(error instanceof PhotoNotSaved)) return setFailure({ text: failedText, reason: reason(error) });
      setSavedId(error.meal.id);
      return setFailure({ text: mealMessages.photoFailed, reason: reason(error.cause) });
    }
    setSavedId(saved.id);
    onSaved(saved);
  };

  const requiredMissing = [errors.name, errors.prepTime, errors.totalTime]
    .some((e) => e?.message === mealMessages.requiredFields);
  const fieldError = (message: string | undefined) =>
    message && message !== mealMessages.requiredFields ? <span className="field-error">{message}</span> : null;

  return (
    <form className="stack meal-form" onSubmit={handleSubmit(submit)} noValidate aria-label={meal ? 'Edit meal' : 'Add meal'}>
      <ErrorBanner message={failure && <><strong>{failure.text}</strong> {failure.reason}</>}
        onDismiss={() => setFailure(null)} />
      <ErrorBanner message={requiredMissing && mealMessages.requiredFields} />
      <label>
        Name
        <input {...register('name')} aria-invalid={errors.name ? true : undefined} autoComplete="off" />
        {fieldError(errors.name?.message)}
      </label>
      <div className="meal-times">
        <label>
          Prep time (min)
          <input {...register('prepTime')} type="number" min={0} step={1} inputMode="numeric"
            aria-invalid={errors.prepTime ? true : undefined} />
          {fieldError(errors.prepTime?.message)}
        </label>
        <label>
          Total time (min)
          <input {...register('totalTime')} type="number" min={0} step={1} inputMode="numeric"
            aria-invalid={errors.totalTime ? true : undefined} />
          {fieldError(errors.totalTime?.message)}
        </label>
      </div>

      <div className="meal-times">
        <label>
          Servings
          <input {...register('servings')} type="number" min={1} step={1} inputMode="numeric"
            aria-invalid={errors.servings ? true : undefined} />
          {fieldError(errors.servings?.message)}
        </label>
        <label>
          Source link
          <input {...register('sourceUrl')} type="url" inputMode="url" autoComplete="off"
            aria-invalid={errors.sourceUrl ? true : undefined} />
          {fieldError(errors.sourceUrl?.message)}
        </label>
      </div>

      <fieldset className="ingredients">
        <legend>Ingredients</legend>
        {fields.length === 0 && <p className="muted small">No ingredients yet.</p>}
        <ol className="stack">
          {fields.map((field, index) => {
            const n = index + 1;
            const rowErrors = errors.ingredients?.[index];
            const quantityPath = `ingredients.${index}.quantity` as const;
            return (
              <li key={field.id} className="ingredient-row">
                <input className="ingredient-name" placeholder={index === 0 ? mealMessages.ingredientHint : 'Name'}
                  aria-label={`Ingredient ${n} name`} onFocus={() => void loadIngredientReader()}
                  onPaste={(e) => {
                    const lines = e.clipboardData.getData('text').split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
                    if (lines.length < 2) return;
                    e.preventDefault();
                    void pasteLines(index, lines);
                  }}
                  {...register(`ingredients.${index}.name`, { onBlur: () => splitPhrase(index) })}
                  aria-invalid={rowErrors?.name ? true : undefined} />
                <input placeholder="Qty" aria-label={`Ingredient ${n} quantity`} {...register(quantityPath)}
                  aria-invalid={rowErrors?.quantity ? true : undefined} />
                <input placeholder="Unit" aria-label={`Ingredient ${n} unit`} {...register(`ingredients.${index}.unit`)} />
                <div className="row-actions">
                  <button type="button" className="icon" aria-label={`Move ingredient ${n} up`}
                    disabled={index === 0} onClick={() => move(index, index - 1)}>↑</button>
                  <button type="button" className="icon" aria-label={`Move ingredient ${n} down`}
                    disabled={index === fields.length - 1} onClick={() => move(index, index + 1)}>↓</button>
                  <button type="button" className="icon" aria-label={`Remove ingredient ${n}`}
                    onClick={() => remove(index)}>✕</button>
                </div>
                {(rowErrors?.name || rowErrors?.quantity || rowErrors?.unit) && (
                  <span className="field-error ingredient-error">
                    {rowErrors.name?.message ?? rowErrors.quantity?.message ?? rowErrors.unit?.message}
                  </span>
                )}
              </li>
            );
          })}
        </ol>
        {errors.ingredients?.root?.message && <span className="field-error">{errors.ingredients.root.message}</span>}
        <button type="button" className="secondary" onClick={() => append({ ...emptyIngredient })}
          disabled={fields.length >= mealLimits.ingredientsMax}>
          + Add Ingredient
        </button>
      </fieldset>

      <Controller control={control} name="photo" render={({ field, fieldState }) => (
        <PhotoField meal={meal} value={field.value} onChange={(choice) => { field.onChange(choice); void trigger('photo'); }} error={fieldState.error} />
      )} />

      <Controller control={control} name="tags" render={({ field }) => (
        <TagEditor familyId={user?.familyId ?? null} tags={field.value} onChange={field.onChange} />
      )} />

      <label>
        Directions
        <textarea {...register('directions')} rows={6} />
        {fieldError(errors.directions?.message)}
      </label>
      <div className="row">
        <button type="submit" disabled={isSubmitting}>{isSubmitting ? 'Saving...' : 'Save Meal'}</button>
        <button type="button" className="secondary" onClick={onCancel}>Cancel</button>
      </div>
    </form>
  );
}

/** The meal's tags: the family's own offered as they type, a new name created on save. */
function TagEditor({ familyId, tags, onChange }: { familyId: string | null; tags: string[]; onChange: (tags: string[]) => void }) {
  const known = useMealTags(familyId);
  const [text, setText] = useState('');
  const add = () => {
    const name = text.trim().slice(0, mealLimits.tagMax);
    setText('');
    if (!name || tags.some((t) => t.toLowerCase() === name.toLowerCase()) || tags.length >= mealLimits.tagsPerMeal) return;
    // A tag the family already has keeps the family's spelling.
    onChange([...tags, known.data?.find((t) => t.name.toLowerCase() === name.toLowerCase())?.name ?? name]);
  };
  return (
    <fieldset className="stack meal-tag-fieldset">
      <legend>{mealMessages.tags}</legend>
      <div className="tag-editor">
        {tags.map((t) => (
          <span key={t} className="badge">
            {t}
            <button type="button" aria-label={mealMessages.removeTag(t)} onClick={() => onChange(tags.filter((x) => x !== t))}>✕</button>
          </span>
        ))}
        <input list="meal-tag-names" value={text} maxLength={mealLimits.tagMax} aria-label={mealMessages.addTag}
          placeholder={mealMessages.tagPlaceholder} onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => { if (e.key === 'Enter' || e.key === ',') { e.preventDefault(); add(); } }} />
        <datalist id="meal-tag-names">
          {known.data?.filter((t) => !tags.includes(t.name)).map((t) => <option key={t.id} value={t.name} />)}
        </datalist>
        <button type="button" className="secondary" onClick={add} disabled={tags.length >= mealLimits.tagsPerMeal}>{mealMessages.addTag}</button>
      </div>
    </fieldset>
  );
}
