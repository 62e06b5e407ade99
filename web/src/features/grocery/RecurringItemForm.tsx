import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { frequencies, frequencyLabels, groceryLimits, type GroceryList, type RecurringItem } from '@hearth/contract/grocery';
import { groceryMessages as m } from './texts.ts';
import { formatQuantity, parseQuantity, quantityMessages } from '@hearth/contract/quantity';
import type { RecurringInput } from './queries.ts';
import { FieldError, invalidIf } from '../../shared/form.tsx';

/** Name, list and frequency required; quantity a number ≥ 0 as people type it ("1 1/2"), or null. */
const Fields = z.object({
  name: z.string().trim().min(1, m.nameRequired).max(groceryLimits.itemNameMax, m.itemNameTooLong),
  listId: z.string().min(1, m.listRequired),
  quantity: z.string().trim()
    .refine((v) => !v.startsWith('-'), { message: m.quantityMin, abort: true })
    .refine((v) => parseQuantity(v) !== undefined, quantityMessages.unreadable)
    .refine((v) => (parseQuantity(v) ?? 0) <= groceryLimits.quantityMax, m.quantityInvalid)
    .transform((v) => parseQuantity(v) ?? null),
  unit: z.string().trim().max(groceryLimits.unitMax, m.unitTooLong).transform((v) => v || null),
  // A string first: the select starts empty ('') until a frequency is chosen.
  frequency: z.string().pipe(z.enum(frequencies, { error: m.frequencyRequired })),
});
type FieldsIn = z.input<typeof Fields>;

/** The Add/Edit form of /recurring-items: add mode without `editing`, edit mode with it. */
export function RecurringItemForm({ editing, lists, busy, onSave, onCancel }: {
  editing: RecurringItem | null;
  lists: GroceryList[];
  busy: boolean;
  onSave: (input: RecurringInput) => Promise<boolean>;
  onCancel: () => void;
}) {
  const { register, handleSubmit, reset, formState: { errors } } = useForm<FieldsIn, unknown, RecurringInput>({
    resolver: zodResolver(Fields),
    values: {
      name: editing?.name ?? '',
      listId: editing?.listId ?? '',
      quantity: editing?.quantity == null ? '' : formatQuantity(editing.quantity),
      unit: editing?.unit ?? '',
      frequency: editing?.frequency ?? '',
    },
  });
  const submit = async (input: RecurringInput) => {
    if ((await onSave(input)) && !editing) reset();
  };

  return (
    <form className="card stack recurring-form" noValidate onSubmit={handleSubmit(submit)}
      aria-label={editing ? 'Edit recurring item' : 'Add recurring item'}>
      <h2>{editing ? 'Edit Recurring Item' : 'Add Recurring Item'}</h2>
      <div className="form-grid">
        <label>
          Name
          <input {...register('name')} autoComplete="off" aria-invalid={invalidIf(errors.name)} />
          <FieldError error={errors.name} />
        </label>
        <label>
          List
          <select {...register('listId')} aria-invalid={invalidIf(errors.listId)}>
            <option value="">Select a list</option>
            {lists.map((l) => <option key={l.id} value={l.id}>{l.title}</option>)}
          </select>
          <FieldError error={errors.listId} />
        </label>
        <label>
          Quantity
          <input type="number" min={0} step={1} inputMode="numeric" {...register('quantity')}
            aria-invalid={invalidIf(errors.quantity)} />
          <FieldError error={errors.quantity} />
        </label>
        <label>
          Unit
          <input {...register('unit')} placeholder="e.g. lbs, pack" autoComplete="off" />
          <FieldError error={errors.unit} />
        </label>
        <label>
          Frequency
          <select {...register('frequency')} aria-invalid={invalidIf(errors.frequency)}>
            <option value="">Select frequency</option>
            {frequencies.map((f) => <option key={f} value={f}>{frequencyLabels[f]}</option>)}
          </select>
          <FieldError error={errors.frequency} />
        </label>
      </div>
      <div className="row">
        <button type="submit" disabled={busy}>{editing ? 'Save Changes' : 'Add Recurring Item'}</button>
        {editing && <button type="button" className="secondary" onClick={onCancel}>Cancel</button>}
      </div>
    </form>
  );
}
