import { describe, expect, it } from 'vitest';
import { nextDueAt } from './recurrence.ts';

const at = (iso: string) => new Date(iso);
const iso = (d: Date) => d.toISOString();

describe('nextDueAt', () => {
  it('adds calendar months from the anchor, so the 31st does not drift after a short month', () => {
    const anchor = at('2026-01-31T15:00:00Z'); // 10:00 EST
    expect(iso(nextDueAt(anchor, 'MONTHLY', 'America/New_York', anchor))).toBe('2026-02-28T15:00:00.000Z');
    expect(iso(nextDueAt(anchor, 'MONTHLY', 'America/New_York', at('2026-02-28T15:00:00Z'))))
      .toBe('2026-03-31T14:00:00.000Z'); // 10:00 EDT
  });

  it('is strictly after the given time, at least one period after the anchor', () => {
    const anchor = at('2026-05-05T12:00:00Z');
    expect(iso(nextDueAt(anchor, 'WEEKLY', 'UTC', at('2026-04-01T00:00:00Z')))).toBe('2026-05-12T12:00:00.000Z');
    expect(iso(nextDueAt(anchor, 'WEEKLY', 'UTC', at('2026-05-12T12:00:00Z')))).toBe('2026-05-19T12:00:00.000Z');
    expect(iso(nextDueAt(anchor, 'BI_WEEKLY', 'UTC', at('2027-05-05T12:00:00Z')))).toBe('2027-05-18T12:00:00.000Z');
  });

  it('keeps the local time across spring-forward and fall-back in America/New_York', () => {
    const spring = at('2026-03-05T14:30:00Z'); // Thursday 09:30 EST
    expect(iso(nextDueAt(spring, 'WEEKLY', 'America/New_York', spring))).toBe('2026-03-12T13:30:00.000Z');
    const fall = at('2026-10-29T13:30:00Z'); // Thursday 09:30 EDT
    expect(iso(nextDueAt(fall, 'WEEKLY', 'America/New_York', fall))).toBe('2026-11-05T14:30:00.000Z');
  });

  it('falls back to America/New_York for an unknown zone', () => {
    const anchor = at('2026-03-02T14:00:00Z');
    expect(iso(nextDueAt(anchor, 'WEEKLY', 'Not/AZone', anchor))).toBe('2026-03-09T13:00:00.000Z');
  });
});
