import { and, asc, count, eq, gte, inArray, sql } from 'drizzle-orm';
import { rawRows, type Queryable } from '../../platform/db/client.ts';
import {
  calendarEventAttendees, calendarEventExceptions, calendarEvents, calendarFeeds, farSpanDays,
} from '../../platform/db/schema/calendar.ts';
import { families, familyMembers } from '../../platform/db/schema/family.ts';

/**
 * Member `m` attends event `e` (the query's aliases): one of its attendees, or anyone for a family event (no
 * attendees). Who is told of an event's changes and reminded of it.
 */
export const attendsEvent = sql`(not exists (select 1 from calendar_event_attendees a where a.event_id = e.id)
  or exists (select 1 from calendar_event_attendees a where a.event_id = e.id and a.member_id = m.id))`;

export type EventRow = typeof calendarEvents.$inferSelect;
export type NewEventRow = typeof calendarEvents.$inferInsert;

/** What an occurrence is built from: the bookkeeping columns (family, author, timestamps) are not read. */
const shownColumns = {
  id: calendarEvents.id, title: calendarEvents.title, description: calendarEvents.description,
  location: calendarEvents.location, address: calendarEvents.address, startTime: calendarEvents.startTime,
  endTime: calendarEvents.endTime, allDay: calendarEvents.allDay, categoryId: calendarEvents.categoryId,
  recurringPattern: calendarEvents.recurringPattern, recurringEndDate: calendarEvents.recurringEndDate,
  seriesId: calendarEvents.seriesId, originalDate: calendarEvents.originalDate, isMeal: calendarEvents.isMeal,
  mealId: calendarEvents.mealId, reminderMinutes: calendarEvents.reminderMinutes,
};
export type ShownRow = Pick<EventRow, keyof typeof shownColumns>;

/** How far before a window a row can start and still show in it, unless it is a far row (a series, a long event). */
const seriesLookbackDays = farSpanDays;

/** A row of the window with what its occurrences need: the series' skipped dates and the attendees. */
export interface WindowRow extends ShownRow {
  /** Dates a series does not generate (deleted or replaced occurrences); null for plain events and series without. */
  skip: string[] | null;
  attendeeIds: string[] | null;
}

/** A window row's columns, in the order `toWindowRow` reads them. */
const windowColumns = sql`json_build_array(id, title, description, location, address, start_time, end_time, all_day,
  category_id, recurring_pattern, recurring_end_date, series_id, original_date, is_meal, meal_id, reminder_minutes,
  case when recurring_pattern is not null then
    (select array_agg(x.occurrence_date) from ${calendarEventExceptions} x where x.event_id = e.id) end,
  (select array_agg(a.member_id order by a.member_id) from ${calendarEventAttendees} a where a.event_id = e.id)
  ) as r`;

type WindowTuple = [
  string, string, string | null, string | null, string | null, string, string, boolean, string | null, string | null,
  string | null, string | null, string | null, boolean, string | null, number | null, string[] | null, string[] | null,
];

function toWindowRow(t: WindowTuple): WindowRow {
  return {
    id: t[0], title: t[1], description: t[2], location: t[3], address: t[4], startTime: t[5], endTime: t[6],
    allDay: t[7], categoryId: t[8], recurringPattern: t[9], recurringEndDate: t[10], seriesId: t[11],
    originalDate: t[12], isMeal: t[13], mealId: t[14], reminderMinutes: t[15], skip: t[16], attendeeIds: t[17],
  };
}

/**
 * Every row that can show in [from, toExclusive), with its exceptions and attendees, in one query of two indexed
 * reads: near rows (plain events of up to `farSpanDays`) by start within the lookback, so a short window never
 * reads the family's whole history; and far rows (series, longer events) that start before the window's end and
 * have not ended before it began. The rows come back as one JSON text of arrays: the embedded engine decodes one
 * value instead of fifteen columns a row (much of the read's cost), and arrays instead of objects halve the text
 * and cut PostgreSQL's time building it (docs/performance.md).
 */
