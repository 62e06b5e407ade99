import { and, asc, count, eq, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import {
  calendarEventAttendees, calendarEventExceptions, calendarEvents, calendarFeeds, families, familyMembers,
} from '../../platform/db/schema.ts';

export type EventRow = typeof calendarEvents.$inferSelect;
export type NewEventRow = typeof calendarEvents.$inferInsert;

/** What an occurrence is built from: the bookkeeping columns (family, author, timestamps) are not read. */
const shownColumns = {
  id: calendarEvents.id, title: calendarEvents.title, description: calendarEvents.description,
  location: calendarEvents.location, address: calendarEvents.address, startTime: calendarEvents.startTime,
  endTime: calendarEvents.endTime, allDay: calendarEvents.allDay, categoryId: calendarEvents.categoryId,
  recurringPattern: calendarEvents.recurringPattern, recurringEndDate: calendarEvents.recurringEndDate,
  seriesId: calendarEvents.seriesId, originalDate: calendarEvents.originalDate, isMeal: calendarEvents.isMeal,
  mealId: calendarEvents.mealId,
};
export type ShownRow = Pick<EventRow, keyof typeof shownColumns>;

/** Longest span an occurrence of a series is looked back for when it started before the window (days). */
const seriesLookbackDays = 62;

/**
 * Every row that can show in [from, toExclusive) in one indexed query: plain events overlapping the window, and
 * series that start before its end and have not ended before it began.
 */
export function eventsInWindow(q: Queryable, familyId: string, from: string, toExclusive: string, lookbackFrom: string) {
  const e = calendarEvents;
  return q.select(shownColumns).from(e).where(and(
    eq(e.familyId, familyId),
    lt(e.startTime, toExclusive),
    or(
      and(isNull(e.recurringPattern), or(sql`${e.endTime} > ${from}`, gte(e.startTime, from))),
      and(isNotNull(e.recurringPattern), or(isNull(e.recurringEndDate), gte(e.recurringEndDate, lookbackFrom))),
    ),
  )).orderBy(asc(e.startTime));
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

/** Ids go as one array parameter: a window holds hundreds of series, and one parameter each costs planning time. */
const anyOf = (column: typeof calendarEventExceptions.eventId | typeof calendarEventAttendees.eventId, ids: string[]) =>
  sql`${column} = any(${sql.param(ids)}::uuid[])`;

export async function exceptionsOf(q: Queryable, eventIds: string[]) {
  if (eventIds.length === 0) return [];
  return q.select().from(calendarEventExceptions).where(anyOf(calendarEventExceptions.eventId, eventIds));
}

export async function addException(q: Queryable, eventId: string, occurrenceDate: string): Promise<void> {
  await q.insert(calendarEventExceptions).values({ eventId, occurrenceDate }).onConflictDoNothing();
}

/** Each event's attendee ids, one row per event (fewer rows to read than one per attendee). */
export async function attendeesOf(q: Queryable, eventIds: string[]): Promise<{ eventId: string; memberIds: string[] }[]> {
  if (eventIds.length === 0) return [];
  const a = calendarEventAttendees;
  return q.select({ eventId: a.eventId, memberIds: sql<string[]>`array_agg(${a.memberId} order by ${a.memberId})` })
    .from(a).where(anyOf(a.eventId, eventIds)).groupBy(a.eventId);
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

export async function familyOfFeed(q: Queryable, secret: string): Promise<string | undefined> {
  const [row] = await q.select({ familyId: calendarFeeds.familyId }).from(calendarFeeds).where(eq(calendarFeeds.secret, secret));
  return row?.familyId;
}

/** Every row of the family, for the subscription feed. */
export function allEvents(q: Queryable, familyId: string) {
  return q.select().from(calendarEvents).where(eq(calendarEvents.familyId, familyId)).orderBy(asc(calendarEvents.startTime));
}

export async function familyOf(q: Queryable, familyId: string) {
  const [row] = await q.select({ name: families.name, timezone: families.timezone }).from(families).where(eq(families.id, familyId));
  return row;
}
