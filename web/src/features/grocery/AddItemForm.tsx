import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { groceryLimits, type ItemSuggestion, type Recurrence } from '@hearth/contract/grocery';
import { parseQuantity, quantityMessages } from '@hearth/contract/quantity';
import { loadQuickAdd, quickAddReady, readQuickAdd } from './quickAdd.ts';
import { useSuggestions } from './queries.ts';
import type { NewItem } from './writes.ts';
import { groceryMessages as m } from './texts.ts';

const recurrenceChoices: { value: Recurrence; label: string }[] = [
  { value: 'none', label: 'One-time' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
];

const blank = { name: '', quantity: '', unit: '', category: '', recurrence: 'none' as Recurrence };

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
 * The field keeps focus (and a phone its keyboard) after each add. A blank name is ignored without a message.
 */
export function AddItemForm({ familyId, onAdd }: { familyId: string; onAdd: (item: NewItem) => void }) {
  const [form, setForm] = useState(blank);
  const [details, setDetails] = useState(false);
  const [quantityError, setQuantityError] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const suggestionsId = useId();
  const typed = useSettled(details ? form.name : readQuickAdd(form.name).name);
  const suggestions = useSuggestions(familyId, typed.trim().length >= 2 ? typed.trim() : '');
  const set = (field: keyof typeof blank) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  const known = (name: string): ItemSuggestion | undefined =>
    suggestions.data?.find((s) => s.name.toLowerCase() === name.toLowerCase());

  const read = (): NewItem | undefined => {
    if (!details) {
      const quick = readQuickAdd(form.name);
      const usual = known(quick.name);
      return {
        name: quick.name, quantity: quick.quantity, unit: quick.unit ?? usual?.unit ?? null,
        category: usual?.category ?? null, recurrence: 'none',
      };
    }
    const quantity = parseQuantity(form.quantity);
    // An unreadable quantity is said, never guessed: "1/2" must not become 12.
    setQuantityError(quantity === undefined);
    if (quantity === undefined) return undefined;
    return {
      name: form.name.trim(), quantity, unit: form.unit.trim() || null,
      category: form.category.trim() || null, recurrence: form.recurrence,
    };
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.name.trim()) return;
    // An add sent before the quick-add reader arrived (it loads on the field's first focus) waits for it.
    if (!details && !quickAddReady()) {
      void loadQuickAdd().then(send);
      return;
    }
    send();
  };

  const send = () => {
    const item = read();
    if (!item?.name) return;
    onAdd(item);
    setForm(blank);
    nameRef.current?.focus();
  };

  return (
    <form className={`card add-item${details ? ' with-details' : ''}`} onSubmit={submit} aria-label="Add item">
      <input ref={nameRef} aria-label="Item name" placeholder={details ? 'Item name' : m.quickAddPlaceholder}
        value={form.name} onChange={set('name')} onFocus={() => void loadQuickAdd()} maxLength={groceryLimits.itemNameMax}
        className="add-name" list={suggestionsId} autoComplete="off" enterKeyHint="done" />
      <datalist id={suggestionsId}>
        {suggestions.data?.map((s) => <option key={s.name} value={s.name}>{s.unit ?? ''}</option>)}
      </datalist>
      {details && (
        <>
          <input aria-label="Qty" placeholder="Qty" value={form.quantity} onChange={set('quantity')} className="add-qty"
            inputMode="decimal" aria-invalid={quantityError || undefined}
            aria-describedby={quantityError ? 'add-qty-error' : undefined} />
          <input aria-label="Unit" placeholder="Unit (e.g. lbs, pack)" value={form.unit} onChange={set('unit')}
            maxLength={groceryLimits.unitMax} />
          <input aria-label="Category" placeholder="Category (e.g. produce)" value={form.category}
            onChange={set('category')} maxLength={groceryLimits.categoryMax} />
          <select aria-label="Recurrence" value={form.recurrence} onChange={set('recurrence')}>
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
