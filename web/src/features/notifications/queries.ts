import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@hearth/contract/notifications';
import { call } from '../../shared/api/client.ts';

/** Keys start with the live topic 'notifications': another member's change that may tell me something refetches them. */
export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  list: ['notifications', 'list'] as const,
  follow: (listId: string) => ['notifications', 'follow', listId] as const,
  preferences: ['notifications', 'preferences'] as const,
};

export function useUnreadCount(enabled: boolean) {
  return useQuery({ queryKey: notificationKeys.unread, queryFn: () => call(api.unreadNotificationCount), enabled });
}

export function useNotifications(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam }) => call(api.listNotifications, { query: { limit: 20, ...(pageParam ? { before: pageParam } : {}) } }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled,
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) => (id ? call(api.markNotificationRead, { params: { id } }) : call(api.markAllNotificationsRead)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** Whether I follow (and muted) a list, for the list page's Follow button. */
export function useListFollow(listId: string) {
  return useQuery({ queryKey: notificationKeys.follow(listId), queryFn: () => call(api.getListFollow, { params: { listId } }) });
}

export function useSetListFollow(listId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { following?: boolean; muted?: boolean }) => call(api.setListFollow, { params: { listId }, body }),
    onSuccess: (stand) => queryClient.setQueryData(notificationKeys.follow(listId), stand),
  });
}

export function usePreferences() {
  return useQuery({ queryKey: notificationKeys.preferences, queryFn: () => call(api.getNotificationPreferences) });
}

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: api.NotificationPreferences) => call(api.setNotificationPreferences, { body }),
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.preferences, saved),
  });
}
