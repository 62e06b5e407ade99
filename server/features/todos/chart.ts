import { todoLimits, type ChartChore, type ChartRow, type ChoreChart } from '@hearth/contract/todos';
import { requireFamily } from '../../platform/auth/family-access.ts';
import type { Caller } from '../../platform/auth/sessions.ts';
import type { Deps } from '../../platform/deps.ts';
import { addDays, occurrencesBetween, weekdayOfDate } from '../../platform/recurrence.ts';
import { membersInOrder } from '../family/membership.ts';
import * as repo from './repository.ts';
import { balances } from './rewards-repository.ts';
import { familyNow } from './series.ts';

/** The first day of the week holding `date`, weeks starting on `firstDayOfWeek` (0 = Sunday). */
export const weekStartOf = (date: string, firstDayOfWeek: number) =>
  addDays(date, -((weekdayOfDate(date) - firstDayOfWeek + 7) % 7));

/**
 * The chore chart of one week: each member's chores on each day (a repeating chore on each of its occurrences, a
 * dated one on its due date, an undated one beside the week), what was done, and the stars. A fixed number of reads
 * whatever the family's size: members, open chores, the week's completions (and the done chores they name),
 * balances, and the weeks' totals.
 */
export class ChartService {
  private readonly deps: Deps;
  constructor(deps: Deps) {
    this.deps = deps;
  }

  async chart(caller: Caller, weekStart: string | undefined): Promise<ChoreChart> {
    const { familyId } = requireFamily(caller);
    const q = this.deps.db;
    const at = await familyNow(q, familyId, this.deps.clock.now());
    const start = weekStartOf(weekStart ?? at.today, at.firstDayOfWeek);
    const end = addDays(start, 6);
    const historyFrom = addDays(start, -7 * (todoLimits.historyWeeks - 1));
    const [members, openChores, completions, balanceOf, weeks] = await Promise.all([
      membersInOrder(q, familyId), repo.openAssignedChores(q, familyId), repo.familyCompletions(q, familyId, start, end),
      balances(q, familyId), repo.starsByWeek(q, familyId, historyFrom, end),
    ]);
    const openIds = new Set(openChores.map((t) => t.id));
    const doneChores = await repo.tasksByIds(q, familyId, [...new Set(completions
      .map((c) => c.taskId).filter((id): id is string => id !== null && !openIds.has(id)))]);
    const status = new Map(completions.map((c) => [`${c.taskId}|${c.occurrenceDate}`, c]));
    const days = Array.from({ length: 7 }, (_, i) => addDays(start, i));
    const rows = new Map<string, ChartRow>(members.map((member) => [member.id, {
      memberId: member.id, name: member.name, color: member.color, userId: member.userId,
      days: days.map((date) => ({ date, chores: [] as ChartChore[] })), anytime: [], starsThisWeek: 0,
      balance: balanceOf.get(member.id) ?? 0,
    }]));
    for (const task of [...openChores, ...doneChores]) {
      const row = task.stars !== null && task.assigneeId ? rows.get(task.assigneeId) : undefined;
      if (!row) continue;
      const cell = (occurrenceDate: string): ChartChore => ({
        taskId: task.id, listId: task.listId, title: task.title, stars: task.stars!, occurrenceDate, dueTime: task.dueTime,
        status: status.get(`${task.id}|${occurrenceDate}`)?.status ?? 'OPEN', isRepeating: task.repeat !== null,
      });
      const dates = task.repeat && task.anchorDate ? occurrencesBetween(task.repeat, task.anchorDate, start, end)
        : task.dueDate ? [task.dueDate].filter((d) => d >= start && d <= end) : [];
      for (const date of dates) row.days[days.indexOf(date)]!.chores.push(cell(date));
      if (!task.dueDate) {
        const done = completions.find((c) => c.taskId === task.id);
        row.anytime.push(cell(done?.occurrenceDate ?? at.today));
      }
    }
    for (const c of completions) {
      const row = c.memberId ? rows.get(c.memberId) : undefined;
      if (row && c.status === 'DONE') row.starsThisWeek += c.stars;
    }
    const history = Array.from({ length: todoLimits.historyWeeks }, (_, i) => ({
      weekStart: addDays(start, -7 * i),
      totals: members.flatMap((member) => {
        const total = weeks.find((w) => w.week === todoLimits.historyWeeks - 1 - i && w.memberId === member.id);
        return total ? [{ memberId: member.id, stars: total.stars }] : [];
      }),
    }));
    return { weekStart: start, today: at.today, members: [...rows.values()], history };
  }
}
