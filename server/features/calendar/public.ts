import type { Queryable } from '../../platform/db/client.ts';
import { newFeedSecret } from './export.ts';
import { occurrencesInWindow } from './occurrences.ts';
import { renewFeedSecret } from './repository.ts';

/**
 * The calendar's public API for other features (the newsfeed reads the coming week through it; the family feature
 * renews the subscription link when an account leaves).
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

/**
 * Gives the family's subscription link a new secret, if it has a link: for the transaction that takes an account
 * out of the family, since the link is the feed's only key and the account may have kept it.
 */
export async function renewSubscriptionLink(q: Queryable, familyId: string): Promise<void> {
  await renewFeedSecret(q, familyId, newFeedSecret());
}
