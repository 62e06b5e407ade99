import { DateTime } from 'luxon';
import { mealTypeAt, mealTypeLabels, type RecurringPattern } from '@hearth/contract/calendar';
import { allDayReminderHour } from '@hearth/contract/reminders';
import { expand, previousDay, shiftDays } from './expand.ts';

/**
 * When reminders are due, in the family's timezone. Events keep local wall-clock times; an occurrence's start becomes
 * an instant only here, through the zone's rules on that date, so a 09:00 event is reminded before 09:00 local time
 * on either side of a daylight-saving change. "1 day before" is the same local time the day before (not 24 hours).
 */

export interface ReminderShape {
  startTime: string;
  endTime: string;
  allDay: boolean;
  recurringPattern: string | null;
  recurringEndDate: string | null;
  reminderMinutes: number;
}

/** The instant of a local wall-clock time in the zone (a time a spring-forward skips reads as the hour after). */
const instant = (local: string, timezone: string) => DateTime.fromISO(local, { zone: timezone });

/** When the reminder of the occurrence starting at `start` (local) is due. */
export function fireTime(start: string, allDay: boolean, minutes: number, timezone: string): Date {
  if (allDay) {
    const date = minutes >= 1440 ? previousDay(start.slice(0, 10)) : start.slice(0, 10);
    return instant(`${date}T${String(allDayReminderHour).padStart(2, '0')}:00:00`, timezone).toJSDate();
  }
  const at = instant(start, timezone);
  return (minutes >= 1440 ? at.minus({ days: minutes / 1440 }) : at.minus({ minutes })).toJSDate();
}

/** Windows of local days searched in turn for a series' next reminder; a series with none in them has no more. */
const searchDays = [40, 400, 3650];

/**
 * The first reminder of the event due at or after `from`, with the local start of its occurrence; null when none is.
 * `skip`: the dates a series does not generate.
 */
export function nextReminder(
  event: ReminderShape, skip: readonly string[], timezone: string, from: Date,
): { fireAt: Date; occurrenceStart: string } | null {
  const fire = (start: string) => fireTime(start, event.allDay, event.reminderMinutes, timezone);
  if (event.recurringPattern === null) {
    const fireAt = fire(event.startTime);
    return fireAt >= from ? { fireAt, occurrenceStart: event.startTime } : null;
  }
  // A reminder is never after its occurrence starts, so the occurrence starts on or after the local day of `from`
  // (the day before it, to be safe at zone edges).
  let windowStart = `${previousDay(DateTime.fromJSDate(from, { zone: timezone }).toISODate()!)}T00:00:00`;
  const shape = { ...event, recurringPattern: event.recurringPattern as RecurringPattern };
  const skipped = new Set(skip);
  for (const days of searchDays) {
    const windowEnd = shiftDays(windowStart, days);
    for (const o of expand(shape, windowStart, windowEnd, skipped)) {
      // An occurrence begun before the window was met by the window before.
      if (o.startTime < windowStart) continue;
      const fireAt = fire(o.startTime);
      if (fireAt >= from) return { fireAt, occurrenceStart: o.startTime };
    }
    windowStart = windowEnd;
  }
  return null;
}

const mealName = (start: string): string => mealTypeLabels[mealTypeAt(start)];

export interface ReminderFacts {
  title: string;
  occurrenceStart: string;
  allDay: boolean;
  isMeal: boolean;
  reminderMinutes: number;
  /** The list holding the meal's recipe's ingredients, if any. */
  listName: string | null;
}

/**
 * The reminder's one line, as the bell and the lock screen show it: "Dinner tonight: Chicken tacos — ingredients on
 * Costco", "Dentist today at 14:30", "Tomorrow: Sports day". Today and tomorrow are as seen when it is due.
 */
export function reminderLine(facts: ReminderFacts, fireAt: Date, timezone: string): string {
  const dueOn = DateTime.fromJSDate(fireAt, { zone: timezone }).toISODate()!;
  const sameDay = facts.occurrenceStart.slice(0, 10) === dueOn;
  const time = facts.occurrenceStart.slice(11, 16);
  if (facts.isMeal) {
    const meal = mealName(facts.occurrenceStart);
    const when = !sameDay ? 'tomorrow' : meal === 'Dinner' ? 'tonight' : 'today';
    return `${meal} ${when}: ${facts.title}${facts.listName ? ` — ingredients on ${facts.listName}` : ''}`;
  }
  if (facts.allDay) return `${sameDay ? 'Today' : 'Tomorrow'}: ${facts.title}`;
  if (facts.reminderMinutes === 0) return `${facts.title} starts now (${time})`;
  return `${facts.title} ${sameDay ? 'today' : 'tomorrow'} at ${time}`;
}
