import { expect, test } from 'vitest';
import { allDayText, eventTimeText, formatTime, formatTimeRange } from './time.ts';

// ICU may put a narrow no-break space before AM/PM; the tests compare words, not the kind of space.
const plain = (text: string) => text.replace(/\s/g, ' ');

test('en-US writes a 12-hour time with AM/PM', () => {
  expect(plain(formatTime('2026-03-04T16:30:00', 'en-US'))).toBe('4:30 PM');
  expect(plain(formatTime('2026-03-04T09:05:00', 'en-US'))).toBe('9:05 AM');
  expect(plain(formatTime('2026-03-04T00:00:00', 'en-US'))).toBe('12:00 AM');
});

test('en-GB writes a 24-hour time with two-digit hours', () => {
  expect(formatTime('2026-03-04T16:30:00', 'en-GB')).toBe('16:30');
  expect(formatTime('2026-03-04T09:05:00', 'en-GB')).toBe('09:05');
  expect(formatTime('2026-03-04T00:00:00', 'en-GB')).toBe('00:00');
});

test('the wall-clock text is shown as written, whatever the machine\'s zone', () => {
  // A daylight-saving change in New York (8 March 2026, 02:00 → 03:00) does not touch the text.
  expect(formatTime('2026-03-08T02:30:00', 'en-GB')).toBe('02:30');
  expect(formatTime('2026-03-08T02:30', 'en-GB')).toBe('02:30');
});

test('a range joins its two times', () => {
  expect(plain(formatTimeRange('2026-03-04T16:30:00', '2026-03-04T17:45:00', 'en-US'))).toBe('4:30 PM - 5:45 PM');
  expect(formatTimeRange('2026-03-04T16:30:00', '2026-03-04T17:45:00', 'en-GB')).toBe('16:30 - 17:45');
});

test('an event reads as its range, or All day', () => {
  expect(eventTimeText({ startTime: '2026-03-04T09:00:00', endTime: '2026-03-04T10:30:00', allDay: false }, 'en-GB')).toBe('09:00 - 10:30');
  expect(eventTimeText({ startTime: '2026-03-04T00:00:00', endTime: '2026-03-05T00:00:00', allDay: true }, 'en-GB')).toBe('All day');
});

test('without a locale the default one (the browser\'s) is used', () => {
  const expected = new Intl.DateTimeFormat(undefined, { timeStyle: 'short', timeZone: 'UTC' }).format(Date.UTC(2026, 2, 4, 16, 30));
  expect(formatTime('2026-03-04T16:30:00')).toBe(expected);
});

test('a time that happens twice when the clocks go back is shown once, as written', () => {
  // New York, 1 November 2026: 01:00-02:00 happens twice.
  expect(formatTime('2026-11-01T01:30:00', 'en-GB')).toBe('01:30');
  expect(formatTimeRange('2026-11-01T01:30:00', '2026-11-01T02:30:00', 'en-GB')).toBe('01:30 - 02:30');
});

test('only the wall-clock part of a longer text counts', () => {
  expect(formatTime('2026-03-04T16:30:00.000Z', 'en-GB')).toBe('16:30');
  expect(formatTime('2026-03-04T16:30:00+05:00', 'en-GB')).toBe('16:30');
});

test('a range past midnight shows both times of day', () => {
  expect(plain(formatTimeRange('2026-03-04T22:00:00', '2026-03-05T01:00:00', 'en-US'))).toBe('10:00 PM - 1:00 AM');
});

test('an all-day event over several days is still All day', () => {
  expect(eventTimeText({ startTime: '2026-03-04T00:00:00', endTime: '2026-03-07T00:00:00', allDay: true }, 'en-US')).toBe(allDayText);
});
