import type { NewsfeedComment, NewsfeedEvent, NewsfeedList, NewsfeedMeal } from '@hearth/contract/dashboard';
import type { CalendarOccurrence } from '../calendar/public.ts';
import type { ListSummary, RecentComment } from '../grocery/public.ts';
import { localDate } from '../../platform/local-date.ts';
import { daysBetween } from './windows.ts';

export function toEvent(o: CalendarOccurrence): NewsfeedEvent {
  return {
    id: o.id, title: o.title, timeString: o.timeString, startTime: o.startTime, endTime: o.endTime, allDay: o.allDay,
    location: o.location, address: o.address, isRecurring: o.isRecurring, attendeeIds: o.attendeeIds,
  };
}

export function toMeal(o: CalendarOccurrence): NewsfeedMeal {
  return {
    id: o.id, title: o.title, date: o.startTime.slice(0, 10), timeString: o.timeString, startTime: o.startTime,
    endTime: o.endTime, allDay: o.allDay, location: o.location, address: o.address, attendeeIds: o.attendeeIds,
    mealId: o.mealId,
  };
}

export function toList(l: ListSummary): NewsfeedList {
  return { id: l.id, name: l.title, totalItems: l.totalItems, recentlyAdded: l.recentlyAdded };
}

/** `daysAgo` counts local midnights of the family between the comment and today. */
export function toComment(c: RecentComment, today: string, timezone: string): NewsfeedComment {
  return {
    id: c.id, content: c.text, createdBy: c.userName, daysAgo: Math.max(0, daysBetween(localDate(c.createdAt, timezone), today)),
    listName: c.listTitle, listId: c.listId,
  };
}
