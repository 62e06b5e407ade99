/**
 * The calendar's times are the family's wall-clock text (`YYYY-MM-DDTHH:mm:ss`, no zone; contract/calendar.ts).
 * Arithmetic here reads that text as if it were UTC, where every day has 24 hours, so adding an hour never meets a
 * daylight-saving gap; FullCalendar runs in its 'UTC' zone for the same reason and shows the text as written.
 */
import { mealSlotHours, type MealType } from '@hearth/contract/calendar';

const pad = (n: number) => String(n).padStart(2, '0');
const parse = (local: string) => Date.parse(`${local.length === 10 ? `${local}T00:00:00` : local}Z`);
const format = (ms: number) => new Date(ms).toISOString().slice(0, 19);

/** A FullCalendar date (in its 'UTC' zone) as wall-clock text. */
export const fromCalendarDate = (date: Date) => format(date.getTime());

export const addMinutes = (local: string, minutes: number) => format(parse(local) + minutes * 60_000);
export const addDays = (date: string, days: number) => format(parse(date) + days * 86_400_000).slice(0, 10);
/** Milliseconds from `a` to `b`. */
export const difference = (a: string, b: string) => parse(b) - parse(a);
export const shift = (local: string, ms: number) => format(parse(local) + ms);

/**
 * A whole series' new times when one occurrence moves from `occurrence`'s times to `start`–`end`: the series' own
 * first start and end move by as much, so every occurrence moves alike.
 */
export const seriesTimes = (occurrence: { startTime: string; endTime: string }, series: { startTime: string; endTime: string },
  start: string, end: string) => ({
  start: shift(series.startTime, difference(occurrence.startTime, start)),
  end: shift(series.endTime, difference(occurrence.endTime, end)),
});

/** Now as wall-clock text in `timezone` (the device's zone while the family's is unknown or not one it knows). */
export function nowIn(timezone: string | undefined, now = new Date()): string {
  const parts = (timeZone?: string) => {
    const p = Object.fromEntries(new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    }).formatToParts(now).map((x) => [x.type, x.value]));
    return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
  };
  try {
    return parts(timezone);
  } catch {
    return parts();
  }
}

/** A new event starts at the next full hour (spec §9); at 10:00:00 sharp that is 11:00. */
export const nextFullHour = (now: string) => addMinutes(`${now.slice(0, 13)}:00:00`, 60);

/** After the start changes the end is one hour later; an all-day event ends the day it starts (spec §4). */
export const endFor = (start: string, allDay: boolean) => (allDay ? `${start.slice(0, 10)}T00:00:00` : addMinutes(start, 60));

/** What the form shows and edits: `YYYY-MM-DDTHH:mm` for a datetime-local input, `YYYY-MM-DD` for a date input. */
export const toInput = (local: string, allDay: boolean) => local.slice(0, allDay ? 10 : 16);
export const fromInput = (value: string) => (value.length === 10 ? `${value}T00:00:00` : value.length === 16 ? `${value}:00` : value);

/** The load window (spec §9): the first day of the month before `date`'s to the last day of the month after. */
export function loadWindow(date: string): { startDate: string; endDate: string } {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7)) - 1;
  const first = new Date(Date.UTC(y, m - 1, 1));
  const last = new Date(Date.UTC(y, m + 2, 0));
  return { startDate: first.toISOString().slice(0, 10), endDate: last.toISOString().slice(0, 10) };
}


/** The default slot of a meal type on `date` (spec §4, §9): 08:00, 12:00 or 18:00, one hour long. */
export function mealSlot(type: MealType, date: string): { start: string; end: string } {
  const start = `${date}T${pad(mealSlotHours[type])}:00:00`;
  return { start, end: addMinutes(start, 60) };
}

/**
 * Choosing a meal type changes the time only (issue 49): the slot is on the date the meal's start already has,
 * or on `today` while the start is empty.
 */
export const mealSlotKeepingDate = (type: MealType, start: string, today: string) =>
  mealSlot(type, /^\d{4}-\d{2}-\d{2}/.test(start) ? start.slice(0, 10) : today);


/** Where the time grid opens when nothing is shown: 07:00 (issue 49). */
export const defaultScrollTime = '07:00:00';

/**
 * Where the time grid opens for the days `from` to `to` (exclusive): the full hour of the earliest time any timed
 * event shows at, so the first event of the week is in sight (one that began before `from` shows from midnight).
 */
export function scrollTimeFor(events: { startTime: string; endTime: string; allDay: boolean }[], from: string, to: string): string {
  const first = `${from}T00:00:00`;
  const last = `${to}T00:00:00`;
  const hours = events
    .filter((e) => !e.allDay && e.startTime < last && e.endTime > first)
    .map((e) => (e.startTime < first ? '00' : e.startTime.slice(11, 13)));
  return hours.length === 0 ? defaultScrollTime : `${hours.sort()[0]}:00:00`;
}
