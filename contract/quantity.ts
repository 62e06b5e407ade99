import { z } from 'zod';

/**
 * Quantities of items, recurring items and ingredients are decimal: "1/2" cup is 0.5, not 12. Whole numbers
 * (the spec's original form) are stored and answered unchanged.
 */
export const quantityLimits = { max: 100_000, decimals: 3 } as const;

export const quantityMessages = {
  invalid: `Quantity must be a number from 0 to ${quantityLimits.max}`,
  unreadable: 'Quantity must be a number such as 2, 1.5, 1/2 or 1 1/2',
} as const;

const fractions: Record<string, number> = {
  '½': 1 / 2, '⅓': 1 / 3, '⅔': 2 / 3, '¼': 1 / 4, '¾': 3 / 4, '⅕': 1 / 5, '⅖': 2 / 5, '⅗': 3 / 5, '⅘': 4 / 5,
  '⅙': 1 / 6, '⅚': 5 / 6, '⅛': 1 / 8, '⅜': 3 / 8, '⅝': 5 / 8, '⅞': 7 / 8,
};
/**
 * The fractions shown as glyphs, in the order they are tried, each with how near a decimal must be: thirds are
 * written 0.33 and 0.67 (by people and AI services), so they are matched more loosely than the exact eighths.
 */
const shown: [string, number, number][] = ['½', '¼', '¾', '⅓', '⅔', '⅛', '⅜', '⅝', '⅞']
  .map((g) => [g, fractions[g]!, g === '⅓' || g === '⅔' ? 0.0051 : 0.002]);

/** Kept to the wire's 3 decimals. */
export const roundQuantity = (n: number) => Math.round(n * 10 ** quantityLimits.decimals) / 10 ** quantityLimits.decimals;

/**
 * Reads a quantity as a person types it: "2", "1.5", "1,5", "1/2", "1 1/2", "½", "1½". Empty text is null (no
 * quantity); text that is not a quantity is undefined, so the form can say so instead of guessing.
 */
export function parseQuantity(text: string): number | null | undefined {
  const t = text.trim();
  if (t === '') return null;
  const glyph = /^(\d+)?\s*([½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞])$/u.exec(t);
  if (glyph) return roundQuantity(Number(glyph[1] ?? 0) + fractions[glyph[2]!]!);
  const mixed = /^(?:(\d+)\s+)?(\d+)\s*\/\s*(\d+)$/.exec(t);
  if (mixed) {
    const denominator = Number(mixed[3]);
    if (denominator === 0) return undefined;
    return roundQuantity(Number(mixed[1] ?? 0) + Number(mixed[2]) / denominator);
  }
  if (/^\d+(?:[.,]\d+)?$|^[.,]\d+$/.test(t)) return roundQuantity(Number(t.replace(',', '.')));
  return undefined;
}

/** Shows a quantity as a person writes it: 0.5 → "½", 1.5 → "1½", 0.25 → "¼", 0.33 → "⅓", 2 → "2", 0.2 → "0.2". */
export function formatQuantity(quantity: number): string {
  const whole = Math.floor(quantity);
  const rest = quantity - whole;
  if (rest < 0.001) return String(whole);
  const glyph = shown.find(([, value, near]) => Math.abs(value - rest) < near);
  if (glyph) return `${whole > 0 ? whole : ''}${glyph[0]}`;
  return String(roundQuantity(quantity));
}

/** The wire form: a finite number from 0 to the maximum, kept to 3 decimals, or null. */
export const Quantity = (message: string = quantityMessages.invalid) => z.number({ error: message })
  .min(0, message).max(quantityLimits.max, message).transform(roundQuantity);
