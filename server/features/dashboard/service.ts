import { newsfeedLimits, type Newsfeed, type NewsfeedEvent } from '@hearth/contract/dashboard';
import { requireFamily } from '../../platform/auth/family-access.ts';
import type { Caller } from '../../platform/auth/sessions.ts';
import type { Deps } from '../../platform/deps.ts';
import { defaultTimezone } from '../../platform/recurrence.ts';
import { occurrencesBetween, type CalendarOccurrence } from '../calendar/public.ts';
import { birthdaysBetween, familyTimezone } from '../family/membership.ts';
import { latestComments, listSummaries } from '../grocery/public.ts';
import { tasksDueBy } from '../todos/public.ts';
import { toComment, toEvent, toList, toMeal } from './mapper.ts';
import { addDays, datesCovered, datesFrom, localDate } from './windows.ts';

/**
 * The home page in one call. It owns no table: it reads the calendar, grocery, family and to-do features through their
 * public modules, each section in a fixed number of queries, so the call costs the same for any family size.
 */
export class DashboardService {
  private readonly deps: Deps;

  constructor(deps: Deps) {
    this.deps = deps;
  }

  async newsfeed(caller: Caller): Promise<Newsfeed> {
    const { familyId } = requireFamily(caller);
    const q = this.deps.db;
    const now = this.deps.clock.now();
    const timezone = (await familyTimezone(q, familyId)) ?? defaultTimezone;
    const today = localDate(now, timezone);
    const end = addDays(today, newsfeedLimits.upcomingDays);
    const since = new Date(now.getTime() - newsfeedLimits.recentlyAddedMs);
    const [occurrences, birthdays, lists, comments, tasks] = await Promise.all([
      occurrencesBetween(q, familyId, today, end),
      birthdaysBetween(q, familyId, today, addDays(end, -1)),
      listSummaries(q, familyId, since),
      latestComments(q, familyId, newsfeedLimits.recentComments),
      tasksDueBy(q, familyId, { now, today, timezone }),
    ]);
    return {
      upcomingEvents: eventsByDate(occurrences.filter((o) => !o.isMeal), today, end),
      // A meal belongs to the day it starts; one that began before today is over.
      upcomingMeals: occurrences.filter((o) => o.isMeal && o.startTime.slice(0, 10) >= today)
        .slice(0, newsfeedLimits.upcomingMeals).map(toMeal),
      upcomingBirthdays: birthdays,
      groceryLists: lists.map(toList),
      recentComments: comments.map((c) => toComment(c, today, timezone)),
      tasks,
    };
  }
}

/**
 * Each window date with the events on it, in date order: an event spanning several days shows on each of them;
 * within a day all-day events come first, then by start time, at most `eventsPerDay`. The occurrences come in start
 * and title order, which each day keeps.
 */
function eventsByDate(occurrences: CalendarOccurrence[], from: string, toExclusive: string): Record<string, NewsfeedEvent[]> {
  const dates = datesFrom(from, toExclusive);
  const days = new Map(dates.map((date) => [date, { allDay: [] as CalendarOccurrence[], timed: [] as CalendarOccurrence[] }]));
  const max = newsfeedLimits.eventsPerDay;
  for (const o of occurrences) {
    for (const date of datesCovered(o, dates)) {
      const day = days.get(date)![o.allDay ? 'allDay' : 'timed'];
      if (day.length < max) day.push(o);
    }
  }
  const byDate: Record<string, NewsfeedEvent[]> = {};
  for (const [date, { allDay, timed }] of days) {
    if (allDay.length + timed.length > 0) byDate[date] = [...allDay, ...timed].slice(0, max).map(toEvent);
  }
  return byDate;
}
