import { DateTime } from 'luxon';
import type { RecurringPattern } from '@hearth/contract/calendar';
import { periods } from '../../platform/recurrence.ts';

/**
 * Series expansion on local wall-clock times. Times carry no zone, so luxon works in UTC, where every day has
 * 24 hours: a 09:00 series stays at 09:00 through daylight-saving changes in any family zone. Each occurrence is
 * counted from the first (start + k periods), so a series on the 31st falls on the last day of shorter months
 * and returns to the 31st after them instead of drifting.
 */
const wall = (local: string) => DateTime.fromISO(local, { zone: 'utc' });
const format = (d: DateTime) => d.toFormat("yyyy-MM-dd'T'HH:mm:ss");

export interface SeriesShape {
  startTime: string;
  endTime: string;
  recurringPattern: RecurringPattern;
  recurringEndDate: string | null;
}

export interface Occurrence {
  startTime: string;
  endTime: string;
  date: string;
}

/** The occurrence starting at `start + k periods`. */
function nth(series: SeriesShape, k: number): Occurrence {
  const { unit, size } = periods[series.recurringPattern];
  const start = wall(series.startTime);
  const length = wall(series.endTime).diff(start).toMillis();
  const s = start.plus({ [unit]: k * size });
  return { startTime: format(s), endTime: format(s.plus(length)), date: s.toISODate()! };
}

/** Whether an occurrence touches [from, toExclusive) (local date-times); an all-day event ends at its start. */
export function overlaps(o: { startTime: string; endTime: string }, from: string, toExclusive: string): boolean {
  return o.startTime < toExclusive && (o.endTime > from || o.startTime >= from);
}

/** Every occurrence of a series touching [from, toExclusive), skipping the dates in `skip`. */
export function expand(series: SeriesShape, from: string, toExclusive: string, skip: ReadonlySet<string>): Occurrence[] {
  const { unit, size } = periods[series.recurringPattern];
  const elapsed = wall(from).diff(wall(series.startTime), unit).get(unit);
  // Start one period early so an occurrence that began before `from` and runs into the window is kept.
  let k = Math.max(0, Math.floor(elapsed / size) - 1);
  const out: Occurrence[] = [];
  for (;; k++) {
    const o = nth(series, k);
    if (o.startTime >= toExclusive) break;
    if (series.recurringEndDate && o.date > series.recurringEndDate) break;
    if (!skip.has(o.date) && overlaps(o, from, toExclusive)) out.push(o);
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
