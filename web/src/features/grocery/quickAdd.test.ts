import { beforeAll, describe, expect, test } from 'vitest';
import { loadQuickAdd, quickAddReady, readQuickAdd } from './quickAdd.ts';

describe('before the reader has loaded', () => {
  test('the whole text, trimmed, is the name', () => {
    expect(quickAddReady()).toBe(false);
    expect(readQuickAdd('  2 lbs chicken thighs ')).toEqual({ name: '2 lbs chicken thighs', quantity: null, unit: null });
  });
});

describe('once the reader has loaded', () => {
  beforeAll(() => loadQuickAdd());

  test('it is ready, and loading again is the same load', async () => {
    expect(quickAddReady()).toBe(true);
    await expect(loadQuickAdd()).resolves.toBeUndefined();
  });

  test('reads quantity, unit and name', () => {
    expect(readQuickAdd('2 lbs chicken thighs')).toEqual({ name: 'chicken thighs', quantity: 2, unit: 'lbs' });
    expect(readQuickAdd('3 eggs')).toEqual({ name: 'eggs', quantity: 3, unit: null });
  });

  test('reads fractions, mixed numbers and fraction glyphs', () => {
    expect(readQuickAdd('1 1/2 lbs beef')).toEqual({ name: 'beef', quantity: 1.5, unit: 'lbs' });
    expect(readQuickAdd('½ cup cream')).toEqual({ name: 'cream', quantity: 0.5, unit: 'cup' });
  });

  test('reads a decimal comma as a decimal point', () => {
    expect(readQuickAdd('1,5 kg flour')).toEqual({ name: 'flour', quantity: 1.5, unit: 'kg' });
    expect(readQuickAdd('0,25 l milk')).toEqual({ name: 'milk', quantity: 0.25, unit: 'l' });
  });

  test('a name alone has no quantity or unit', () => {
    expect(readQuickAdd('milk')).toEqual({ name: 'milk', quantity: null, unit: null });
    expect(readQuickAdd('  a pinch of salt  ')).toEqual({ name: 'a pinch of salt', quantity: null, unit: null });
  });

  test('a number with no name keeps the text as the name', () => {
    expect(readQuickAdd('2')).toEqual({ name: '2', quantity: null, unit: null });
  });

  test('empty or blank text is an empty name', () => {
    expect(readQuickAdd('')).toEqual({ name: '', quantity: null, unit: null });
    expect(readQuickAdd('   ')).toEqual({ name: '', quantity: null, unit: null });
  });
});
