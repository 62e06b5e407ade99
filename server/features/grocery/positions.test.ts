import { describe, expect, it } from 'vitest';
import { groceryLimits, groceryMessages as m } from '@hearth/contract/grocery';
import { AppError } from '../../platform/errors.ts';
import { planAdds } from './positions.ts';
import type { NewItem, OpenMatch } from './repository.ts';

/** planAdds lays a batch of adds on a list exactly as the same adds made one call after another would. */

const item = (name: string, quantity: number | null = null): NewItem =>
  ({ listId: 'list', familyId: 'family', name, quantity, position: 0 });
/** No open item with this key on the list. */
const none = (key: string): OpenMatch => ({ key, id: null, quantity: null, place: null, item: null });
const onList = (key: string, id: string, quantity: number | null, place: number): OpenMatch => ({
  key, id, quantity, place, item: {
    id, name: key, quantity, unit: null, category: null, recurrence: 'none', isPurchased: false, listId: 'list',
    familyId: 'family', recurringItemId: null, addedFromRecipeId: null,
  },
});

describe('planAdds', () => {
  it('puts each new item on top of the one before, each answered at place 0', () => {
    const plan = planAdds({ count: 2, top: 5 }, [none('milk'), none('eggs'), none('bread')],
      [item('Milk'), item('Eggs', 12), item('Bread')]);
    expect(plan.fresh.map((f) => [f.name, f.position, f.quantity, f.isPurchased])).toEqual([
      ['Milk', 4, null, false], ['Eggs', 3, 12, false], ['Bread', 2, null, false],
    ]);
    expect(plan.adds).toEqual([
      { item: { fresh: 0 }, quantity: null, place: 0 },
      { item: { fresh: 1 }, quantity: 12, place: 0 },
      { item: { fresh: 2 }, quantity: null, place: 0 },
    ]);
    expect(plan.raised.size).toBe(0);
  });

  it('starts an empty list at position -1', () => {
    expect(planAdds({ count: 0, top: undefined }, [none('milk')], [item('Milk')]).fresh[0]!.position).toBe(-1);
  });

  it('raises an item already on the list, each add answered with the quantity and place right after it', () => {
    const plan = planAdds({ count: 3, top: 0 }, [onList('egg', 'eggs', null, 2), none('milk'), onList('egg', 'eggs', null, 2)],
      [item('eggs', 6), item('Milk'), item('Egg')]);
    expect(plan.adds).toEqual([
      { item: { id: 'eggs' }, quantity: 7, place: 2 },
      { item: { fresh: 0 }, quantity: null, place: 0 },
      // Milk went on top meanwhile, one place above.
      { item: { id: 'eggs' }, quantity: 8, place: 3 },
    ]);
    expect([...plan.raised]).toEqual([['eggs', 8]]);
    expect(plan.fresh.map((f) => f.name)).toEqual(['Milk']);
  });

  it('raises an item an earlier add of the batch made: one row with the sum, the earlier answers as they were', () => {
    const plan = planAdds({ count: 0, top: undefined }, [none('banana'), none('apple'), none('banana'), none('banana')],
      [item('Bananas', 2), item('Apple'), item('banana'), item('Banana', 3)]);
    expect(plan.fresh.map((f) => [f.name, f.quantity])).toEqual([['Bananas', 6], ['Apple', null]]);
    expect(plan.adds).toEqual([
      { item: { fresh: 0 }, quantity: 2, place: 0 },
      { item: { fresh: 1 }, quantity: null, place: 0 },
      { item: { fresh: 0 }, quantity: 3, place: 1 },
      { item: { fresh: 0 }, quantity: 6, place: 1 },
    ]);
  });

  it('refuses alone each new item past the list\'s bound, while raising an item there still works', () => {
    const full = groceryLimits.itemsPerList;
    const plan = planAdds({ count: full - 1, top: 0 }, [none('a'), none('b'), onList('c', 'c', 1, 4), none('a')],
      [item('A'), item('B'), item('C'), item('a')]);
    expect(plan.fresh.map((f) => [f.name, f.quantity])).toEqual([['A', 2]]);
    const [a, b, c, again] = plan.adds;
    expect(a).toEqual({ item: { fresh: 0 }, quantity: null, place: 0 });
    expect(b).toEqual({ refused: expect.any(AppError) });
    expect(b && 'refused' in b ? [b.refused.status, b.refused.message] : b).toEqual([409, m.listFull]);
    expect(c).toEqual({ item: { id: 'c' }, quantity: 2, place: 5 });
    expect(again).toEqual({ item: { fresh: 0 }, quantity: 2, place: 0 });
  });
});
