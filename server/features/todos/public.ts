import { todoLimits, type NewsfeedTaskGroup } from '@hearth/contract/todos';
import type { Queryable } from '../../platform/db/client.ts';
import { membersInOrder } from '../family/membership.ts';
import { isOverdue } from './mapper.ts';
import { dueTasks, type FamilyNow } from './repository.ts';

/**
 * The to-dos feature's public API for other features (the newsfeed).
 */

/**
 * Each member's open tasks due today or overdue, overdue first then by due date and time, at most
 * `newsfeedTasksPerMember` each, in member order, then nobody's; only members with such tasks.
 */
export async function tasksDueBy(q: Queryable, familyId: string, at: FamilyNow): Promise<NewsfeedTaskGroup[]> {
  const [members, tasks] = await Promise.all([membersInOrder(q, familyId), dueTasks(q, familyId, at.today)]);
  const shown = tasks.map((t) => ({
    assigneeId: t.assigneeId,
    task: {
      id: t.id, listId: t.listId, listTitle: t.listTitle, title: t.title, dueDate: t.dueDate!, dueTime: t.dueTime,
      isOverdue: isOverdue(t, at), stars: t.stars, isRepeating: t.repeat !== null,
    },
  })).sort((a, b) => Number(b.task.isOverdue) - Number(a.task.isOverdue));
  return [...members.map((m) => m.id), null].flatMap((memberId) => {
    const own = shown.filter((s) => s.assigneeId === memberId).map((s) => s.task);
    return own.length ? [{ memberId, tasks: own.slice(0, todoLimits.newsfeedTasksPerMember), total: own.length }] : [];
  });
}
