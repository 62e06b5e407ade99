import { describe, expect, it } from 'vitest';
import type { GroceryItem } from '@hearth/contract/grocery';
import { applyEdit, categoryChoices, mergeTarget, restoredOrder } from './merges.ts';

const item = (id: string, name: string, extra: Partial<GroceryItem> = {}): GroceryItem => ({
  id, name, quantity: 1, unit: null, category: null, recurrence: 'none', position: 0, isPurchased: false,
  listId: 'l', familyId: 'f', recurringItemId: null, addedFromRecipeId: null, ...extra,
});
const fields = (i: GroceryItem) => ({ name: i.name, quantity: i.quantity, unit: i.unit, category: i.category });

describe('an edit into an item already on the list', () => {
  const milk = item('m', 'Milk', { quantity: 1.25, unit: 'l', position: 0 });
  const typo = item('t', 'Mlik', { quantity: 0.3333, unit: 'l', position: 1 });
  const jam = item('j', 'Jam', { position: 2 });
  const items = [milk, typo, jam];

  it('finds the item it merges into by singular name and unit, any case, only when they change', () => {
    expect(mergeTarget(items, typo, { ...fields(typo), name: 'MILKS', unit: 'L' })?.id).toBe('m');
    expect(mergeTarget(items, typo, { ...fields(typo), name: 'Milk', unit: 'ml' })).toBeUndefined();
    expect(mergeTarget(items, milk, { ...fields(milk), name: 'milk' })).toBeUndefined();
    expect(mergeTarget(items, { ...typo, isPurchased: true }, { ...fields(typo), name: 'Milk' })).toBeUndefined();
    expect(mergeTarget([{ ...milk, isPurchased: true }, typo], typo, { ...fields(typo), name: 'Milk' })).toBeUndefined();
  });

  it('shows the merge as the server makes it: quantities summed and rounded, the edited item gone', () => {
    const after = applyEdit(items, typo, { ...fields(typo), name: 'milk' });
    expect(after.map((i) => [i.id, i.quantity, i.position])).toEqual([['m', 1.583, 0], ['j', 1, 1]]);
    const noQuantity = applyEdit([milk, { ...typo, quantity: null }], typo, { ...fields(typo), name: 'milk', quantity: null });
    expect(noQuantity.map((i) => i.quantity)).toEqual([2.25]);
    expect(applyEdit(items, jam, { ...fields(jam), name: 'Jelly' }).map((i) => i.name)).toEqual(['Milk', 'Mlik', 'Jelly']);
  });

  it('puts the list back in its order on undo, the re-added copy in the merged item\'s place', () => {
    expect(restoredOrder(items, typo, 'pending-1').map((i) => [i.id, i.name])).toEqual([['m', 'Milk'], ['pending-1', 'Mlik'], ['j', 'Jam']]);
  });
});

describe('the category field', () => {
  it('offers the family\'s categories as first written, then the built-in aisles not yet used, case ignored', () => {
    expect(categoryChoices(['Deli', 'produce'], ['Produce', 'Dairy & eggs'])).toEqual(['Deli', 'produce', 'Dairy & eggs']);
  });
});
