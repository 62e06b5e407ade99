import { DateTime } from 'luxon';
import type { RecurringPattern } from '@hearth/contract/calendar';
import { periods } from '../../platform/recurrence.ts';

/**
 * Series expansion on local wall-clock times. Times carry no zone, so they are read as UTC, where every day has
 * 24 hours: a 09:00 series stays at 09:00 through daylight-saving changes in any family zone. Each occurrence is
 * counted from the first (start + k periods), so a series on the 31st falls on the last day of shorter months
 * and returns to the 31st after them instead of drifting; a monthly series on the 29th or 30th skips a month
 * without that day (February), as RFC 5545 has it, so the feed can say exactly the same (see `skipsShortMonths`). The arithmetic is native Date in UTC, not luxon: a
 * window expands hundreds of series per request (the newsfeed, the calendar page), and luxon was far slower a series.
 */
const wall = (local: string) => DateTime.fromISO(local, { zone: 'utc' });
const format = (d: DateTime) => d.toFormat("yyyy-MM-dd'T'HH:mm:ss");

const dayMs = 86_400_000;
/** A local date-time as milliseconds of the same wall-clock reading in UTC. */
const toMs = (local: string) => Date.parse(`${local.slice(0, 19)}Z`);
const dayText = new Map<number, string>();
const clockText = new Map<number, string>();
/**
 * The local date-time a UTC-read millisecond count stands for. A window formats thousands of occurrences on a few
 * hundred days at a few dozen times of day, so both halves are remembered (a Date each call was a cost a window felt).
 */
function fromMs(ms: number): string {
  const day = Math.floor(ms / dayMs);
  const clock = ms - day * dayMs;
  let date = dayText.get(day);
  if (date === undefined) {
    date = new Date(day * dayMs).toISOString().slice(0, 10);
    if (dayText.size < 100_000) dayText.set(day, date);
  }
  let time = clockText.get(clock);
  if (time === undefined) {
    time = new Date(clock).toISOString().slice(11, 19);
    if (clockText.size < 100_000) clockText.set(clock, time);
  }
  return `${date}T${time}`;
}

/** `ms` plus whole months; a day past the end of the target month falls on its last day (31 Jan + 1 month = 28 Feb). */
function plusMonths(ms: number, months: number): number {
  const d = new Date(ms);
  const total = d.getUTCMonth() + months;
  const year = d.getUTCFullYear() + Math.floor(total / 12);
  const month = ((total % 12) + 12) % 12;
  const last = new Date(0);
  last.setUTCFullYear(year, month + 1, 0);
  const out = new Date(ms);
  out.setUTCFullYear(year, month, Math.min(d.getUTCDate(), last.getUTCDate()));
  return out.getTime();
}

/**
 * Whether a month without the series' day has no occurrence. RFC 5545 skips such months; "the 31st" and "February
 * 29th" have a rule every parser reads for "or the month's last day" (BYMONTHDAY=-1), the 29th and 30th none
 * (BYMONTHDAY with BYSETPOS, which ical.js does not apply), so those skip.
 */
export function skipsShortMonths(pattern: RecurringPattern, startTime: string): boolean {
  const day = startTime.slice(8, 10);
  return pattern === 'MONTHLY' && (day === '29' || day === '30');
}

/** `start` plus `steps` periods of the pattern. */
function step(start: number, pattern: RecurringPattern, steps: number): number {
  const { unit, size } = periods[pattern];
  if (unit === 'weeks') return start + steps * size * 7 * dayMs;
  return plusMonths(start, steps * size * (unit === 'years' ? 12 : 1));
}

/** Whole periods from `start` to `to`, never more than the true count (it may be one less for months and years). */
function periodsBetween(start: number, to: number, pattern: RecurringPattern): number {
  const { unit, size } = periods[pattern];
  if (unit === 'weeks') return Math.floor((to - start) / (size * 7 * dayMs));
  const a = new Date(start);
  const b = new Date(to);
  const months = (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth() - 1;
  return Math.floor(months / (size * (unit === 'years' ? 12 : 1)));
}

export interface SeriesShape {
  startTime: string;
  endTime: string;
  allDay: boolean;
  recurringPattern: RecurringPattern;
  recurringEndDate: string | null;
}

export interface Occurrence {
  startTime: string;
  endTime: string;
  date: string;
}

/**
 * Whether an occurrence touches [from, toExclusive) (local date-times). An all-day event's end is the midnight
 * starting its last day, so it lasts a day longer than its end reads.
 */
export function overlaps(o: { startTime: string; endTime: string; allDay: boolean }, from: string, toExclusive: string): boolean {
  const end = o.allDay ? fromMs(toMs(o.endTime) + dayMs) : o.endTime;
  return o.startTime < toExclusive && (end > from || o.startTime >= from);
}

/**
 * Every occurrence of a series touching [from, toExclusive), skipping the dates in `skip`. Candidates are compared
 * as milliseconds and only those that show are formatted: a window passes over far more than it keeps.
 */
export function expand(series: SeriesShape, from: string, toExclusive: string, skip: ReadonlySet<string>): Occurrence[] {
  const start = toMs(series.startTime);
  const length = toMs(series.endTime) - start;
  // An all-day occurrence covers the whole of its last day.
  const reach = length + (series.allDay ? dayMs : 0);
  const windowStart = toMs(from);
  const windowEnd = toMs(toExclusive);
  const seriesEnd = series.recurringEndDate ? toMs(`${series.recurringEndDate}T00:00:00`) + dayMs : Infinity;
  // Start one period early so an occurrence that began before `from` and runs into the window is kept.
  let k = Math.max(0, periodsBetween(start, windowStart, series.recurringPattern) - 1);
  const out: Occurrence[] = [];
  const skipShort = skipsShortMonths(series.recurringPattern, series.startTime);
  const day = new Date(start).getUTCDate();
  for (;; k++) {
    const s = step(start, series.recurringPattern, k);
    if (s >= windowEnd || s >= seriesEnd) break;
    if (s + reach <= windowStart && s < windowStart) continue;
    if (skipShort && new Date(s).getUTCDate() !== day) continue;
    const startTime = fromMs(s);
    const date = startTime.slice(0, 10);
    if (!skip.has(date)) out.push({ startTime, endTime: fromMs(s + length), date });
  }
  return out;
}

/** The occurrence of a series on a local date, if the series has one there (exceptions aside). */
export function occurrenceOn(series: SeriesShape, date: string): Occurrence | undefined {
  const next = expand(series, `${date}T00:00:00`, `${nextDay(date)}T00:00:00`, new Set());
  return next.find((o) => o.date === date);
}

export function nextDay(date: string): string {
  return wall(`${date}T00:00:00`).plus({ days: 1 }).toISODate()!;
}

export function previousDay(date: string): string {
  return wall(`${date}T00:00:00`).minus({ days: 1 }).toISODate()!;
}

export function daysBetween(from: string, to: string): number {
  return wall(`${to}T00:00:00`).diff(wall(`${from}T00:00:00`), 'days').days;
}

/** Moves a local date-time by whole days (a series edited from one occurrence keeps its own first date). */
export function shiftDays(local: string, days: number): string {
  return format(wall(local).plus({ days }));
}
