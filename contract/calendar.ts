import { z } from 'zod';
import { isCalendarDate } from './dates.ts';
import { endpoint, Id, IdParams } from './endpoint.ts';
import { reminderChoices, reminderMessages } from './reminders.ts';

/** Field limits (spec part 2 §5, §9) and a per-family bound no real family meets (the spec names none). */
export const calendarLimits = {
  titleMax: 255,
  descriptionMax: 1000,
  locationMax: 255,
  addressMax: 255,
  newRecipeNameMax: 255,
  attendeesMax: 100,
  eventsPerFamily: 20000,
  /** The widest window one GET may ask for, in days (the web asks for about three months). */
  windowDaysMax: 400,
  /** The most occurrences one GET answers (a busy family has a few thousand in the page's three months). */
  windowEventsMax: 10_000,
  /** The longest an event may last, in days: a timed one from start to end, an all-day one from its first day to its last. */
  eventDaysMax: 366,
} as const;

/** The spec's exact texts for the calendar (part 2 §2, §5, §8), and the server's messages. */
export const calendarMessages = {
  headingSuffix: ' Calendar',
  titleRequired: 'Event title is required',
  mealTitleRequired: 'Meal title is required',
  startRequired: 'Start time is required',
  endRequired: 'End time is required',
  endAfterStart: 'End time must be after start time',
  allDayEndBeforeStart: 'End date must be the same or after start date for all-day events',
  eventTooLong: `End time must be at most ${calendarLimits.eventDaysMax} days after start time`,
  allDayEventTooLong: `End date must be at most ${calendarLimits.eventDaysMax - 1} days after start date for all-day events`,
  restaurantRequired: 'Restaurant name is required when eating out',
  groceryListRequired: 'Please select a grocery list to add ingredients to',
  groceryRecipeRequired: 'Choose a recipe to add its ingredients to a list',
  titleTooLong: `Title must be at most ${calendarLimits.titleMax} characters`,
  descriptionTooLong: `Description must be at most ${calendarLimits.descriptionMax} characters`,
  locationTooLong: `Location must be at most ${calendarLimits.locationMax} characters`,
  addressTooLong: `Address must be at most ${calendarLimits.addressMax} characters`,
  newRecipeNameTooLong: `New recipe name must be at most ${calendarLimits.newRecipeNameMax} characters`,
  dateTimeInvalid: 'Times must be local date-times like 2026-03-08T09:30:00',
  dateInvalid: 'Dates must look like YYYY-MM-DD',
  windowInvalid: 'endDate must be after startDate',
  windowTooWide: `The window may span at most ${calendarLimits.windowDaysMax} days`,
  windowTooFull: `This period has more than ${calendarLimits.windowEventsMax} events. Please choose a shorter one.`,
  occurrenceDateRequired: 'Could not delete recurring event: missing occurrence date.',
  occurrenceNotFound: 'Could not find the event instance to delete.',
  eventNotFound: 'Event not found',
  memberNotFound: 'Attendee is not a member of this family',
  recipeNotFound: 'Recipe not found',
  groceryListNotFound: 'Grocery list not found',
  recurringEndBeforeStart: 'Recurrence end date must not be before the start date',
  tooManyEvents: `A family can have at most ${calendarLimits.eventsPerFamily} events.`,
  feedNotFound: 'Calendar not found',
  feedTooMany: 'This calendar is being refreshed too often. Please try again in a minute.',
} as const;

export const recurringPatterns = ['WEEKLY', 'BI_WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export const RecurringPattern = z.enum(recurringPatterns);
export type RecurringPattern = z.infer<typeof RecurringPattern>;
export const mealTypes = ['BREAKFAST', 'LUNCH', 'DINNER'] as const;
export type MealType = (typeof mealTypes)[number];

/** Where a meal of each type starts by default (spec §4, §9): 08:00, 12:00 or 18:00, one hour long. */
export const mealSlotHours: Record<MealType, number> = { BREAKFAST: 8, LUNCH: 12, DINNER: 18 };
/** Each type's name, as the forms, the planner and a meal's reminder say it. */
export const mealTypeLabels: Record<MealType, string> = { BREAKFAST: 'Breakfast', LUNCH: 'Lunch', DINNER: 'Dinner' };

/**
 * The server keeps no meal type: a meal's type is read from its start (before 10:00 breakfast, before 15:00 lunch,
 * else dinner), the same in the meal form, the week planner and a meal's reminder.
 */
export function mealTypeAt(startTime: string): MealType {
  const hour = Number(startTime.slice(11, 13));
  return hour < 10 ? 'BREAKFAST' : hour < 15 ? 'LUNCH' : 'DINNER';
}

/** The categories the form offers (spec: Category id, name; the spec lists none, so the calendar fixes these). */
export const calendarCategories = [
  { id: 'general', name: 'General' },
  { id: 'appointment', name: 'Appointment' },
  { id: 'school', name: 'School' },
  { id: 'sports', name: 'Sports' },
  { id: 'work', name: 'Work' },
  { id: 'birthday', name: 'Birthday' },
  { id: 'holiday', name: 'Holiday' },
] as const;
const categoryIds = calendarCategories.map((c) => c.id) as [string, ...string[]];

/** A local wall-clock date-time with no zone (spec §7): `YYYY-MM-DDTHH:mm` or with seconds; answered with seconds. */
const LOCAL = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,3})?)?$/;
export function normaliseLocalDateTime(value: string): string | null {
  const m = LOCAL.exec(value);
  if (!m || !isCalendarDate(m[1]!)) return null;
  return `${m[1]}T${m[2]}:${m[3]}:${m[4] ?? '00'}`;
}
const LocalDateTime = (required: string) => z.string({ error: required }).trim().min(1, required)
  .transform((v, ctx) => {
    const n = normaliseLocalDateTime(v);
    if (!n) ctx.addIssue({ code: 'custom', message: calendarMessages.dateTimeInvalid });
    return n ?? v;
  });
