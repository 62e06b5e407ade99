import { DateTime } from 'luxon';

export const defaultTimezone = 'America/New_York';

/** How often something comes back: grocery's recurring items use the first three, the calendar all four. */
export type RecurrencePattern = 'WEEKLY' | 'BI_WEEKLY' | 'MONTHLY' | 'YEARLY';

/** One period of each pattern, in calendar units of the family's zone. */
export const periods: Record<RecurrencePattern, { unit: 'weeks' | 'months' | 'years'; size: number }> = {
  WEEKLY: { unit: 'weeks', size: 1 },
  BI_WEEKLY: { unit: 'weeks', size: 2 },
  MONTHLY: { unit: 'months', size: 1 },
  YEARLY: { unit: 'years', size: 1 },
};

/**
 * The first `anchor + k periods` (k ≥ 1) strictly after `after`, in calendar arithmetic of the family's zone:
 * the local wall-clock time stays the same across daylight-saving changes, and counting every step from
 * the anchor keeps a 31st from drifting to the 28th after February.
 */
export function nextDueAt(anchor: Date, frequency: RecurrencePattern, timezone: string, after: Date): Date {
  let start = DateTime.fromJSDate(anchor, { zone: timezone });
  if (!start.isValid) start = DateTime.fromJSDate(anchor, { zone: defaultTimezone });
  const { unit, size } = periods[frequency];
  const at = (k: number) => start.plus({ [unit]: k * size }).toJSDate();
  const elapsed = DateTime.fromJSDate(after).diff(start, unit).get(unit);
  let k = Math.max(1, Math.floor(elapsed / size) - 1);
  while (at(k).getTime() <= after.getTime()) k++;
  return at(k);
}

/**
 * A repeat rule on the family's local dates (to-dos): every `interval` days (DAILY), Monday to Friday (WEEKDAYS),
 * every `interval` weeks on `weekdays` (WEEKLY, 0 = Sunday), every `interval` months on the anchor's day or on its
 * weekday of the month ("second Tuesday", MONTHLY), every `interval` years on the anchor's date (YEARLY).
 */
export interface DateRule {
  frequency: 'DAILY' | 'WEEKDAYS' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';
  interval: number;
  weekdays: number[];
  monthlyBy: 'DAY_OF_MONTH' | 'WEEKDAY_OF_MONTH' | null;
}

/*
 * Dates are `YYYY-MM-DD` counted as whole days since 1970-01-01 in UTC, where every day has 24 hours: a rule never
 * skips or repeats a date across a daylight-saving change, and the time of day stays apart from it (`localInstant`).
 */
const dayMs = 86_400_000;
const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / dayMs);
const dateOf = (day: number) => new Date(day * dayMs).toISOString().slice(0, 10);
/** 0 = Sunday; day 0 (1970-01-01) was a Thursday. */
const weekdayOf = (day: number) => (((day + 4) % 7) + 7) % 7;
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
/** The family's local date at an instant; an unknown zone reads as the default one. */
export function localDate(at: Date, timezone: string): string {
  let local = DateTime.fromJSDate(at, { zone: timezone });
  if (!local.isValid) local = DateTime.fromJSDate(at, { zone: defaultTimezone });
  return local.toISODate()!;
}

/** A local date plus whole days (negative: before). */
export const addDays = (date: string, days: number): string => dateOf(dayNumber(date) + days);
/** The day of the week of a local date, 0 = Sunday. */
export const weekdayOfDate = (date: string): number => weekdayOf(dayNumber(date));

/** The day number of a month's `n`th weekday `weekday` (n = 5: its last one). */
function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  const first = Math.round(Date.UTC(year, month, 1) / dayMs);
  const firstMatch = first + ((weekday - weekdayOf(first) + 7) % 7);
  const last = first + daysInMonth(year, month) - 1;
  let day = firstMatch + (n - 1) * 7;
  while (day > last) day -= 7;
  return day;
}

