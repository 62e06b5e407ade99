import type { CalendarEvent, RecurringPattern } from '@hearth/contract/calendar';
import type { Occurrence } from './expand.ts';
import type { ShownRow } from './repository.ts';

function timeString(o: Occurrence, allDay: boolean): string {
  return allDay ? 'All day' : `${o.startTime.slice(11, 16)} - ${o.endTime.slice(11, 16)}`;
}

/** One occurrence of a row as the API answers it. */
export function toEvent(row: ShownRow, o: Occurrence, attendeeIds: string[]): CalendarEvent {
  return {
    id: row.id,
    seriesId: row.seriesId ?? row.id,
    title: row.title,
    description: row.description,
    location: row.location,
    address: row.address,
    startTime: o.startTime,
    endTime: o.endTime,
    allDay: row.allDay,
    categoryId: row.categoryId,
    recurringPattern: row.recurringPattern as RecurringPattern | null,
    recurringEndDate: row.recurringEndDate,
    mealId: row.mealId,
    isMeal: row.isMeal,
    isRecurring: row.recurringPattern !== null || row.seriesId !== null,
    occurrenceDate: row.originalDate ?? o.date,
    attendeeIds,
    reminderMinutes: row.reminderMinutes,
    timeString: timeString(o, row.allDay),
  };
}

export const ownOccurrence = (row: ShownRow): Occurrence =>
  ({ startTime: row.startTime, endTime: row.endTime, date: row.startTime.slice(0, 10) });
