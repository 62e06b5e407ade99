import { addDays } from '../../platform/recurrence.ts';

/**
 * Local dates of the family, `YYYY-MM-DD`. Day arithmetic on them runs in UTC, where every day has 24 hours,
 * so a daylight-saving change in the family's zone never skips or repeats a date. The shared recurrence code keeps
 * the local date of an instant and the adding of days, which to-dos use too.
 */
export { addDays, localDate } from '../../platform/recurrence.ts';

const utcDay = (date: string) => Date.parse(`${date}T00:00:00Z`);
const dayMs = 86_400_000;

/** Whole days from `from` to `to` (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcDay(to) - utcDay(from)) / dayMs);
}

/** The local dates from `from` to `toExclusive`, in order. */
export function datesFrom(from: string, toExclusive: string): string[] {
  const dates: string[] = [];
  for (let date = from; date < toExclusive; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/**
 * Which of `dates` (a window's, in order) an occurrence covers: an all-day event through its end date, a timed one
 * up to its end, which is exclusive (an evening ending at midnight does not reach the next day). Only the window's
 * dates are looked at, however long the event.
 */
export function datesCovered(o: { startTime: string; endTime: string; allDay: boolean }, dates: string[]): string[] {
  const first = o.startTime.slice(0, 10);
  let last = o.endTime.slice(0, 10);
  if (!o.allDay && last > first && o.endTime.slice(11) === '00:00:00') last = addDays(last, -1);
  return dates.filter((date) => date >= first && date <= last);
}
