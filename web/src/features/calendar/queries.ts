import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@hearth/contract/calendar';
import type { BodyInputOf } from '@hearth/contract/endpoint';
import { call } from '../../shared/api/client.ts';

/** Keys start with the live topic 'calendar', so another member's change refetches them (shared/live.ts). */
export const calendarKeys = {
  all: ['calendar'] as const,
  events: (startDate: string, endDate: string) => ['calendar', 'events', startDate, endDate] as const,
  event: (id: string) => ['calendar', 'event', id] as const,
  categories: ['calendar', 'categories'] as const,
  exportUrl: ['calendar', 'export-url'] as const,
};

/** One load window's occurrences; the previous window stays on screen while the next one loads. */
export function useEvents(window: { startDate: string; endDate: string } | null) {
  return useQuery({
    queryKey: calendarKeys.events(window?.startDate ?? '', window?.endDate ?? ''),
    queryFn: () => call(api.listEvents, { query: window! }),
    enabled: window !== null,
    placeholderData: keepPreviousData,
  });
}

/** A series as stored: its first occurrence's times, which a whole-series edit moves. */
export const seriesQuery = (id: string) => ({
  queryKey: calendarKeys.event(id),
  queryFn: () => call(api.getEvent, { params: { id } }),
});

export function useSeries(id: string | null) {
  return useQuery({ ...seriesQuery(id ?? ''), enabled: id !== null });
}

export function useCategories() {
  return useQuery({ queryKey: calendarKeys.categories, queryFn: () => call(api.listCategories), staleTime: Infinity });
}

export function useExportUrl(enabled: boolean) {
  return useQuery({ queryKey: calendarKeys.exportUrl, queryFn: () => call(api.calendarExportUrl), enabled });
}

/**
 * After a write the calendar refetches; a meal may also have made a recipe, list items or a saved place, and the
 * newsfeed shows all of them.
 */
function useCalendarMutation<T, R>(fn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all(['calendar', 'dashboard', 'meals', 'grocery', 'locations']
      .map((topic) => queryClient.invalidateQueries({ queryKey: [topic] }))),
  });
}

export interface SaveInput {
  id?: string;
  /** Set to change one occurrence of a series (editType=single). */
  occurrenceDate?: string;
  body: EventBody;
}

export type EventBody = BodyInputOf<typeof api.createEvent>;

export const useSaveEvent = () => useCalendarMutation(({ id, occurrenceDate, body }: SaveInput) => {
  if (!id) return call(api.createEvent, { body });
  return call(api.updateEvent, {
    params: { id },
    query: occurrenceDate ? { editType: 'single', occurrenceDate } : { editType: 'series' },
    body,
  });
});

export const useDeleteEvent = () => useCalendarMutation((input: {
  id: string; deleteType: 'single' | 'future' | 'series'; occurrenceDate?: string;
}) => call(api.deleteEvent, { params: { id: input.id }, query: { deleteType: input.deleteType, occurrenceDate: input.occurrenceDate } }));

export function useRegenerateExportUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.regenerateCalendarExportUrl),
    onSuccess: (url) => queryClient.setQueryData(calendarKeys.exportUrl, url),
  });
}

/** The week planner's notes on list rows, for the grocery list page. */
export { useMealNotes } from './plan/queries.ts';