const dayMs = 86_400_000;
/**
 * The message for an event longer than `eventDaysMax` (null when it is not): a timed event's end at most that many
 * days after its start; an all-day event's last day at most one day fewer after its first, as its last day counts.
 * Takes normalised local date-times.
 */
export function eventLengthProblem(e: { startTime: string; endTime: string; allDay: boolean }): string | null {
  if (e.allDay) {
    const days = (Date.parse(`${e.endTime.slice(0, 10)}T00:00:00Z`) - Date.parse(`${e.startTime.slice(0, 10)}T00:00:00Z`)) / dayMs;
    return days > calendarLimits.eventDaysMax - 1 ? calendarMessages.allDayEventTooLong : null;
  }
  const ms = Date.parse(`${e.endTime}Z`) - Date.parse(`${e.startTime}Z`);
  return ms > calendarLimits.eventDaysMax * dayMs ? calendarMessages.eventTooLong : null;
}

export const LocalDate = z.string({ error: calendarMessages.dateInvalid })
  .refine(isCalendarDate, calendarMessages.dateInvalid);

const emptyToNull = (v: unknown) => (v === '' ? null : v);

/** A reminder choice (reminders.ts): minutes before the start, or null for none. */
export const Reminder = z.literal([...reminderChoices], { error: reminderMessages.invalid }).nullable();
const optionalText = (max: number, tooLong: string) =>
  z.string({ error: tooLong }).trim().max(max, tooLong).nullish().transform((v) => v || null);

export const CalendarEvent = z.object({
  id: z.uuid(),
  /** The series this occurrence belongs to (its own id for a plain event). */
  seriesId: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  location: z.string().nullable(),
  address: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string(),
  allDay: z.boolean(),
  categoryId: z.string().nullable(),
  recurringPattern: RecurringPattern.nullable(),
  recurringEndDate: z.string().nullable(),
  mealId: z.uuid().nullable(),
  isMeal: z.boolean(),
  isRecurring: z.boolean(),
  /** The occurrence's date (YYYY-MM-DD), which single and future deletes and edits name. */
  occurrenceDate: z.string(),
  attendeeIds: z.array(z.uuid()),
  /** Minutes before the start its attendees are reminded (reminders.ts), or null. */
  reminderMinutes: z.number().int().nullable(),
  /** "09:30 - 10:30", or "All day". */
  timeString: z.string(),
});
export type CalendarEvent = z.infer<typeof CalendarEvent>;

