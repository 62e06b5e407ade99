import { describe, expect, it } from 'vitest';
import { lineKey, mergeIngredients, type PlannedIngredient } from './shopping-lines.ts';

type Part = [quantity: number | null, unit: string | null, name?: string, factor?: number];
const meals = ['Tacos', 'Chili', 'Soup', 'Stew'];
const parts = (list: Part[]): PlannedIngredient[] => list.map(([quantity, unit, name = 'Flour', factor = 1], i) =>
  ({ name, quantity, unit, factor, meal: { title: meals[i % meals.length]!, date: `2026-03-0${2 + i}` } }));
const merged = (list: Part[]) => mergeIngredients(parts(list)).map((l) => [l.quantity, l.unit]);

describe('merging a week\'s ingredients', () => {
  const table: [string, Part[], [number | null, string | null][]][] = [
    ['1 cup + 2 tbsp', [[1, 'cup'], [2, 'tbsp']], [[1.125, 'cup']]],
    ['2 tbsp + 1 cup (the larger unit wins)', [[2, 'tbsp'], [1, 'cup']], [[1.125, 'cup']]],
    ['500 g + 1 kg', [[500, 'g'], [1, 'kg']], [[1.5, 'kg']]],
    ['2 + 1 dozen', [[2, null], [1, 'dozen']], [[14, null]]],
    ['1 dozen + 1 dozen', [[1, 'dozen'], [1, 'dozen']], [[2, 'dozen']]],
    ['1 cup + 200 g are incompatible', [[1, 'cup'], [200, 'g']], [[1, 'cup'], [200, 'g']]],
    ['3 tsp + 1 tbsp', [[3, 'tsp'], [1, 'tbsp']], [[2, 'tbsp']]],
    ['1 l + 250 ml', [[1, 'l'], [250, 'ml']], [[1.25, 'l']]],
    ['8 oz + 1 lb', [[8, 'oz'], [1, 'lb']], [[1.5, 'lb']]],
    ['1 lb + 500 g (across systems)', [[1, 'lb'], [500, 'g']], [[2.102, 'lb']]],
    ['1 cup + 1 cups (plural spelling)', [[1, 'cup'], [1, 'cups']], [[2, 'cup']]],
    ['1 Cup + 1 cup (any case)', [[1, 'Cup'], [1, 'cup']], [[2, 'Cup']]],
    ['2 cans + 1 can (a unit the library does not know, singular)', [[2, 'cans'], [1, 'can']], [[3, 'cans']]],
    ['2 cloves + 1 can stay apart', [[2, 'cloves'], [1, 'can']], [[2, 'cloves'], [1, 'can']]],
    ['1 t is not a tonne: kept apart from grams', [[1, 't'], [100, 'g']], [[1, 't'], [100, 'g']]],
    ['no quantity + no quantity', [[null, null], [null, null]], [[null, null]]],
    ['2 + no quantity', [[2, null], [null, null]], [[2, null]]],
    ['3 eggs + 2 eggs', [[3, null], [2, null]], [[5, null]]],
    ['scaled: 1 cup × 2 + 2 tbsp × 0.5', [[1, 'cup', 'Flour', 2], [2, 'tbsp', 'Flour', 0.5]], [[2.063, 'cup']]],
    ['thirds round to 3 decimals', [[1, 'cup', 'Flour', 1 / 3]], [[0.333, 'cup']]],
    ['1 kg + 1 cup + 100 g', [[1, 'kg'], [1, 'cup'], [100, 'g']], [[1.1, 'kg'], [1, 'cup']]],
    ['1 tbsp + 15 ml', [[1, 'tbsp'], [15, 'ml']], [[2.014, 'tbsp']]],
    ['1 fl oz + 2 tbsp', [[1, 'fl oz'], [2, 'tbsp']], [[2, 'fl oz']]],
    ['1 pinch + 1 pinch', [[1, 'pinch'], [1, 'pinch']], [[2, 'pinch']]],
  ];
  it.each(table)('%s', (_, list, expected) => {
    expect(merged(list)).toEqual(expected);
  });

  it('merges names by their singular in any case, keeping the first spelling, and apart from other names', () => {
    const lines = mergeIngredients(parts([[2, null, 'Tomatoes'], [1, null, 'tomato'], [1, null, 'Onion']]));
    expect(lines.map((l) => [l.name, l.quantity])).toEqual([['Tomatoes', 3], ['Onion', 1]]);
  });

  it('names each meal needing a line once, in date order', () => {
    const list: PlannedIngredient[] = [
      { name: 'Beans', quantity: 1, unit: 'can', factor: 1, meal: { title: 'Chili', date: '2026-03-05' } },
      { name: 'Beans', quantity: 1, unit: 'can', factor: 1, meal: { title: 'Tacos', date: '2026-03-03' } },
      { name: 'beans', quantity: 1, unit: 'cans', factor: 1, meal: { title: 'Tacos', date: '2026-03-03' } },
    ];
    expect(mergeIngredients(list)[0]!.meals).toEqual([{ title: 'Tacos', date: '2026-03-03' }, { title: 'Chili', date: '2026-03-05' }]);
  });

  it('gives the same key to the same ingredient in the same kind of measure', () => {
    expect(lineKey('Flour', 'cup')).toBe(lineKey('flours', 'ml'));
    expect(lineKey('Flour', 'cup')).not.toBe(lineKey('Flour', 'g'));
    expect(lineKey('Eggs', null)).toBe(lineKey('egg', 'dozen'));
  });
});
