import { describe, expect, it } from 'vitest';
import { firstOccurrence, localInstant, nextDueAt, nextOccurrence, occurrencesBetween, type DateRule } from './recurrence.ts';

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

const rule = (frequency: DateRule['frequency'], extra: Partial<DateRule> = {}): DateRule =>
  ({ frequency, interval: 1, weekdays: [], monthlyBy: null, ...extra });

describe('date rules (to-dos)', () => {
  it('repeats daily and every N days from the anchor', () => {
    expect(occurrencesBetween(rule('DAILY'), '2026-02-27', '2026-02-26', '2026-03-02'))
      .toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(occurrencesBetween(rule('DAILY', { interval: 3 }), '2026-03-07', '2026-03-08', '2026-03-20'))
      .toEqual(['2026-03-10', '2026-03-13', '2026-03-16', '2026-03-19']);
  });

  it('repeats on weekdays, Monday to Friday', () => {
    expect(occurrencesBetween(rule('WEEKDAYS'), '2026-03-06', '2026-03-06', '2026-03-10'))
      .toEqual(['2026-03-06', '2026-03-09', '2026-03-10']);
    expect(firstOccurrence(rule('WEEKDAYS'), '2026-03-07')).toBe('2026-03-09');
  });

  it('repeats weekly on chosen days, and every N weeks counted from the anchor\'s week', () => {
    expect(occurrencesBetween(rule('WEEKLY', { weekdays: [0, 3] }), '2026-03-04', '2026-03-01', '2026-03-15'))
      .toEqual(['2026-03-04', '2026-03-08', '2026-03-11', '2026-03-15']);
    expect(occurrencesBetween(rule('WEEKLY', { interval: 2, weekdays: [1, 4] }), '2026-03-02', '2026-03-01', '2026-04-01'))
      .toEqual(['2026-03-02', '2026-03-05', '2026-03-16', '2026-03-19', '2026-03-30']);
    // Without days, the anchor's.
    expect(nextOccurrence(rule('WEEKLY', { interval: 3 }), '2026-03-04', '2026-03-04')).toBe('2026-03-25');
    // A first date off the rule's days starts on the next one of them, whatever the interval.
    expect(firstOccurrence(rule('WEEKLY', { interval: 2, weekdays: [1] }), '2026-03-07')).toBe('2026-03-09');
  });

  it('repeats monthly on the day, on the last day of shorter months, without drifting after them', () => {
    expect(occurrencesBetween(rule('MONTHLY'), '2026-01-31', '2026-01-01', '2026-05-01'))
      .toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
    expect(occurrencesBetween(rule('MONTHLY', { interval: 5 }), '2025-10-31', '2025-11-01', '2027-01-01'))
      .toEqual(['2026-03-31', '2026-08-31']);
    expect(nextOccurrence(rule('MONTHLY'), '2026-01-31', '2026-12-31')).toBe('2027-01-31');
  });

  it('repeats monthly on "the second Tuesday", and a fifth weekday as the month\'s last', () => {
    const second = rule('MONTHLY', { monthlyBy: 'WEEKDAY_OF_MONTH' });
    expect(occurrencesBetween(second, '2026-03-10', '2026-03-01', '2026-07-01'))
      .toEqual(['2026-03-10', '2026-04-14', '2026-05-12', '2026-06-09']);
    expect(occurrencesBetween(second, '2026-03-31', '2026-03-01', '2026-07-01'))
      .toEqual(['2026-03-31', '2026-04-28', '2026-05-26', '2026-06-30']);
  });

  it('repeats yearly, 29 February on the 28th in other years', () => {
    expect(occurrencesBetween(rule('YEARLY'), '2024-02-29', '2024-01-01', '2029-01-01'))
      .toEqual(['2024-02-29', '2025-02-28', '2026-02-28', '2027-02-28', '2028-02-29']);
    expect(nextOccurrence(rule('YEARLY', { interval: 99 }), '2026-01-31', '2026-01-31')).toBe('2125-01-31');
  });

  it('steps over daylight-saving changes one date at a time', () => {
    // America/New_York springs forward on 2026-03-08 and falls back on 2026-11-01; Europe/London on 03-29 and 10-25.
    expect(occurrencesBetween(rule('DAILY'), '2026-03-07', '2026-03-07', '2026-03-09')).toEqual(['2026-03-07', '2026-03-08', '2026-03-09']);
    expect(occurrencesBetween(rule('DAILY'), '2026-10-31', '2026-10-31', '2026-11-02')).toEqual(['2026-10-31', '2026-11-01', '2026-11-02']);
    expect(nextOccurrence(rule('WEEKLY'), '2026-10-24', '2026-10-24')).toBe('2026-10-31');
  });

  it('reads a local time across daylight-saving changes as the clocks say it', () => {
    expect(localInstant('2026-03-07', '07:00', 'America/New_York').toISOString()).toBe('2026-03-07T12:00:00.000Z');
    expect(localInstant('2026-03-08', '07:00', 'America/New_York').toISOString()).toBe('2026-03-08T11:00:00.000Z');
    // 02:30 does not exist that night: the clocks say 03:30.
    expect(localInstant('2026-03-08', '02:30', 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(localInstant('2026-11-01', '07:00', 'America/New_York').toISOString()).toBe('2026-11-01T12:00:00.000Z');
    expect(localInstant('2026-03-29', '09:00', 'Europe/London').toISOString()).toBe('2026-03-29T08:00:00.000Z');
  });
});
