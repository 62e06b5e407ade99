import ical, { foldLines, ICalEventRepeatingFreq, type ICalCalendar } from 'ical-generator';
import { DateTime } from 'luxon';
import type { RecurringPattern } from '@hearth/contract/calendar';
import { nextDay } from './expand.ts';
import type { FeedRow } from './repository.ts';

const freq: Record<RecurringPattern, { freq: ICalEventRepeatingFreq; interval: number }> = {
  WEEKLY: { freq: ICalEventRepeatingFreq.WEEKLY, interval: 1 },
  BI_WEEKLY: { freq: ICalEventRepeatingFreq.WEEKLY, interval: 2 },
  MONTHLY: { freq: ICalEventRepeatingFreq.MONTHLY, interval: 1 },
  YEARLY: { freq: ICalEventRepeatingFreq.YEARLY, interval: 1 },
};

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
    const f = freq[row.recurringPattern as RecurringPattern];
    const time = row.startTime.slice(10);
    const excluded = (input.exceptions.get(row.id) ?? []).filter((d) => !replaced.has(`${row.id}/${d}`));
    event.repeating({
      ...f,
      ...(row.recurringEndDate ? { until: at(`${row.recurringEndDate}T23:59:59`) } : {}),
      ...(excluded.length > 0 ? { exclude: excluded.map((d) => (row.allDay ? d : at(`${d}${time}`))) } : {}),
    });
  }
  const series = row.seriesId ? byId.get(row.seriesId) : undefined;
  if (series && row.originalDate) {
    event.recurrenceId(series.allDay ? row.originalDate : at(`${row.originalDate}${series.startTime.slice(10)}`));
  }
  return event;
}
