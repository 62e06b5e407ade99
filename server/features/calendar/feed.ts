import ical, { foldLines, type ICalCalendar } from 'ical-generator';
import { DateTime } from 'luxon';
import type { RecurringPattern } from '@hearth/contract/calendar';
import { nextDay } from './expand.ts';
import type { FeedRow } from './repository.ts';

const rules: Record<RecurringPattern, string> = {
  WEEKLY: 'FREQ=WEEKLY',
  BI_WEEKLY: 'FREQ=WEEKLY;INTERVAL=2',
  MONTHLY: 'FREQ=MONTHLY',
  YEARLY: 'FREQ=YEARLY',
};

/** `2026-03-17` and `09:00:00` as iCalendar's `20260317T090000`; the date alone as `20260317`. */
const compact = (date: string, time?: string) => date.replaceAll('-', '') + (time ? `T${time.replaceAll(':', '')}` : '');

/**
 * The RRULE of a series, to the letter of RFC 5545 and with the calendar's own dates. The calendar puts a monthly
 * series on the 31st and a yearly one on February 29th on the last day of a month without that day, where a plain
 * rule skips the month: their rules name the last day of the month (BYMONTHDAY=-1), which every parser reads. A
 * monthly series on the 29th or 30th skips February in the calendar too (expand.ts), which the plain rule says. UNTIL is the last moment of the end date: a DATE for an
 * all-day series, a UTC time for a timed one, whose start has a time zone (§3.3.10).
 */
function recurrenceRule(row: FeedRow, zone: string): string {
  const pattern = row.recurringPattern as RecurringPattern;
  const monthDay = row.startTime.slice(5, 10);
  let rule = rules[pattern];
  if (pattern === 'MONTHLY' && monthDay.endsWith('-31')) rule += ';BYMONTHDAY=-1';
  if (pattern === 'YEARLY' && monthDay === '02-29') rule += ';BYMONTH=2;BYMONTHDAY=-1';
  if (row.recurringEndDate) {
    rule += `;UNTIL=${row.allDay ? compact(row.recurringEndDate)
      : DateTime.fromISO(`${row.recurringEndDate}T23:59:59`, { zone }).toUTC().toFormat("yyyyLLdd'T'HHmmss'Z'")}`;
  }
  return `RRULE:${rule}`;
}

export interface FeedInput {
  familyName: string;
  timezone: string;
  rows: FeedRow[];
  exceptions: Map<string, string[]>;
  /** The VTIMEZONE of the family's zone. */
  vtimezone: string;
}

const calendarEnd = 'END:VCALENDAR';

/**
 * The family's calendar as iCalendar: times in the family's zone with its VTIMEZONE, a series as one RRULE with
 * EXDATE for deleted or edited dates, each edited occurrence as its own VEVENT with RECURRENCE-ID. Made in parts,
 * `batch` events each, which together are exactly ical-generator's text of the whole calendar (lines are folded
 * one by one, and every part ends a line), so a large calendar can be sent while it is made.
 */
export function* feedParts(input: FeedInput, batch: number): Generator<string> {
  const cal = ical({ name: `${input.familyName} Calendar`, timezone: { name: input.timezone, generator: () => input.vtimezone } });
  yield cal.toString().slice(0, -calendarEnd.length);
  const byId = new Map(input.rows.map((r) => [r.id, r]));
  // A date an edited occurrence replaces is named by its RECURRENCE-ID, not excluded.
  const replaced = new Set(input.rows.filter((r) => r.seriesId).map((r) => `${r.seriesId}/${r.originalDate}`));
  for (let i = 0; i < input.rows.length; i += batch) {
    const events = input.rows.slice(i, i + batch).map((row) => addEvent(cal, input, row, byId, replaced));
    yield foldLines(events.map((e) => e.toString()).join(''));
    cal.clear();
  }
  yield calendarEnd;
}

function addEvent(cal: ICalCalendar, input: FeedInput, row: FeedRow, byId: Map<string, FeedRow>, replaced: Set<string>) {
  const zone = input.timezone;
  const at = (local: string) => DateTime.fromISO(local, { zone });
  const event = cal.createEvent({
    id: `${row.seriesId ?? row.id}@hearth`,
    summary: row.title,
    description: row.description,
    location: [row.location, row.address].filter(Boolean).join(', ') || null,
    allDay: row.allDay,
    start: row.allDay ? at(row.startTime).toISODate()! : at(row.startTime),
    // iCalendar ends an all-day event the day after its last day.
    end: row.allDay ? nextDay(row.endTime.slice(0, 10)) : at(row.endTime),
    timezone: zone,
  });
  if (row.recurringPattern) {
    const time = row.startTime.slice(11);
    const excluded = (input.exceptions.get(row.id) ?? []).filter((d) => !replaced.has(`${row.id}/${d}`));
    const exdate = row.allDay ? `EXDATE;VALUE=DATE:${excluded.map((d) => compact(d)).join(',')}`
      : `EXDATE;TZID=${zone}:${excluded.map((d) => compact(d, time)).join(',')}`;
    // Given as text, ical-generator writes the lines as they are: its own UNTIL would be the zone's local time.
    event.repeating([recurrenceRule(row, zone), ...(excluded.length > 0 ? [exdate] : [])].join('\r\n'));
  }
  const series = row.seriesId ? byId.get(row.seriesId) : undefined;
  if (series && row.originalDate) {
    event.recurrenceId(series.allDay ? row.originalDate : at(`${row.originalDate}${series.startTime.slice(10)}`));
  }
  return event;
}
