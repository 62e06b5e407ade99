import { calendarMessages as m, type CalendarEvent, type RecurringPattern } from '@hearth/contract/calendar';
import type { Queryable } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { expand, overlaps, shiftDays } from './expand.ts';
import { ownOccurrence, toEvent } from './mapper.ts';
import * as repo from './repository.ts';

/** Members attending each event, in one query whatever the number of events. */
export async function attendeeMap(q: Queryable, ids: string[]): Promise<Map<string, string[]>> {
  return new Map((await repo.attendeesOf(q, ids)).map((a) => [a.eventId, a.memberIds]));
}

/**
 * Every occurrence touching [fromDate, toDateExclusive) of the family's calendar, in start order: one query. Past
 * `max` occurrences it stops and refuses (422), before making or sorting more.
 */
export async function occurrencesInWindow(
  q: Queryable, familyId: string, fromDate: string, toDateExclusive: string, max = Infinity,
): Promise<CalendarEvent[]> {
  const from = `${fromDate}T00:00:00`;
  const to = `${toDateExclusive}T00:00:00`;
  const lookback = shiftDays(from, -repo.seriesLookbackDays).slice(0, 10);
  const out: CalendarEvent[] = [];
  for (const row of await repo.eventsInWindow(q, familyId, from, to, lookback)) {
    const attendeeIds = row.attendeeIds ?? [];
    if (row.recurringPattern === null) {
      if (overlaps(row, from, to)) out.push(toEvent(row, ownOccurrence(row), attendeeIds));
    } else {
      const shape = { ...row, recurringPattern: row.recurringPattern as RecurringPattern };
      for (const o of expand(shape, from, to, new Set(row.skip))) out.push(toEvent(row, o, attendeeIds));
    }
    if (out.length > max) throw new AppError('UNPROCESSABLE', m.windowTooFull);
  }
  return out.sort(byStart);
}

const titles = new Intl.Collator();

/**
 * Start order, then title. Wall-clock times are fixed-width ISO text, so plain comparison orders them (and is
 * far cheaper than a collator over a few thousand occurrences); titles go through one shared collator, as
 * localeCompare per pair was a visible share of a window.
 */
export function byStart(a: { startTime: string; title: string }, b: { startTime: string; title: string }): number {
  if (a.startTime !== b.startTime) return a.startTime < b.startTime ? -1 : 1;
  return titles.compare(a.title, b.title);
}
