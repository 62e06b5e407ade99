import { describe, expect, it } from 'vitest';
import { fireTime, nextReminder, reminderLine } from './reminder-times.ts';

const at = (iso: string) => new Date(iso);

describe('when a reminder is due', () => {
  it.each([
    // [zone, start, allDay, minutes, due]
    ['America/New_York', '2026-01-15T09:30:00', false, 0, '2026-01-15T14:30:00Z'],
    ['America/New_York', '2026-01-15T09:30:00', false, 10, '2026-01-15T14:20:00Z'],
    ['America/New_York', '2026-01-15T09:30:00', false, 30, '2026-01-15T14:00:00Z'],
    ['America/New_York', '2026-01-15T09:30:00', false, 60, '2026-01-15T13:30:00Z'],
    ['America/New_York', '2026-01-15T09:30:00', false, 1440, '2026-01-14T14:30:00Z'],
    // All-day: 08:00 family time on the day, or the day before.
    ['America/New_York', '2026-01-15T00:00:00', true, 0, '2026-01-15T13:00:00Z'],
    ['America/New_York', '2026-01-15T00:00:00', true, 60, '2026-01-15T13:00:00Z'],
    ['America/New_York', '2026-01-15T00:00:00', true, 1440, '2026-01-14T13:00:00Z'],
    ['Europe/Paris', '2026-07-01T00:00:00', true, 0, '2026-07-01T06:00:00Z'],
    // New York springs forward on 8 March 2026: 09:00 is EDT, the day before's 09:00 EST (23 hours before).
    ['America/New_York', '2026-03-08T09:00:00', false, 0, '2026-03-08T13:00:00Z'],
    ['America/New_York', '2026-03-08T09:00:00', false, 1440, '2026-03-07T14:00:00Z'],
    // An hour before 03:30 EDT is 01:30 EST: the hour that does not exist is not counted twice.
    ['America/New_York', '2026-03-08T03:30:00', false, 60, '2026-03-08T06:30:00Z'],
    // It falls back on 1 November 2026: the day before's 09:00 is EDT (25 hours before).
    ['America/New_York', '2026-11-01T09:00:00', false, 1440, '2026-10-31T13:00:00Z'],
    ['America/New_York', '2026-11-01T00:00:00', true, 1440, '2026-10-31T12:00:00Z'],
    // Sydney leaves daylight saving on 5 April 2026 (AEDT +11 → AEST +10).
    ['Australia/Sydney', '2026-04-05T09:00:00', false, 10, '2026-04-04T22:50:00Z'],
    ['Australia/Sydney', '2026-04-05T09:00:00', false, 1440, '2026-04-03T22:00:00Z'],
    ['Australia/Sydney', '2026-04-05T00:00:00', true, 0, '2026-04-04T22:00:00Z'],
    ['Australia/Sydney', '2026-04-05T00:00:00', true, 1440, '2026-04-03T21:00:00Z'],
  ] as const)('%s %s all-day=%s %i min → %s', (zone, start, allDay, minutes, due) => {
    expect(fireTime(start, allDay, minutes, zone).toISOString()).toBe(at(due).toISOString());
  });
});

describe('the next reminder of an event', () => {
  const weekly = {
    startTime: '2026-03-01T09:00:00', endTime: '2026-03-01T10:00:00', allDay: false, recurringPattern: 'WEEKLY',
    recurringEndDate: null, reminderMinutes: 10,
  };

  it('is each occurrence of a series in turn, at 08:50 local on both sides of the change, skipping skipped dates', () => {
    const zone = 'America/New_York';
    expect(nextReminder(weekly, [], zone, at('2026-03-01T00:00:00Z'))).toEqual(
      { fireAt: at('2026-03-01T13:50:00Z'), occurrenceStart: '2026-03-01T09:00:00' });
    expect(nextReminder(weekly, [], zone, at('2026-03-01T13:50:00.001Z'))).toEqual(
      { fireAt: at('2026-03-08T12:50:00Z'), occurrenceStart: '2026-03-08T09:00:00' });
    expect(nextReminder(weekly, ['2026-03-08'], zone, at('2026-03-01T13:50:00.001Z'))).toEqual(
      { fireAt: at('2026-03-15T12:50:00Z'), occurrenceStart: '2026-03-15T09:00:00' });
  });

  it('finds a yearly series\' next occurrence far ahead, and none past the series\' end or a plain event\'s reminder', () => {
    const yearly = { ...weekly, recurringPattern: 'YEARLY', reminderMinutes: 1440 };
    expect(nextReminder(yearly, ['2027-03-01'], 'Europe/London', at('2026-03-02T00:00:00Z'))?.occurrenceStart)
      .toBe('2028-03-01T09:00:00');
    expect(nextReminder({ ...weekly, recurringEndDate: '2026-03-08' }, [], 'UTC', at('2026-03-09T00:00:00Z'))).toBeNull();
    const plain = { ...weekly, recurringPattern: null };
    expect(nextReminder(plain, [], 'UTC', at('2026-03-01T08:50:00Z'))?.occurrenceStart).toBe('2026-03-01T09:00:00');
    expect(nextReminder(plain, [], 'UTC', at('2026-03-01T08:50:01Z'))).toBeNull();
  });
});

describe('what a reminder says', () => {
  const facts = { title: 'Dentist', occurrenceStart: '2026-03-02T14:30:00', allDay: false, isMeal: false, reminderMinutes: 10, listName: null };
  const zone = 'America/New_York';
  it.each([
    [facts, '2026-03-02T19:20:00Z', 'Dentist today at 14:30'],
    [{ ...facts, reminderMinutes: 0 }, '2026-03-02T19:30:00Z', 'Dentist starts now (14:30)'],
    [{ ...facts, reminderMinutes: 1440 }, '2026-03-01T19:30:00Z', 'Dentist tomorrow at 14:30'],
    [{ ...facts, title: 'Sports day', allDay: true, occurrenceStart: '2026-03-02T00:00:00' }, '2026-03-02T13:00:00Z', 'Today: Sports day'],
    [{ ...facts, title: 'Sports day', allDay: true, occurrenceStart: '2026-03-02T00:00:00' }, '2026-03-01T13:00:00Z', 'Tomorrow: Sports day'],
    [{ ...facts, title: 'Chicken tacos', isMeal: true, occurrenceStart: '2026-03-02T18:00:00', listName: 'Costco' },
      '2026-03-02T22:00:00Z', 'Dinner tonight: Chicken tacos — ingredients on Costco'],
    [{ ...facts, title: 'Pancakes', isMeal: true, occurrenceStart: '2026-03-02T08:00:00' }, '2026-03-01T13:00:00Z', 'Breakfast tomorrow: Pancakes'],
    [{ ...facts, title: 'Soup', isMeal: true, occurrenceStart: '2026-03-02T12:00:00' }, '2026-03-02T16:30:00Z', 'Lunch today: Soup'],
  ])('%#: %j', (f, due, line) => {
    expect(reminderLine(f, at(due), zone)).toBe(line);
  });
});
