import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { Birthday } from './family.ts';
import { NewsfeedTaskGroup } from './todos.ts';

/** The newsfeed's windows and sizes (spec part 2 §2, §3, §9; the issue fixes the ones the spec leaves open). */
export const newsfeedLimits = {
  /** Upcoming events and meals: today and the next 6 days, in the family's timezone. */
  upcomingDays: 7,
  /** An item counts as recently added for this long after it was put on its list. */
  recentlyAddedMs: 24 * 60 * 60 * 1000,
  recentComments: 10,
  /** Events a day shows, all-day ones first, then by start: a screenful many times over (the calendar shows them all). */
  eventsPerDay: 100,
  /** Upcoming meals shown, by start. */
  upcomingMeals: 100,
  /** Onboarding: the checklist hides this long after the user first saw it (spec §4, §9). */
  onboardingVisibleMs: 48 * 60 * 60 * 1000,
  /** Onboarding: an account counts as new this long after it was created. */
  newAccountMs: 7 * 24 * 60 * 60 * 1000,
} as const;

const LocalDate = z.string().describe('local date of the family, YYYY-MM-DD');
const LocalDateTime = z.string().describe('local wall-clock date-time of the family, YYYY-MM-DDTHH:mm:ss');

export const NewsfeedEvent = z.object({
  id: z.uuid(),
  title: z.string(),
  /** "09:30 - 10:30", or "All day". */
  timeString: z.string(),
  startTime: LocalDateTime,
  endTime: LocalDateTime,
  allDay: z.boolean(),
  location: z.string().nullable(),
  address: z.string().nullable(),
  isRecurring: z.boolean(),
  attendeeIds: z.array(z.uuid()),
});
export type NewsfeedEvent = z.infer<typeof NewsfeedEvent>;

export const NewsfeedMeal = z.object({
  /** The calendar entry's id; the web opens the recipe (mealId) of a meal at home, else this entry on the calendar. */
  id: z.uuid(),
  title: z.string(),
  date: LocalDate,
  timeString: z.string(),
  startTime: LocalDateTime,
  endTime: LocalDateTime,
  allDay: z.boolean(),
  location: z.string().nullable(),
  /** The restaurant's address of a meal eaten out. */
  address: z.string().nullable(),
  attendeeIds: z.array(z.uuid()),
  /** The recipe the meal cooks, if any. */
  mealId: z.uuid().nullable(),
});
export type NewsfeedMeal = z.infer<typeof NewsfeedMeal>;

export const NewsfeedList = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Items still to buy. */
  totalItems: z.number().int(),
  /** Items still to buy that were put on the list in the last 24 hours. */
  recentlyAdded: z.number().int(),
});
export type NewsfeedList = z.infer<typeof NewsfeedList>;

export const NewsfeedComment = z.object({
  id: z.uuid(),
  content: z.string(),
  /** The author's name. */
  createdBy: z.string(),
  /** Whole local days between the comment and today in the family's timezone: 0 today, 1 yesterday. */
  daysAgo: z.number().int(),
  listName: z.string(),
  listId: z.uuid(),
});
export type NewsfeedComment = z.infer<typeof NewsfeedComment>;

export const Newsfeed = z.object({
  /** Local date → that day's events, in date order; only days with events appear. */
  upcomingEvents: z.record(z.string(), z.array(NewsfeedEvent)),
  upcomingMeals: z.array(NewsfeedMeal),
  /** The members' birthdays in the same 7 days, by date then name: the web shows them among the upcoming events. */
  upcomingBirthdays: z.array(Birthday),
  groceryLists: z.array(NewsfeedList),
  recentComments: z.array(NewsfeedComment),
  /** Tasks due today or overdue (family timezone), per member in member order, then nobody's; only groups with tasks. */
  tasks: z.array(NewsfeedTaskGroup),
});
export type Newsfeed = z.infer<typeof Newsfeed>;

export const getNewsfeed = endpoint({
  method: 'GET',
  path: '/api/dashboard/newsfeed',
  access: 'user',
  summary: 'The family\'s home page in one call: the next 7 days\' events, meals and birthdays (family timezone), lists with items to buy, the latest comments',
  response: Newsfeed,
});
