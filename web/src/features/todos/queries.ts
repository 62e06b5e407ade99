import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@hearth/contract/todos';
import type { TodoList } from '@hearth/contract/todos';
import { call, prefetchedFreshMs } from '../../shared/api/client.ts';
import { keyHeader } from '../../shared/offline/queue.ts';

/** Keys start with the live topic 'todos': any to-do change from another member refetches them (shared/live.ts). */
export const todoKeys = {
  all: ['todos'] as const,
  lists: ['todos', 'lists'] as const,
  /** A list's open tasks and its latest done ones (the page filters "Show done" itself, so one copy serves both). */
  tasks: (listId: string) => ['todos', 'list', listId, 'tasks'] as const,
  views: ['todos', 'view'] as const,
  view: (assigneeId: string | null) => ['todos', 'view', assigneeId ?? 'everyone'] as const,
  chart: (weekStart: string | null) => ['todos', 'chart', weekStart ?? 'this-week'] as const,
  charts: ['todos', 'chart'] as const,
  rewards: ['todos', 'rewards'] as const,
  redemptions: ['todos', 'redemptions'] as const,
};

export const todoListsQuery = queryOptions({
  queryKey: todoKeys.lists, queryFn: () => call(api.getTodoLists), staleTime: prefetchedFreshMs,
});

export function useTodoLists() {
  return useQuery(todoListsQuery);
}

export const listTasksQuery = (listId: string) => queryOptions({
  queryKey: todoKeys.tasks(listId),
  queryFn: () => call(api.getListTasks, { params: { listId }, query: { showDone: 'true' } }),
  staleTime: prefetchedFreshMs,
});

export function useListTasks(listId: string) {
  return useQuery(listTasksQuery(listId));
}

/** "My tasks" (the member's id) or "Everyone's tasks" (null), open ones by due date. */
export function useTaskView(assigneeId: string | null, enabled = true) {
  return useQuery({
    queryKey: todoKeys.view(assigneeId),
    queryFn: () => call(api.getTasks, { query: assigneeId ? { assigneeId } : {} }),
    enabled,
  });
}

export const choreChartQuery = (weekStart: string | null) => queryOptions({
  queryKey: todoKeys.chart(weekStart),
  queryFn: () => call(api.getChoreChart, { query: weekStart ? { weekStart } : {} }),
  staleTime: prefetchedFreshMs,
});

export function useChoreChart(weekStart: string | null) {
  return useQuery(choreChartQuery(weekStart));
}

export const rewardsQuery = queryOptions({
  queryKey: todoKeys.rewards, queryFn: () => call(api.getRewards), staleTime: prefetchedFreshMs,
});

export function useRewards() {
  return useQuery(rewardsQuery);
}

export function useRedemptions() {
  return useQuery({ queryKey: todoKeys.redemptions, queryFn: () => call(api.getRedemptions) });
}

export function useDeleteTodoList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (listId: string) => call(api.deleteTodoList, { params: { listId } }),
    onSuccess: (_, listId) => {
      client.setQueryData<TodoList[]>(todoKeys.lists, (lists) => lists?.filter((l) => l.id !== listId));
      client.removeQueries({ queryKey: todoKeys.tasks(listId) });
    },
    onSettled: () => client.invalidateQueries({ queryKey: todoKeys.all }),
  });
}

export function useCreateReward() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { memberId: string; title: string; goalStars: number }) => call(api.createReward, { body }),
    onSettled: () => client.invalidateQueries({ queryKey: todoKeys.rewards }),
  });
}

export function useDeleteReward() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rewardId: string) => call(api.deleteReward, { params: { rewardId } }),
    onSettled: () => client.invalidateQueries({ queryKey: todoKeys.rewards }),
  });
}

/** Redeeming spends stars: one key per tap, so a tap repeated by a flaky network spends them once. */
export function useRedeemReward() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ rewardId, key }: { rewardId: string; key: string }) =>
      call(api.redeemReward, { params: { rewardId }, headers: keyHeader(key) }),
    onSettled: () => client.invalidateQueries({ queryKey: todoKeys.all }),
  });
}
