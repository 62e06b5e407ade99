import { useState, type FormEvent } from 'react';
import { groceryLimits, type Recurrence } from '@hearth/contract/grocery';
import { parseQuantity, quantityMessages } from '@hearth/contract/quantity';
import type { NewItem } from './queries.ts';

const recurrenceChoices: { value: Recurrence; label: string }[] = [
  { value: 'none', label: 'One-time' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
];

const blank = { name: '', quantity: '', unit: '', category: '', recurrence: 'none' as Recurrence };

/** The add-item form; a blank name is ignored without a message. */
export function AddItemForm({ onAdd }: { onAdd: (item: NewItem) => void }) {
  const [form, setForm] = useState(blank);
  const [quantityError, setQuantityError] = useState(false);
  const set = (field: keyof typeof blank) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const name = form.name.trim();
    if (!name) return;
    const quantity = parseQuantity(form.quantity);
    // An unreadable quantity is said, never guessed: "1/2" must not become 12.
    setQuantityError(quantity === undefined);
    if (quantity === undefined) return;
    onAdd({
      name, quantity, unit: form.unit.trim() || null,
      category: form.category.trim() || null, recurrence: form.recurrence,
    });
    setForm(blank);
  };

  return (
    <form className="card add-item" onSubmit={submit} aria-label="Add item">
      <input aria-label="Item name" placeholder="Item name" value={form.name} onChange={set('name')}
        maxLength={groceryLimits.itemNameMax} className="add-name" />
      <input aria-label="Qty" placeholder="Qty" value={form.quantity} onChange={set('quantity')} className="add-qty"
        aria-invalid={quantityError || undefined} aria-describedby={quantityError ? 'add-qty-error' : undefined} />
      <input aria-label="Unit" placeholder="Unit (e.g. lbs, pack)" value={form.unit} onChange={set('unit')}
        maxLength={groceryLimits.unitMax} />
      <input aria-label="Category" placeholder="Category (e.g. produce)" value={form.category} onChange={set('category')}
        maxLength={groceryLimits.categoryMax} />
      <select aria-label="Recurrence" value={form.recurrence} onChange={set('recurrence')}>
        {recurrenceChoices.map((c) => <option key={c.value} value={c.value}>{c.label}</option>)}
      </select>
      <button type="submit">Add Item</button>
      {quantityError && <span id="add-qty-error" className="field-error" role="alert">{quantityMessages.unreadable}</span>}
    </form>
  );
}
