import type { CalendarEvent, RecurringPattern } from '@hearth/contract/calendar';
import type { Queryable } from '../../platform/db/client.ts';
import { expand, overlaps, shiftDays, type Occurrence } from './expand.ts';
import { ownOccurrence, toEvent } from './mapper.ts';
import * as repo from './repository.ts';

/** Members attending each event, in one query whatever the number of events. */
export async function attendeeMap(q: Queryable, ids: string[]): Promise<Map<string, string[]>> {
  return new Map((await repo.attendeesOf(q, ids)).map((a) => [a.eventId, a.memberIds]));
}

/**
 * Every occurrence touching [fromDate, toDateExclusive) of the family's calendar, in start order: one window query,
 * one for the series' exceptions, one for attendees.
 */
export async function occurrencesInWindow(
  q: Queryable, familyId: string, fromDate: string, toDateExclusive: string,
): Promise<CalendarEvent[]> {
  const from = `${fromDate}T00:00:00`;
  const to = `${toDateExclusive}T00:00:00`;
  const lookback = shiftDays(from, -repo.seriesLookbackDays).slice(0, 10);
  const rows = await repo.eventsInWindow(q, familyId, from, to, lookback);
  const series = rows.filter((r) => r.recurringPattern !== null);
  const skips = new Map<string, Set<string>>();
  for (const x of await repo.exceptionsOf(q, series.map((r) => r.id))) {
    skips.set(x.eventId, (skips.get(x.eventId) ?? new Set()).add(x.occurrenceDate));
  }
  const found: { row: repo.ShownRow; o: Occurrence }[] = [];
  for (const row of rows) {
    if (row.recurringPattern === null) {
      if (overlaps(row, from, to)) found.push({ row, o: ownOccurrence(row) });
      continue;
    }
    const shape = { ...row, recurringPattern: row.recurringPattern as RecurringPattern };
    for (const o of expand(shape, from, to, skips.get(row.id) ?? new Set())) found.push({ row, o });
  }
  // Attendees only of rows that show: most series the window query returns have no occurrence in a short window.
  const attendees = await attendeeMap(q, [...new Set(found.map((f) => f.row.id))]);
  const out = found.map(({ row, o }) => toEvent(row, o, attendees.get(row.id) ?? []));
  return out.sort(byStart);
}

/**
 * Start order, then title. Wall-clock times are fixed-width ISO text, so plain comparison orders them (and is
 * far cheaper than localeCompare over a few thousand occurrences).
 */
export function byStart(a: { startTime: string; title: string }, b: { startTime: string; title: string }): number {
  if (a.startTime !== b.startTime) return a.startTime < b.startTime ? -1 : 1;
  return a.title.localeCompare(b.title);
}