/** The one occurrence a MONTHLY or YEARLY rule has in a month (months counted as year * 12 + month). */
function occurrenceInMonth(rule: DateRule, anchor: string, monthIndex: number): number {
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex % 12;
  const anchorDay = Number(anchor.slice(8, 10));
  if (rule.frequency === 'MONTHLY' && rule.monthlyBy === 'WEEKDAY_OF_MONTH') {
    return nthWeekday(year, month, weekdayOf(dayNumber(anchor)), Math.ceil(anchorDay / 7));
  }
  // The 31st falls on a shorter month's last day, and 29 February on the 28th in other years, without drifting.
  return Math.round(Date.UTC(year, month, Math.min(anchorDay, daysInMonth(year, month))) / dayMs);
}

/**
 * The first occurrence of the rule strictly after `after` (a local date), counted from `anchor`, the series' first
 * date: never before the anchor. The anchor itself is an occurrence only when it matches the rule (`firstOccurrence`).
 */
export function nextOccurrence(rule: DateRule, anchor: string, after: string): string {
  const start = dayNumber(anchor);
  const from = Math.max(dayNumber(after) + 1, start);
  const interval = Math.max(1, rule.interval);
  switch (rule.frequency) {
    case 'DAILY':
      return dateOf(start + Math.ceil((from - start) / interval) * interval);
    case 'WEEKDAYS':
    case 'WEEKLY': {
      const days = rule.frequency === 'WEEKDAYS' ? [1, 2, 3, 4, 5] : rule.weekdays.length ? rule.weekdays : [weekdayOf(start)];
      const firstSunday = start - weekdayOf(start);
      const every = rule.frequency === 'WEEKDAYS' ? 1 : interval;
      for (let day = from; ; day++) {
        const week = Math.floor((day - firstSunday) / 7);
        if (week % every === 0 && days.includes(weekdayOf(day))) return dateOf(day);
        // Past a week that is not one of the rule's, jump to the next one that is.
        if (week % every !== 0) day = firstSunday + Math.ceil(week / every) * every * 7 - 1;
      }
    }
    case 'MONTHLY':
    case 'YEARLY': {
      const step = rule.frequency === 'YEARLY' ? interval * 12 : interval;
      const first = Number(anchor.slice(0, 4)) * 12 + Number(anchor.slice(5, 7)) - 1;
      const fromDate = dateOf(from);
      const fromMonth = Number(fromDate.slice(0, 4)) * 12 + Number(fromDate.slice(5, 7)) - 1;
      for (let k = Math.max(0, Math.floor((fromMonth - first) / step)); ; k++) {
        const day = occurrenceInMonth(rule, anchor, first + k * step);
        if (day >= from) return dateOf(day);
      }
    }
  }
}

/**
 * The series' first occurrence: `date` when it matches the rule, else the first date after it on one of the rule's
 * days (the rule's weeks then count from that one).
 */
export function firstOccurrence(rule: DateRule, date: string): string {
  return nextOccurrence({ ...rule, interval: 1 }, date, dateOf(dayNumber(date) - 1));
}

/** The occurrences in [from, to], in order, at most `max`. */
export function occurrencesBetween(rule: DateRule, anchor: string, from: string, to: string, max = 400): string[] {
  const dates: string[] = [];
  for (let date = nextOccurrence(rule, anchor, dateOf(dayNumber(from) - 1)); date <= to && dates.length < max;
    date = nextOccurrence(rule, anchor, date)) dates.push(date);
  return dates;
}

/**
 * The instant a local date and time of the family's zone stand for. A time the clocks skip (02:30 on a spring-forward
 * night) is read an hour later, as the clocks then say; a time they pass twice, the first time.
 */
export function localInstant(date: string, time: string, timezone: string): Date {
  let local = DateTime.fromISO(`${date}T${time}`, { zone: timezone });
  if (!local.isValid) local = DateTime.fromISO(`${date}T${time}`, { zone: defaultTimezone });
  return local.toJSDate();
}