export async function eventsInWindow(
  q: Queryable, familyId: string, from: string, toExclusive: string, lookbackFrom: string,
): Promise<WindowRow[]> {
  const [row] = await rawRows<{ rows: string }>(q, sql`select coalesce(json_agg(w.r), '[]')::text as rows from (
    select ${windowColumns} from ${calendarEvents} e
    where family_id = ${familyId} and not reaches_far and start_time >= ${lookbackFrom} and start_time < ${toExclusive}
      and (end_time > ${from} or start_time >= ${from} or (all_day and end_time >= ${from}))
    union all
    select ${windowColumns} from ${calendarEvents} e
    where family_id = ${familyId} and reaches_far and start_time < ${toExclusive}
      and ((recurring_pattern is null and (end_time > ${from} or (all_day and end_time >= ${from})))
        or (recurring_pattern is not null and (recurring_end_date is null or recurring_end_date >= ${lookbackFrom})))
  ) w`);
  return (JSON.parse(row!.rows) as WindowTuple[]).map(toWindowRow);
}
export { seriesLookbackDays };

export async function findEvent(q: Queryable, familyId: string, id: string, lock = false): Promise<EventRow | undefined> {
  const query = q.select().from(calendarEvents)
    .where(and(eq(calendarEvents.id, id), eq(calendarEvents.familyId, familyId)));
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

export async function countEvents(q: Queryable, familyId: string): Promise<number> {
  const [row] = await q.select({ n: count() }).from(calendarEvents).where(eq(calendarEvents.familyId, familyId));
  return row?.n ?? 0;
}

export async function insertEvent(q: Queryable, row: NewEventRow): Promise<EventRow> {
  const [inserted] = await q.insert(calendarEvents).values(row).returning();
  return inserted!;
}

export async function updateEvent(q: Queryable, familyId: string, id: string, set: Partial<NewEventRow>): Promise<void> {
  await q.update(calendarEvents).set(set).where(and(eq(calendarEvents.id, id), eq(calendarEvents.familyId, familyId)));
}

export async function deleteEvent(q: Queryable, familyId: string, id: string): Promise<void> {
  await q.delete(calendarEvents).where(and(eq(calendarEvents.id, id), eq(calendarEvents.familyId, familyId)));
}

/** The edited occurrences of a series, all of them or from a date on. */
export async function deleteOverrides(q: Queryable, familyId: string, seriesId: string, fromDate?: string): Promise<void> {
  const e = calendarEvents;
  await q.delete(e).where(and(
    eq(e.familyId, familyId), eq(e.seriesId, seriesId), fromDate ? gte(e.originalDate, fromDate) : undefined,
  ));
}

// The window's reads are raw SQL (rawRows), and ids go as one array parameter: a window holds hundreds of series,
// and one parameter each costs planning time.

export async function exceptionsOf(q: Queryable, eventIds: string[]): Promise<{ eventId: string; occurrenceDate: string }[]> {
  if (eventIds.length === 0) return [];
  return rawRows(q, sql`select event_id as "eventId", occurrence_date as "occurrenceDate" from ${calendarEventExceptions}
    where event_id = any(${sql.param(eventIds)}::uuid[])`);
}

export async function addException(q: Queryable, eventId: string, occurrenceDate: string): Promise<void> {
  await q.insert(calendarEventExceptions).values({ eventId, occurrenceDate }).onConflictDoNothing();
}

/** Each event's attendee ids, one row per event (fewer rows to read than one per attendee). */
export async function attendeesOf(q: Queryable, eventIds: string[]): Promise<{ eventId: string; memberIds: string[] }[]> {
  if (eventIds.length === 0) return [];
  return rawRows(q, sql`select event_id as "eventId", array_agg(member_id order by member_id) as "memberIds"
    from ${calendarEventAttendees} where event_id = any(${sql.param(eventIds)}::uuid[]) group by event_id`);
}

export async function replaceAttendees(q: Queryable, eventId: string, memberIds: string[]): Promise<void> {
  await q.delete(calendarEventAttendees).where(eq(calendarEventAttendees.eventId, eventId));
  if (memberIds.length > 0) {
    await q.insert(calendarEventAttendees).values(memberIds.map((memberId) => ({ eventId, memberId })));
  }
}

/** How many of these member ids are members of the family (each counted once). */
export async function countFamilyMembers(q: Queryable, familyId: string, memberIds: string[]): Promise<number> {
  if (memberIds.length === 0) return 0;
  const [row] = await q.select({ n: count() }).from(familyMembers)
    .where(and(eq(familyMembers.familyId, familyId), inArray(familyMembers.id, memberIds)));
  return row?.n ?? 0;
}

/** The reminder the family's new events start with. */
export async function defaultReminder(q: Queryable, familyId: string): Promise<number | null> {
  const [row] = await q.select({ minutes: families.defaultReminderMinutes }).from(families).where(eq(families.id, familyId));
  return row?.minutes ?? null;
}

export async function feedSecret(q: Queryable, familyId: string): Promise<string | undefined> {
  const [row] = await q.select({ secret: calendarFeeds.secret }).from(calendarFeeds).where(eq(calendarFeeds.familyId, familyId));
  return row?.secret;
}

/** Stores the family's secret unless one exists; answers the one that is stored. */
export async function claimFeedSecret(q: Queryable, familyId: string, secret: string): Promise<string> {
  await q.insert(calendarFeeds).values({ familyId, secret }).onConflictDoNothing({ target: calendarFeeds.familyId });
  return (await feedSecret(q, familyId))!;
}

export async function replaceFeedSecret(q: Queryable, familyId: string, secret: string): Promise<void> {
  await q.insert(calendarFeeds).values({ familyId, secret })
    .onConflictDoUpdate({ target: calendarFeeds.familyId, set: { secret } });
}

/** Replaces the family's secret if it has one (no link made yet: nothing to replace). */
export async function renewFeedSecret(q: Queryable, familyId: string, secret: string): Promise<void> {
  await q.update(calendarFeeds).set({ secret }).where(eq(calendarFeeds.familyId, familyId));
}

/** The family a feed secret opens, with what its feed is built from besides the events: the version, name and zone. */
export async function feedOf(q: Queryable, secret: string) {
  const [row] = await q.select({
    familyId: calendarFeeds.familyId, version: calendarFeeds.eventsVersion, name: families.name, timezone: families.timezone,
  }).from(calendarFeeds).innerJoin(families, eq(families.id, calendarFeeds.familyId)).where(eq(calendarFeeds.secret, secret));
  return row;
}

/** What the subscription feed shows of a row. */
const feedColumns = {
  id: calendarEvents.id, title: calendarEvents.title, description: calendarEvents.description,
  location: calendarEvents.location, address: calendarEvents.address, startTime: calendarEvents.startTime,
  endTime: calendarEvents.endTime, allDay: calendarEvents.allDay, recurringPattern: calendarEvents.recurringPattern,
  recurringEndDate: calendarEvents.recurringEndDate, seriesId: calendarEvents.seriesId, originalDate: calendarEvents.originalDate,
};
export type FeedRow = Pick<EventRow, keyof typeof feedColumns>;

/** A page of the family's rows for the subscription feed, in start order, after `after` (the last row of the page before). */
export function feedEvents(q: Queryable, familyId: string, after: FeedRow | undefined, limit: number): Promise<FeedRow[]> {
  const e = calendarEvents;
  return q.select(feedColumns).from(e)
    .where(and(eq(e.familyId, familyId), after ? sql`(${e.startTime}, ${e.id}) > (${after.startTime}, ${after.id}::uuid)` : undefined))
    .orderBy(asc(e.startTime), asc(e.id)).limit(limit);
}
