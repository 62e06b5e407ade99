import { sql } from 'drizzle-orm';
import { rawRows, type Queryable, type Tx } from '../../platform/db/client.ts';
import { calendarEventAttendees, calendarEventExceptions, calendarEvents } from '../../platform/db/schema/calendar.ts';
import { feedPartsOf, newFeedSecret } from './export.ts';
import { occurrencesInWindow } from './occurrences.ts';
import { attendeesOf, exceptionsOf, renewFeedSecret } from './repository.ts';

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

export { weekDates, weekMeals } from './plan-week.ts';

/** Which recipe was planned when, for meals starting in [from, toExclusive): the AI planner's view of what a family likes. */
export function recipeHistory(
  q: Queryable, familyId: string, from: string, toExclusive: string,
): Promise<{ recipeId: string; startTime: string }[]> {
  return rawRows(q, sql`select meal_id as "recipeId", start_time as "startTime" from ${calendarEvents}
    where family_id = ${familyId} and is_meal and meal_id is not null and start_time >= ${from} and start_time < ${toExclusive}`);
}

/**
 * Gives the family's subscription link a new secret, if it has a link: for the transaction that takes an account
 * out of the family, since the link is the feed's only key and the account may have kept it.
 */
export async function renewSubscriptionLink(q: Queryable, familyId: string): Promise<void> {
  await renewFeedSecret(q, familyId, newFeedSecret());
}

/** The family's whole calendar as the subscription feed's iCalendar text, in parts (the family's data export). */
export function calendarIcsParts(
  q: Queryable, family: { id: string; name: string; timezone: string }, year: number,
): Promise<Iterable<string>> {
  return feedPartsOf(q, family, year);
}

export interface EventForExport {
  id: string; title: string; description: string | null; location: string | null; address: string | null;
  startTime: string; endTime: string; allDay: boolean; categoryId: string | null;
  recurringPattern: string | null; recurringEndDate: string | null; seriesId: string | null; originalDate: string | null;
  isMeal: boolean; mealId: string | null; reminderMinutes: number | null; servings: number | null;
  attendeeIds: string[];
  /** A series' dates deleted or replaced by an edited occurrence. */
  exceptions: string[];
}

/**
 * A page of the family's events and series by start and id (`after`: the last of the previous page), along the
 * family's (family_id, start_time) index: paged by id alone, each page scanned other families' events too.
 */
export async function eventsForExport(
  q: Queryable, familyId: string, after: Pick<EventForExport, 'startTime' | 'id'> | null, limit: number,
): Promise<EventForExport[]> {
  const rows = await rawRows<Omit<EventForExport, 'attendeeIds' | 'exceptions'>>(q, sql`select id, title, description,
    location, address, start_time as "startTime", end_time as "endTime", all_day as "allDay", category_id as "categoryId",
    recurring_pattern as "recurringPattern", recurring_end_date as "recurringEndDate", series_id as "seriesId",
    original_date as "originalDate", is_meal as "isMeal", meal_id as "mealId", reminder_minutes as "reminderMinutes", servings
    from calendar_events where family_id = ${familyId}
    and (${after?.id ?? null}::uuid is null or (start_time, id) > (${after?.startTime ?? null}, ${after?.id ?? null}::uuid))
    order by start_time, id limit ${limit}`);
  const events = rows.map((r) => ({ ...r, attendeeIds: [] as string[], exceptions: [] as string[] }));
  const byId = new Map(events.map((e) => [e.id, e]));
  const ids = events.map((e) => e.id);
  for (const a of await attendeesOf(q, ids)) byId.get(a.eventId)!.attendeeIds = a.memberIds;
  for (const x of await exceptionsOf(q, ids)) byId.get(x.eventId)?.exceptions.push(x.occurrenceDate);
  for (const e of events) e.exceptions.sort();
  return events;
}

/**
 * An exported family's events and series, added to a new family inside the caller's transaction (`ids`: old id to
 * new, members' and recipes' too).
 */
export async function restoreEvents(
  tx: Tx, familyId: string, ids: (old: string | null) => string | null, events: EventForExport[],
): Promise<void> {
  for (let i = 0; i < events.length; i += 500) {
    const chunk = events.slice(i, i + 500);
    await tx.insert(calendarEvents).values(chunk.map((e) => ({
      id: ids(e.id)!, familyId, title: e.title, description: e.description, location: e.location, address: e.address,
      startTime: e.startTime, endTime: e.endTime, allDay: e.allDay, categoryId: e.categoryId,
      recurringPattern: e.recurringPattern, recurringEndDate: e.recurringEndDate, seriesId: ids(e.seriesId),
      originalDate: e.originalDate, isMeal: e.isMeal, mealId: ids(e.mealId), reminderMinutes: e.reminderMinutes,
      servings: e.servings,
    })));
    const attendees = chunk.flatMap((e) => e.attendeeIds.map((m) => ({ eventId: ids(e.id)!, memberId: ids(m)! })));
    if (attendees.length > 0) await tx.insert(calendarEventAttendees).values(attendees);
    const exceptions = chunk.flatMap((e) => e.exceptions.map((d) => ({ eventId: ids(e.id)!, occurrenceDate: d })));
    if (exceptions.length > 0) await tx.insert(calendarEventExceptions).values(exceptions);
  }
}
