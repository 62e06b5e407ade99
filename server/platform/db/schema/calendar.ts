import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, id } from './columns.ts';
import { familyMembers, familyRef } from './family.ts';
import { groceryItems } from './grocery.ts';

/**
 * Events keep local wall-clock times (`YYYY-MM-DDTHH:mm:ss`, text sorts as time does), so a 09:00 event stays at
 * 09:00 across daylight-saving changes; the family's zone is applied only where an instant is needed (the feed).
 * A row with a recurringPattern is a series; a row with originalDate is one occurrence of seriesId moved or edited.
 */
/** Days a plain event may span and still be a near row; longer ones, and series, are far rows. */
export const farSpanDays = 62;

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
  /** Minutes before each occurrence its attendees are reminded (contract/reminders.ts); null: none. */
  reminderMinutes: integer('reminder_minutes'),
  /** A planned meal's servings; null: the recipe's (issue 51). */
  servings: integer('servings'),
  createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * A series, or a plain event spanning more than `farSpanDays`: rows that can show far after they start. Every
   * other row shows only within that many days of its start, so a window reads them by a bounded start range.
   */
  reachesFar: boolean('reaches_far').notNull().generatedAlwaysAs(sql`recurring_pattern is not null or (
    make_date(substr(end_time, 1, 4)::int, substr(end_time, 6, 2)::int, substr(end_time, 9, 2)::int)
    - make_date(substr(start_time, 1, 4)::int, substr(start_time, 6, 2)::int, substr(start_time, 9, 2)::int)) > ${sql.raw(String(farSpanDays))}`),
}, (t) => [
  // The window query: near rows by a bounded start range, far rows (series, long events) by their own index.
  index('calendar_events_family_start_idx').on(t.familyId, t.startTime),
  index('calendar_events_far_idx').on(t.familyId, t.startTime).where(sql`reaches_far`),
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
  /**
   * Raised by every statement that changes the family's events or their skipped dates, in that statement (triggers
   * on calendar_events and calendar_event_exceptions, migration 0022): the feed built for a version is kept for it.
   */
  eventsVersion: bigint('events_version', { mode: 'number' }).notNull().default(0),
});

/**
 * The next reminder of each event that has one (features/calendar/reminders.ts). Triggers (migration 0030) mark a row
 * stale when its event's times, recurrence, reminder or skipped dates change, or the family's timezone: the reminder
 * job works out `fireAt` again. Kept apart from calendar_events so sending touches no event row (nor the feed version).
 */
export const calendarReminders = pgTable('calendar_reminders', {
  eventId: uuid('event_id').primaryKey().references(() => calendarEvents.id, { onDelete: 'cascade' }),
  familyId: familyRef(),
  stale: boolean('stale').notNull().default(true),
  /** When the next reminder is due; null when none is to come. */
  fireAt: timestamp('fire_at', { withTimezone: true }),
  /** The local start of the occurrence it is for. */
  occurrenceStart: text('occurrence_start'),
}, (t) => [
  index('calendar_reminders_due_idx').on(t.fireAt).where(sql`fire_at is not null`),
  index('calendar_reminders_stale_idx').on(t.eventId).where(sql`stale`),
  index('calendar_reminders_family_idx').on(t.familyId),
]);

/** One row per reminder sent (event, occurrence, member): what makes a reminder go once across processes. */
export const calendarRemindersSent = pgTable('calendar_reminders_sent', {
  eventId: uuid('event_id').notNull().references(() => calendarEvents.id, { onDelete: 'cascade' }),
  occurrenceStart: text('occurrence_start').notNull(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
}, (t) => [
  primaryKey({ columns: [t.eventId, t.occurrenceStart, t.userId] }),
  index('calendar_reminders_sent_at_idx').on(t.sentAt),
]);

/**
 * What "Shop for this week" already put on lists for a family's week, by line (ingredient and kind of measure): a
 * second run adds only what is new or grew (issue 51).
 */
export const mealPlanShopped = pgTable('meal_plan_shopped', {
  familyId: familyRef(),
  weekStart: text('week_start').notNull(),
  lineKey: text('line_key').notNull(),
  /** Null for a line without a quantity, which is added once. */
  quantity: doublePrecision('quantity'),
  unit: text('unit'),
}, (t) => [primaryKey({ columns: [t.familyId, t.weekStart, t.lineKey] })]);

/** The meals an item shopped from the plan is for, one title each (a title may hold a comma), shown on its list row; goes with the item. */
export const mealPlanItemMeals = pgTable('meal_plan_item_meals', {
  itemId: uuid('item_id').primaryKey().references(() => groceryItems.id, { onDelete: 'cascade' }),
  familyId: familyRef(),
  listId: uuid('list_id').notNull(),
  meals: text('meals').array().notNull(),
}, (t) => [index('meal_plan_item_meals_list_idx').on(t.listId)]);
