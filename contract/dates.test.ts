import { describe, expect, it } from 'vitest';
import { isCalendarDate } from './dates.ts';

describe('isCalendarDate', () => {
  it('takes dates that exist, from year 0001 to 9999', () => {
    for (const d of ['2024-02-29', '0001-01-01', '9999-12-31', '2026-11-22']) expect([d, isCalendarDate(d)]).toEqual([d, true]);
  });
  it('refuses year 0000, days that do not exist and other shapes', () => {
    for (const d of ['0000-02-29', '2023-02-29', '2026-13-01', '2026-04-31', '26-1-1', '2026-01-01T00:00', '']) {
      expect([d, isCalendarDate(d)]).toEqual([d, false]);
    }
  });
});
