import type { CalendarEvent, RecurringPattern } from '@hearth/contract/calendar';
import type { Queryable } from '../../platform/db/client.ts';
import { expand, overlaps, shiftDays } from './expand.ts';
import { ownOccurrence, toEvent } from './mapper.ts';
import * as repo from './repository.ts';

/** Members attending each event, in two queries whatever the number of events. */
export async function attendeeMap(q: Queryable, ids: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  for (const a of await repo.attendeesOf(q, ids)) map.set(a.eventId, [...(map.get(a.eventId) ?? []), a.memberId]);
  return map;
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
  const attendees = await attendeeMap(q, rows.map((r) => r.id));
  const out: CalendarEvent[] = [];
  for (const row of rows) {
    const ids = attendees.get(row.id) ?? [];
    if (row.recurringPattern === null) {
      if (overlaps(row, from, to)) out.push(toEvent(row, ownOccurrence(row), ids));
      continue;
    }
    const shape = { ...row, recurringPattern: row.recurringPattern as RecurringPattern };
    for (const o of expand(shape, from, to, skips.get(row.id) ?? new Set())) out.push(toEvent(row, o, ids));
  }
  return out.sort((a, b) => a.startTime.localeCompare(b.startTime) || a.title.localeCompare(b.title));
}