/** The event form and the meal form (spec §3) send one payload; the meal-only fields apply when isMeal. */
export const EventInput = z.object({
  title: z.string().optional(),
  description: optionalText(calendarLimits.descriptionMax, calendarMessages.descriptionTooLong),
  location: optionalText(calendarLimits.locationMax, calendarMessages.locationTooLong),
  address: optionalText(calendarLimits.addressMax, calendarMessages.addressTooLong),
  startTime: LocalDateTime(calendarMessages.startRequired),
  endTime: LocalDateTime(calendarMessages.endRequired),
  allDay: z.boolean().default(false),
  categoryId: z.preprocess(emptyToNull, z.enum(categoryIds, { error: 'Unknown category' }).nullish())
    .transform((v) => v ?? null),
  recurringPattern: z.preprocess(emptyToNull, RecurringPattern.nullish()).transform((v) => v ?? null),
  recurringEndDate: z.preprocess(emptyToNull, LocalDate.nullish()).transform((v) => v ?? null),
  attendeeIds: z.array(Id).max(calendarLimits.attendeesMax).default([]),
  isMeal: z.boolean().default(false),
  mealId: z.preprocess(emptyToNull, Id.nullish()).transform((v) => v ?? null),
  recipeId: z.preprocess(emptyToNull, Id.nullish()).transform((v) => v ?? null),
  newRecipeName: optionalText(calendarLimits.newRecipeNameMax, calendarMessages.newRecipeNameTooLong),
  mealType: z.enum(mealTypes).default('DINNER'),
  isEatingOut: z.boolean().default(false),
  restaurantName: optionalText(calendarLimits.locationMax, calendarMessages.locationTooLong),
  restaurantAddress: optionalText(calendarLimits.addressMax, calendarMessages.addressTooLong),
  addToGroceryList: z.boolean().default(false),
  selectedGroceryListId: z.preprocess(emptyToNull, Id.nullish()).transform((v) => v ?? null),
  addToLocations: z.boolean().default(false),
  /** Left out: a new event takes the family's default, an edit keeps the event's. */
  reminderMinutes: Reminder.optional(),
}).superRefine((e, ctx) => {
  const title = e.title?.trim() ?? '';
  const issue = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
  if (!title) issue(e.isMeal ? calendarMessages.mealTitleRequired : calendarMessages.titleRequired, 'title');
  else if (title.length > calendarLimits.titleMax) issue(calendarMessages.titleTooLong, 'title');
  if (normaliseLocalDateTime(e.startTime) && normaliseLocalDateTime(e.endTime)) {
    if (e.allDay && e.endTime.slice(0, 10) < e.startTime.slice(0, 10)) issue(calendarMessages.allDayEndBeforeStart, 'endTime');
    if (!e.allDay && e.endTime <= e.startTime) issue(calendarMessages.endAfterStart, 'endTime');
    const tooLong = eventLengthProblem(e);
    if (tooLong) issue(tooLong, 'endTime');
  }
  if (e.recurringPattern && e.recurringEndDate && e.recurringEndDate < e.startTime.slice(0, 10)) {
    issue(calendarMessages.recurringEndBeforeStart, 'recurringEndDate');
  }
  if (e.isMeal && e.isEatingOut && !e.restaurantName) issue(calendarMessages.restaurantRequired, 'restaurantName');
  if (e.isMeal && e.addToGroceryList && !e.selectedGroceryListId) {
    issue(calendarMessages.groceryListRequired, 'selectedGroceryListId');
  }
  // Ingredients come from a recipe: without one the option would do nothing while saying it did.
  if (e.isMeal && e.addToGroceryList && !e.recipeId && !e.newRecipeName?.trim() && !e.mealId) {
    issue(calendarMessages.groceryRecipeRequired, 'recipeId');
  }
}).transform((e) => ({
  ...e,
  title: e.title!.trim(),
  // All-day events use midnight (spec §7).
  startTime: e.allDay ? `${e.startTime.slice(0, 10)}T00:00:00` : e.startTime,
  endTime: e.allDay ? `${e.endTime.slice(0, 10)}T00:00:00` : e.endTime,
}));
export type EventInput = z.output<typeof EventInput>;

export const listEvents = endpoint({
  method: 'GET',
  path: '/api/calendar/events',
  access: 'user',
  summary: 'Occurrences in [startDate, endDate] (local dates), recurring series expanded',
  query: z.object({ startDate: LocalDate, endDate: LocalDate }),
  response: z.array(CalendarEvent),
});

export const getEvent = endpoint({
  method: 'GET',
  path: '/api/calendar/events/{id}',
  access: 'user',
  summary: 'One event (a series answers its first occurrence)',
  params: IdParams,
  response: CalendarEvent,
});

export const createEvent = endpoint({
  method: 'POST',
  path: '/api/calendar/events',
  access: 'user',
  summary: 'Add an event or a meal (ADMIN or EDIT)',
  body: EventInput,
  response: CalendarEvent,
  status: 201,
});

export const updateEvent = endpoint({
  method: 'PUT',
  path: '/api/calendar/events/{id}',
  access: 'user',
  summary: 'Change a whole series, or with editType=single&occurrenceDate one occurrence (ADMIN or EDIT)',
  params: IdParams,
  query: z.object({
    editType: z.enum(['single', 'series']).default('series'),
    occurrenceDate: LocalDate.optional(),
  }),
  body: EventInput,
  response: CalendarEvent,
});

export const deleteEvent = endpoint({
  method: 'DELETE',
  path: '/api/calendar/events/{id}',
  access: 'user',
  summary: 'Delete one occurrence, this and future ones, or the whole series (ADMIN or EDIT)',
  params: IdParams,
  query: z.object({
    deleteType: z.enum(['single', 'future', 'series']).default('single'),
    occurrenceDate: LocalDate.optional(),
  }),
  response: z.null(),
});

export const Category = z.object({ id: z.string(), name: z.string() });
export const listCategories = endpoint({
  method: 'GET',
  path: '/api/calendar/categories',
  access: 'user',
  summary: 'The categories an event may have',
  response: z.array(Category),
});

export const CalendarUrl = z.object({ calendarUrl: z.string() });

export const calendarExportUrl = endpoint({
  method: 'GET',
  path: '/api/family-members/calendar-export-url',
  access: 'user',
  summary: 'The family\'s calendar subscription link (made on first read)',
  response: CalendarUrl,
});

export const regenerateCalendarExportUrl = endpoint({
  method: 'POST',
  path: '/api/family-members/calendar-export-url/regenerate',
  access: 'user',
  summary: 'Replace the subscription link; the old one stops working (ADMIN)',
  response: CalendarUrl,
});

/**
 * Served as text/calendar; the `key` query parameter is the only key (calendar apps send no token). It is a
 * query parameter, not a path segment, because request logs keep paths but only the names of query parameters.
 */
export const calendarFeedPath = '/api/calendar/feed.ics';
