import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, id } from './columns.ts';
import { familyMembers, familyRef } from './family.ts';

/**
 * Events keep local wall-clock times (`YYYY-MM-DDTHH:mm:ss`, text sorts as time does), so a 09:00 event stays at
 * 09:00 across daylight-saving changes; the family's zone is applied only where an instant is needed (the feed).
 * A row with a recurringPattern is a series; a row with originalDate is one occurrence of seriesId moved or edited.
 */
export const calendarEvents = pgTable('calendar_events', {
  id: id(),
  familyId: familyRef(),
  title: text('title').notNull(),
  description: text('description'),
  location: text('location'),
  address: text('address'),
  startTime: text('start_time').notNull(),
  endTime: text('end_time').notNull(),
  allDay: boolean('all_day').notNull().default(false),
  categoryId: text('category_id'),
  recurringPattern: text('recurring_pattern'),
  /** Last local date an occurrence may start on (inclusive); null runs forever. */
  recurringEndDate: text('recurring_end_date'),
  /** For an edited occurrence: its series and the date it replaces. */
  seriesId: uuid('series_id'),
  originalDate: text('original_date'),
  isMeal: boolean('is_meal').notNull().default(false),
  mealId: uuid('meal_id'),
  createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  // The window query: plain events by start, series by start and end date, per family.
  index('calendar_events_family_start_idx').on(t.familyId, t.startTime),
  index('calendar_events_series_idx').on(t.seriesId),
]);

/** Occurrences of a series that are not generated: deleted, or replaced by an edited occurrence row. */
export const calendarEventExceptions = pgTable('calendar_event_exceptions', {
  eventId: uuid('event_id').notNull().references(() => calendarEvents.id, { onDelete: 'cascade' }),
  occurrenceDate: text('occurrence_date').notNull(),
}, (t) => [primaryKey({ columns: [t.eventId, t.occurrenceDate] })]);

export const calendarEventAttendees = pgTable('calendar_event_attendees', {
  eventId: uuid('event_id').notNull().references(() => calendarEvents.id, { onDelete: 'cascade' }),
  memberId: uuid('member_id').notNull().references(() => familyMembers.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.eventId, t.memberId] }), index('calendar_event_attendees_member_idx').on(t.memberId)]);

/** The secret in a family's subscription link; regenerating it ends every old subscription. */
export const calendarFeeds = pgTable('calendar_feeds', {
  familyId: familyRef().primaryKey(),
  secret: text('secret').notNull().unique(),
  createdAt: createdAt(),
});
