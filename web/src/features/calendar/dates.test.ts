import { describe, expect, test } from 'vitest';
import { mealSlotKeepingDate, scrollTimeFor } from './dates.ts';

describe('choosing a meal type', () => {
  const today = '2026-11-27';

  test('keeps the chosen date and changes only the time', () => {
    expect(mealSlotKeepingDate('LUNCH', '2026-11-30T18:00:00', today)).toEqual({ start: '2026-11-30T12:00:00', end: '2026-11-30T13:00:00' });
    expect(mealSlotKeepingDate('BREAKFAST', '2026-11-30T12:00:00', today)).toEqual({ start: '2026-11-30T08:00:00', end: '2026-11-30T09:00:00' });
    expect(mealSlotKeepingDate('DINNER', '2026-12-31T08:00:00', today)).toEqual({ start: '2026-12-31T18:00:00', end: '2026-12-31T19:00:00' });
  });

  test('uses today while the start is empty', () => {
    expect(mealSlotKeepingDate('DINNER', '', today)).toEqual({ start: '2026-11-27T18:00:00', end: '2026-11-27T19:00:00' });
  });
});

describe('where the time grid opens', () => {
  const timed = (startTime: string, endTime: string) => ({ startTime, endTime, allDay: false });
  const week = ['2026-03-01', '2026-03-08'] as const;

  test('at 07:00 with no timed event in the days shown', () => {
    expect(scrollTimeFor([], ...week)).toBe('07:00:00');
    expect(scrollTimeFor([{ startTime: '2026-03-02T00:00:00', endTime: '2026-03-03T00:00:00', allDay: true }], ...week)).toBe('07:00:00');
    expect(scrollTimeFor([timed('2026-03-09T05:00:00', '2026-03-09T06:00:00')], ...week)).toBe('07:00:00');
  });

  test('at the full hour of the earliest time of day any event starts, whichever day it is on', () => {
    const events = [
      timed('2026-03-02T10:00:00', '2026-03-02T11:00:00'),
      timed('2026-03-05T05:15:00', '2026-03-05T08:00:00'),
      timed('2026-03-06T09:00:00', '2026-03-06T09:30:00'),
    ];
    expect(scrollTimeFor(events, ...week)).toBe('05:00:00');
    expect(scrollTimeFor([timed('2026-03-07T21:45:00', '2026-03-07T23:00:00')], ...week)).toBe('21:00:00');
  });

  test('at midnight for an event running on from before the first day', () => {
    expect(scrollTimeFor([timed('2026-02-28T22:00:00', '2026-03-01T02:00:00')], ...week)).toBe('00:00:00');
  });
});
