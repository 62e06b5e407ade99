import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { groceryLimits, type GroceryItem } from '@hearth/contract/grocery';
import { formatQuantity, parseQuantity, quantityMessages } from '@hearth/contract/quantity';
import { FieldError, invalidIf } from '../../shared/form.tsx';
import type { EditedFields } from './merges.ts';
import { useCategoryChoices } from './queries.ts';

interface Values {
  name: string;
  quantity: string;
  unit: string;
  category: string;
}

/**
 * The sheet that edits an item's name, quantity, unit and category; the category field suggests the family's. A
 * blank name is not saved (without a message, as the add field ignores one).
 */
export function ItemEditor({ item, familyId, onSave, onCancel }: {
  item: GroceryItem; familyId: string; onSave: (change: EditedFields) => void; onCancel: () => void;
}) {
  const categoriesId = useId();
  const categories = useCategoryChoices(familyId);
  const { register, handleSubmit, formState: { errors } } = useForm<Values>({
    defaultValues: {
      name: item.name, quantity: item.quantity === null ? '' : formatQuantity(item.quantity),
      unit: item.unit ?? '', category: item.category ?? '',
    },
  });

  const save = (values: Values) => onSave({
    name: values.name.trim(), quantity: parseQuantity(values.quantity) ?? null,
    unit: values.unit.trim() || null, category: values.category.trim() || null,
  });

  return (
    <form className="stack" onSubmit={(e) => void handleSubmit(save)(e)} noValidate>
      <label>
        Name
        <input {...register('name', { validate: (v) => v.trim() !== '' })} maxLength={groceryLimits.itemNameMax} required />
      </label>
      <div className="row">
        <label>
          Qty
          <input {...register('quantity', { validate: (v) => parseQuantity(v) !== undefined || quantityMessages.unreadable })}
            inputMode="decimal" aria-invalid={invalidIf(errors.quantity)} />
        </label>
        <label>
          Unit
          <input {...register('unit')} maxLength={groceryLimits.unitMax} />
        </label>
      </div>
      <FieldError error={errors.quantity} alert />
      <label>
        Category
        <input {...register('category')} maxLength={groceryLimits.categoryMax} list={categoriesId} autoComplete="off" />
      </label>
      <datalist id={categoriesId}>
        {categories.map((c) => <option key={c} value={c} />)}
      </datalist>
      <div className="row">
        <button type="submit">Save</button>
        <button type="button" className="secondary" onClick={onCancel}>Cancel</button>
      </div>
    </form>
  );
}
