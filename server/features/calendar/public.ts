import type { Queryable } from '../../platform/db/client.ts';
import { occurrencesInWindow } from './occurrences.ts';

/**
 * The calendar's public API for other features (the newsfeed reads the coming week through it).
 */

export interface CalendarOccurrence {
  id: string;
  seriesId: string;
  title: string;
  /** Local wall-clock date-times of the family, `YYYY-MM-DDTHH:mm:ss`. */
  startTime: string;
  endTime: string;
  allDay: boolean;
  location: string | null;
  address: string | null;
  isRecurring: boolean;
  isMeal: boolean;
  mealId: string | null;
  attendeeIds: string[];
  /** "09:30 - 10:30", or "All day". */
  timeString: string;
}

/** The family's occurrences touching local dates [fromLocalDate, toLocalDateExclusive), recurring series expanded. */
export async function occurrencesBetween(
  q: Queryable, familyId: string, fromLocalDate: string, toLocalDateExclusive: string,
): Promise<CalendarOccurrence[]> {
  return (await occurrencesInWindow(q, familyId, fromLocalDate, toLocalDateExclusive)).map((e) => ({
    id: e.id, seriesId: e.seriesId, title: e.title, startTime: e.startTime, endTime: e.endTime, allDay: e.allDay,
    location: e.location, address: e.address, isRecurring: e.isRecurring, isMeal: e.isMeal, mealId: e.mealId,
    attendeeIds: e.attendeeIds, timeString: e.timeString,
  }));
}
