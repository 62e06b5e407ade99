import { describe, expect, it } from 'vitest';
import { formatQuantity, parseQuantity, Quantity, quantityLimits } from './quantity.ts';

describe('parseQuantity', () => {
  it('reads what people type: whole, decimal with a point or a comma, fractions, mixed numbers and glyphs', () => {
    const read: [string, number][] = [
      ['2', 2], ['1.5', 1.5], ['1,5', 1.5], ['.5', 0.5], ['1/2', 0.5], ['1 1/2', 1.5], [' 3 / 4 ', 0.75],
      ['½', 0.5], ['1½', 1.5], ['2 ¼', 2.25], ['1/3', 0.333], ['0', 0],
    ];
    for (const [text, value] of read) expect([text, parseQuantity(text)]).toEqual([text, value]);
  });

  it('answers null for empty text and undefined for text that is not a quantity, never a guess', () => {
    expect(parseQuantity('   ')).toBeNull();
    for (const text of ['two', '1/0', '12abc', '-1', '1.2.3', '1 2', '1e3']) {
      expect([text, parseQuantity(text)]).toEqual([text, undefined]);
    }
  });
});

describe('formatQuantity', () => {
  it('shows halves, quarters and thirds as fractions and everything else as a short number', () => {
    const shown: [number, string][] = [
      [2, '2'], [0.5, '½'], [1.5, '1½'], [0.25, '¼'], [2.75, '2¾'], [0.333, '⅓'], [0.33, '⅓'], [0.67, '⅔'], [0.2, '0.2'], [0.13, '0.13'], [12, '12'],
    ];
    for (const [value, text] of shown) expect([value, formatQuantity(value)]).toEqual([value, text]);
  });
});

describe('Quantity on the wire', () => {
  it('keeps whole numbers as they are, rounds to 3 decimals and refuses negatives and numbers past the maximum', () => {
    const schema = Quantity();
    expect(schema.parse(3)).toBe(3);
    expect(schema.parse(1 / 3)).toBe(0.333);
    for (const bad of [-0.5, quantityLimits.max + 1, Number.NaN, '2']) expect(schema.safeParse(bad).success).toBe(false);
  });
});
