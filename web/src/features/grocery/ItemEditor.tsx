import { useState, type FormEvent } from 'react';
import { groceryLimits, type GroceryItem } from '@hearth/contract/grocery';
import { formatQuantity, parseQuantity, quantityMessages } from '@hearth/contract/quantity';
import type { ItemChange } from './writes.ts';

/** The sheet that edits an item's name, quantity, unit and category. */
export function ItemEditor({ item, onSave, onCancel }: {
  item: GroceryItem; onSave: (change: ItemChange['change']) => void; onCancel: () => void;
}) {
  const [form, setForm] = useState({
    name: item.name, quantity: item.quantity === null ? '' : formatQuantity(item.quantity),
    unit: item.unit ?? '', category: item.category ?? '',
  });
  const [quantityError, setQuantityError] = useState(false);
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const name = form.name.trim();
    const quantity = parseQuantity(form.quantity);
    setQuantityError(quantity === undefined);
    if (!name || quantity === undefined) return;
    onSave({ name, quantity, unit: form.unit.trim() || null, category: form.category.trim() || null });
  };

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <label>
        Name
        <input value={form.name} onChange={set('name')} maxLength={groceryLimits.itemNameMax} required />
      </label>
      <div className="row">
        <label>
          Qty
          <input value={form.quantity} onChange={set('quantity')} inputMode="decimal" aria-invalid={quantityError || undefined} />
        </label>
        <label>
          Unit
          <input value={form.unit} onChange={set('unit')} maxLength={groceryLimits.unitMax} />
        </label>
      </div>
      {quantityError && <span className="field-error" role="alert">{quantityMessages.unreadable}</span>}
      <label>
        Category
        <input value={form.category} onChange={set('category')} maxLength={groceryLimits.categoryMax} />
      </label>
      <div className="row">
        <button type="submit">Save</button>
        <button type="button" className="secondary" onClick={onCancel}>Cancel</button>
      </div>
    </form>
  );
}
