import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { groceryLimits, type ItemSuggestion, type Recurrence } from '@hearth/contract/grocery';
import { parseQuantity, quantityMessages } from '@hearth/contract/quantity';
import { loadQuickAdd, quickAddReady, readQuickAdd } from './quickAdd.ts';
import { useCategoryChoices, useSuggestions } from './queries.ts';
import type { NewItem } from './writes.ts';
import { groceryMessages as m } from './texts.ts';

const recurrenceChoices: { value: Recurrence; label: string }[] = [
  { value: 'none', label: 'One-time' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
];

interface Values {
  name: string;
  quantity: string;
  unit: string;
  category: string;
  recurrence: Recurrence;
}

const blank: Values = { name: '', quantity: '', unit: '', category: '', recurrence: 'none' };

/** Waits until typing pauses before asking for suggestions. */
function useSettled(value: string, ms = 150): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * One field reads "2 lbs chicken thighs" as quantity, unit and name; "Details" opens the spec's separate fields.
 * The field keeps focus (and a phone its keyboard) after each add. A blank name is ignored without a message. The
 * category is left to the server (the family's own filing, else its aisle) unless one is typed in the details;
 * that field suggests the family's.
 */
export function AddItemForm({ familyId, onAdd }: { familyId: string; onAdd: (item: NewItem) => void }) {
  const [details, setDetails] = useState(false);
  const categories = useCategoryChoices(familyId, details);
  const suggestionsId = useId();
  const categoriesId = useId();
  const { register, handleSubmit, reset, setFocus, watch, formState: { errors } } = useForm<Values>({ defaultValues: blank });
  const name = watch('name');
  const typed = useSettled(details ? name : readQuickAdd(name).name);
  const suggestions = useSuggestions(familyId, typed.trim().length >= 2 ? typed.trim() : '');

  const known = (text: string): ItemSuggestion | undefined =>
    suggestions.data?.find((s) => s.name.toLowerCase() === text.toLowerCase());

  const read = (values: Values): NewItem => {
    if (!details) {
      const quick = readQuickAdd(values.name);
      return {
        name: quick.name, quantity: quick.quantity, unit: quick.unit ?? known(quick.name)?.unit ?? null,
        category: null, recurrence: 'none',
      };
    }
    return {
      name: values.name.trim(), quantity: parseQuantity(values.quantity) ?? null, unit: values.unit.trim() || null,
      category: values.category.trim() || null, recurrence: values.recurrence,
    };
  };

  const send = (values: Values) => {
    const item = read(values);
    if (!item.name) return;
    onAdd(item);
    reset(blank);
    setFocus('name');
  };

  const submit = (values: Values) => {
    if (!values.name.trim()) return;
    // An add sent before the quick-add reader arrived (it loads on the field's first focus) waits for it.
    if (!details && !quickAddReady()) {
      void loadQuickAdd().then(() => send(values));
      return;
    }
    send(values);
  };

  // An unreadable quantity is said, never guessed: "1/2" must not become 12.
  const quantityError = details && errors.quantity !== undefined;
  return (
    <form className={`card add-item${details ? ' with-details' : ''}`} onSubmit={(e) => void handleSubmit(submit)(e)}
      aria-label="Add item">
      <input {...register('name')} aria-label="Item name"
        placeholder={details ? 'Item name' : m.quickAddPlaceholder} onFocus={() => void loadQuickAdd()}
        maxLength={groceryLimits.itemNameMax} className="add-name" list={suggestionsId} autoComplete="off"
        enterKeyHint="done" />
      <datalist id={suggestionsId}>
        {suggestions.data?.map((s) => <option key={s.name} value={s.name}>{s.unit ?? ''}</option>)}
      </datalist>
      {details && (
        <>
          <input {...register('quantity', { validate: (v) => !details || parseQuantity(v) !== undefined })} aria-label="Qty"
            placeholder="Qty" className="add-qty" inputMode="decimal" aria-invalid={quantityError || undefined}
            aria-describedby={quantityError ? 'add-qty-error' : undefined} />
          <input {...register('unit')} aria-label="Unit" placeholder="Unit (e.g. lbs, pack)" maxLength={groceryLimits.unitMax} />
          <input {...register('category')} aria-label="Category" placeholder="Category (e.g. produce)"
            maxLength={groceryLimits.categoryMax} list={categoriesId} autoComplete="off" />
          <datalist id={categoriesId}>
            {categories.map((c) => <option key={c} value={c} />)}
          </datalist>
          <select {...register('recurrence')} aria-label="Recurrence">
            {recurrenceChoices.map((c) => <option key={c.value} value={c.value}>{c.label}</option>)}
          </select>
        </>
      )}
      <div className="add-actions">
        <button type="button" className="secondary" aria-expanded={details} onClick={() => setDetails((d) => !d)}>
          {details ? m.fewerDetails : m.moreDetails}
        </button>
        {/* Pressing Add must not take focus from the name field, or a phone closes its keyboard. */}
        <button type="submit" onPointerDown={(e) => e.preventDefault()}>Add Item</button>
      </div>
      {quantityError && <span id="add-qty-error" className="field-error" role="alert">{quantityMessages.unreadable}</span>}
    </form>
  );
}
