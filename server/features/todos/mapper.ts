import type { Redemption, Reward, TaskCompletion, TodoList, TodoTask } from '@hearth/contract/todos';
import { localInstant } from '../../platform/recurrence.ts';
import type { CompletionRow, FamilyNow, ListWithCounts, TaskRow } from './repository.ts';
import type { RedemptionRow, RewardRow } from './rewards-repository.ts';

export function toList(row: ListWithCounts): TodoList {
  return {
    id: row.id, familyId: row.familyId, title: row.title, color: row.color, openTaskCount: row.openTaskCount,
    overdueCount: row.overdueCount, createdAt: row.createdAt.toISOString(),
  };
}

/** Open with a due date before today, or a due time at or before now (read in the family's zone as the clocks say it). */
export function isOverdue(task: Pick<TaskRow, 'doneAt' | 'dueDate' | 'dueTime'>, at: FamilyNow): boolean {
  if (task.doneAt || !task.dueDate) return false;
  if (task.dueDate < at.today) return true;
  return task.dueTime !== null && localInstant(task.dueDate, task.dueTime, at.timezone).getTime() <= at.now.getTime();
}

export function toTask(row: TaskRow, at: FamilyNow): TodoTask {
  return {
    id: row.id, listId: row.listId, familyId: row.familyId, title: row.title, notes: row.notes, assigneeId: row.assigneeId,
    dueDate: row.dueDate, dueTime: row.dueTime, repeat: row.repeat, stars: row.stars, position: row.position,
    isDone: row.doneAt !== null, doneAt: row.doneAt?.toISOString() ?? null, isOverdue: isOverdue(row, at),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toCompletion(row: CompletionRow, taskId: string): TaskCompletion {
  return {
    id: row.id, taskId, occurrenceDate: row.occurrenceDate, status: row.status, memberId: row.memberId, stars: row.stars,
    completedAt: row.completedAt.toISOString(),
  };
}

export function toReward(row: RewardRow, balance: number): Reward {
  return {
    id: row.id, familyId: row.familyId, memberId: row.memberId, title: row.title, goalStars: row.goalStars, balance,
    progress: Math.min(1, Math.max(0, balance) / row.goalStars), canRedeem: balance >= row.goalStars,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toRedemption(row: RedemptionRow): Redemption {
  return {
    id: row.id, memberId: row.memberId, rewardId: row.rewardId, title: row.title, stars: row.stars,
    redeemedByName: row.redeemedByName, redeemedAt: row.redeemedAt.toISOString(),
  };
}
