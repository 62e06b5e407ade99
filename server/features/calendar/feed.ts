import ical, { ICalEventRepeatingFreq } from 'ical-generator';
import { DateTime } from 'luxon';
import type { RecurringPattern } from '@hearth/contract/calendar';
import { nextDay } from './expand.ts';
import type { EventRow } from './repository.ts';

const freq: Record<RecurringPattern, { freq: ICalEventRepeatingFreq; interval: number }> = {
  WEEKLY: { freq: ICalEventRepeatingFreq.WEEKLY, interval: 1 },
  BI_WEEKLY: { freq: ICalEventRepeatingFreq.WEEKLY, interval: 2 },
  MONTHLY: { freq: ICalEventRepeatingFreq.MONTHLY, interval: 1 },
  YEARLY: { freq: ICalEventRepeatingFreq.YEARLY, interval: 1 },
};

/**
 * The family's calendar as iCalendar: times in the family's zone with its VTIMEZONE, a series as one RRULE with
 * EXDATE for deleted or edited dates, each edited occurrence as its own VEVENT with RECURRENCE-ID.
 */
export function renderFeed(
  input: { familyName: string; timezone: string; rows: EventRow[]; exceptions: Map<string, string[]>; vtimezone: (zone: string) => string },
): string {
  const zone = input.timezone;
  const at = (local: string) => DateTime.fromISO(local, { zone });
  const cal = ical({ name: `${input.familyName} Calendar`, timezone: { name: zone, generator: input.vtimezone } });
  const byId = new Map(input.rows.map((r) => [r.id, r]));
  // A date an edited occurrence replaces is named by its RECURRENCE-ID, not excluded.
  const replaced = new Set(input.rows.filter((r) => r.seriesId).map((r) => `${r.seriesId}/${r.originalDate}`));
  for (const row of input.rows) {
    const uid = `${row.seriesId ?? row.id}@hearth`;
    const event = cal.createEvent({
      id: uid,
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
  }
  return cal.toString();
}
