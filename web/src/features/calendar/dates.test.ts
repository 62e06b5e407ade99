import { describe, expect, test } from 'vitest';
import { mealTypeAt } from '@hearth/contract/calendar';
import {
  addDays, addMinutes, difference, endFor, fromCalendarDate, fromInput, loadWindow, mealSlot, mealSlotKeepingDate,
  nextFullHour, nowIn, scrollTimeFor, shift, toInput,
} from './dates.ts';

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

describe('wall-clock arithmetic', () => {
  test('an hour added on a daylight-saving day is an hour of the clock, gap or not', () => {
    // New York's clocks go 02:00 → 03:00 on 8 March 2026 and 02:00 → 01:00 on 1 November 2026.
    expect(addMinutes('2026-03-08T01:30:00', 60)).toBe('2026-03-08T02:30:00');
    expect(addMinutes('2026-11-01T01:30:00', 60)).toBe('2026-11-01T02:30:00');
    expect(difference('2026-03-08T00:00:00', '2026-03-09T00:00:00')).toBe(86_400_000);
    expect(shift('2026-11-01T00:30:00', 3 * 3_600_000)).toBe('2026-11-01T03:30:00');
  });

  test('crosses days, months, years and leap days', () => {
    expect(addMinutes('2026-12-31T23:30:00', 45)).toBe('2027-01-01T00:15:00');
    expect(addMinutes('2026-03-01T00:10:00', -20)).toBe('2026-02-28T23:50:00');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(difference('2026-03-04T10:00:00', '2026-03-04T09:15:00')).toBe(-45 * 60_000);
  });

  test('a date alone counts from its midnight', () => {
    expect(addDays('2026-03-04T18:30:00', 2)).toBe('2026-03-06');
    expect(difference('2026-03-04', '2026-03-04T06:00:00')).toBe(6 * 3_600_000);
  });

  test('a FullCalendar date (in its UTC zone) reads as the same wall clock', () => {
    expect(fromCalendarDate(new Date(Date.UTC(2026, 2, 8, 2, 30)))).toBe('2026-03-08T02:30:00');
  });
});

describe('now in the family\'s timezone', () => {
  test('is the family\'s wall clock, on either side of a daylight-saving change', () => {
    expect(nowIn('America/New_York', new Date('2026-03-08T06:59:59Z'))).toBe('2026-03-08T01:59:59');
    expect(nowIn('America/New_York', new Date('2026-03-08T07:00:00Z'))).toBe('2026-03-08T03:00:00');
    expect(nowIn('Europe/Berlin', new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01T00:30:00');
    expect(nowIn('Pacific/Auckland', new Date('2026-06-15T12:00:00Z'))).toBe('2026-06-16T00:00:00');
  });

  test('midnight is 00, not 24', () => {
    expect(nowIn('UTC', new Date('2026-03-04T00:00:00Z'))).toBe('2026-03-04T00:00:00');
  });

  test('a zone the device does not know falls back to the device\'s', () => {
    const now = new Date('2026-03-04T12:00:00Z');
    expect(nowIn('Not/AZone', now)).toBe(nowIn(undefined, now));
  });
});

describe('form defaults', () => {
  test('a new event starts at the next full hour, also across midnight', () => {
    expect(nextFullHour('2026-03-04T10:00:00')).toBe('2026-03-04T11:00:00');
    expect(nextFullHour('2026-03-04T10:59:59')).toBe('2026-03-04T11:00:00');
    expect(nextFullHour('2026-12-31T23:15:00')).toBe('2027-01-01T00:00:00');
  });

  test('an event ends an hour after its start; an all-day one on its first day', () => {
    expect(endFor('2026-03-04T23:30:00', false)).toBe('2026-03-05T00:30:00');
    expect(endFor('2026-03-04T23:30:00', true)).toBe('2026-03-04T00:00:00');
  });

  test('inputs show minutes or the date, and read back as full wall-clock text', () => {
    expect(toInput('2026-03-04T09:05:00', false)).toBe('2026-03-04T09:05');
    expect(toInput('2026-03-04T09:05:00', true)).toBe('2026-03-04');
    expect(fromInput('2026-03-04T09:05')).toBe('2026-03-04T09:05:00');
    expect(fromInput('2026-03-04')).toBe('2026-03-04T00:00:00');
    expect(fromInput('2026-03-04T09:05:30')).toBe('2026-03-04T09:05:30');
    expect(fromInput('')).toBe('');
  });

  test('meal slots are an hour at 08:00, 12:00 and 18:00', () => {
    expect(mealSlot('BREAKFAST', '2026-03-08')).toEqual({ start: '2026-03-08T08:00:00', end: '2026-03-08T09:00:00' });
    expect(mealSlot('DINNER', '2026-12-31')).toEqual({ start: '2026-12-31T18:00:00', end: '2026-12-31T19:00:00' });
  });

  test('an edited meal shows the type nearest its start', () => {
    expect(mealTypeAt('2026-03-04T00:00:00')).toBe('BREAKFAST');
    expect(mealTypeAt('2026-03-04T09:59:00')).toBe('BREAKFAST');
    expect(mealTypeAt('2026-03-04T10:00:00')).toBe('LUNCH');
    expect(mealTypeAt('2026-03-04T14:59:00')).toBe('LUNCH');
    expect(mealTypeAt('2026-03-04T15:00:00')).toBe('DINNER');
  });
});

describe('the load window', () => {
  test('runs from the first day of the month before to the last day of the month after', () => {
    expect(loadWindow('2026-03-15')).toEqual({ startDate: '2026-02-01', endDate: '2026-04-30' });
  });

  test('crosses year ends and knows leap years', () => {
    expect(loadWindow('2026-01-31')).toEqual({ startDate: '2025-12-01', endDate: '2026-02-28' });
    expect(loadWindow('2026-12-01T09:00:00')).toEqual({ startDate: '2026-11-01', endDate: '2027-01-31' });
    expect(loadWindow('2028-01-10')).toEqual({ startDate: '2027-12-01', endDate: '2028-02-29' });
  });
});
