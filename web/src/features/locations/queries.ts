import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@hearth/contract/locations';
import { call } from '../../shared/api/client.ts';

/** Keys start with the live topic 'locations', so another member's change refetches them. */
export const locationKeys = {
  all: ['locations'] as const,
  list: ['locations', 'list'] as const,
  favorites: ['locations', 'favorites'] as const,
  search: (query: string) => ['locations', 'search', query] as const,
  tags: ['locations', 'tags'] as const,
  notes: (locationId: string) => ['locations', 'notes', locationId] as const,
  noteCount: (locationId: string) => ['locations', 'notes', locationId, 'count'] as const,
  myNotes: ['locations', 'my-notes'] as const,
  suggestions: (query: string, kind: api.SuggestionKind) => ['locations', 'suggestions', kind, query] as const,
};

export function useLocations(enabled: boolean) {
  return useQuery({ queryKey: locationKeys.list, queryFn: () => call(api.listLocations), enabled });
}

export function useFavoriteLocations(enabled: boolean) {
  return useQuery({ queryKey: locationKeys.favorites, queryFn: () => call(api.listFavoriteLocations), enabled });
}

export function useLocationSearch(query: string) {
  return useQuery({
    queryKey: locationKeys.search(query),
    queryFn: () => call(api.searchLocations, { query: { query } }),
    enabled: query !== '',
  });
}

export function useTags(enabled: boolean) {
  return useQuery({ queryKey: locationKeys.tags, queryFn: () => call(api.listTags), enabled });
}

/** Places matching what is typed: addresses (locations, events) or establishments (restaurants); other features use it too. */
export function useAddressSuggestions(query: string, kind: api.SuggestionKind) {
  const q = query.trim();
  return useQuery({
    queryKey: locationKeys.suggestions(q, kind),
    queryFn: ({ signal }) => call(api.addressSuggestions, { query: { query: q, kind }, signal }),
    enabled: q.length >= 3,
    staleTime: 10 * 60_000,
  });
}

/** After any write the family's locations, favourites, searches and tags are fetched again. */
function useLocationsMutation<T, R>(fn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: locationKeys.all }) });
}

export const useSaveLocation = () => useLocationsMutation((input: { id?: string; body: api.LocationInput }) =>
  (input.id ? call(api.updateLocation, { params: { id: input.id }, body: input.body })
    : call(api.createLocation, { body: input.body })));

export const useDeleteLocation = () => useLocationsMutation((id: string) => call(api.deleteLocation, { params: { id } }));

export const useSetFavorite = () => useLocationsMutation((input: { id: string; isFavorite: boolean }) =>
  call(api.setLocationFavorite, { params: { id: input.id }, query: { isFavorite: String(input.isFavorite) } }));

export const useCreateTag = () => useLocationsMutation((name: string) => call(api.createTag, { body: { name } }));
export const useRenameTag = () => useLocationsMutation((input: { id: string; name: string }) =>
  call(api.updateTag, { params: { id: input.id }, body: { name: input.name } }));
export const useDeleteTag = () => useLocationsMutation((id: string) => call(api.deleteTag, { params: { id } }));

export function useLocationNotes(locationId: string, enabled: boolean) {
  return useQuery({
    queryKey: locationKeys.notes(locationId),
    queryFn: () => call(api.listLocationNotes, { params: { id: locationId } }),
    enabled,
  });
}

/** How many of a location's notes the member sees; asked for once its card is on screen (`enabled`). */
export function useNoteCount(locationId: string, enabled: boolean) {
  return useQuery({
    queryKey: locationKeys.noteCount(locationId),
    queryFn: () => call(api.countLocationNotes, { params: { id: locationId } }),
    enabled,
  });
}

/** Every note the member wrote, for every place in one call. */
export function useMyNotes(enabled: boolean) {
  return useQuery({ queryKey: locationKeys.myNotes, queryFn: () => call(api.myLocationNotes), enabled });
}

export const useAddNote = () => useLocationsMutation((body: { locationId: string; note: string; isPersonal: boolean }) =>
  call(api.createLocationNote, { body }));
export const useUpdateNote = () => useLocationsMutation((input: { id: string; note: string }) =>
  call(api.updateLocationNote, { params: { id: input.id }, body: { note: input.note } }));
export const useDeleteNote = () => useLocationsMutation((id: string) => call(api.deleteLocationNote, { params: { id } }));
