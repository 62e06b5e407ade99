import { todoLimits, todoMessages as m, type CompletionResult } from '@hearth/contract/todos';
import { requireEditor, type FamilyCaller } from '../../platform/auth/family-access.ts';
import type { Caller } from '../../platform/auth/sessions.ts';
import { withinTransaction, type Queryable, type Tx } from '../../platform/db/client.ts';
import { lockFamilyRow } from '../../platform/db/tenancy.ts';
import type { Deps } from '../../platform/deps.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import { toCompletion, toTask } from './mapper.ts';
import * as repo from './repository.ts';
import { addEarned } from './rewards-repository.ts';
import { familyNow, isOccurrence, nextOpen } from './series.ts';

type Locked = { member: FamilyCaller; task: repo.TaskRow; at: repo.FamilyNow };

/**
 * Checking off, skipping and undoing occurrences. Each occurrence is at most one todo_completions row (unique by task
 * and date) written under the task's row lock, so a chore's stars are given once however many taps arrive together,
 * and taken back once by its undo. A repeating task's due date is its first occurrence not checked off or skipped,
 * from the one it had.
 */
export class CompletionService {
  private readonly deps: Deps;
  constructor(deps: Deps) {
    this.deps = deps;
  }

  /** Runs `work` on the task locked (after the family's row, as every to-do write), in `db`'s transaction if any. */
  private locked(caller: Caller, taskId: string, db: Queryable, work: (tx: Tx, locked: Locked) => Promise<CompletionResult>) {
    const member = requireEditor(caller);
    return withinTransaction(db, async (tx) => {
      await lockFamilyRow(tx, member.familyId);
      const task = await repo.lockTask(tx, taskId, member.familyId);
      if (!task) throw notFound(m.taskNotFound);
      return work(tx, { member, task, at: await familyNow(tx, member.familyId, this.deps.clock.now()) });
    });
  }

  /** The occurrence named (or the task's current one); 404 when the task has none on that date. */
  private occurrence(task: repo.TaskRow, at: repo.FamilyNow, date: string | undefined): string {
    if (task.repeat && task.anchorDate) {
      const chosen = date ?? task.dueDate!;
      if (!isOccurrence(task.repeat, task.anchorDate, chosen)) throw notFound(m.occurrenceNotFound);
      return chosen;
    }
    // A plain task's one occurrence: its due date, or the day it is done.
    if (task.dueDate && date && date !== task.dueDate) throw notFound(m.occurrenceNotFound);
    return task.dueDate ?? date ?? at.today;
  }

  /** A repeating task moves on to its first occurrence from `from` that is neither checked off nor skipped. */
  private async advance(tx: Tx, task: repo.TaskRow, from: string): Promise<repo.TaskRow> {
    const next = nextOpen(task.repeat!, task.anchorDate!, from, await repo.recordedDatesFrom(tx, task.id, from));
    if (next === task.dueDate) return task;
    return repo.updateTask(tx, task.id, { dueDate: next, updatedAt: this.deps.clock.now() });
  }

  private result(task: repo.TaskRow, completion: repo.CompletionRow, at: repo.FamilyNow): CompletionResult {
    return { task: toTask(task, at), completion: toCompletion(completion, task.id) };
  }

  complete(caller: Caller, taskId: string, date: string | undefined, db: Queryable) {
    return this.locked(caller, taskId, db, async (tx, { member, task, at }) => {
      if (!task.repeat && task.doneAt) {
        // Already done: answered as it is, nothing given again.
        return this.result(task, (await repo.latestCompletion(tx, task.id))!, at);
      }
      const occurrenceDate = this.occurrence(task, at, date);
      const existing = await repo.findCompletion(tx, task.id, occurrenceDate);
      if (existing?.status === 'DONE') return this.result(task, existing, at);
      const now = this.deps.clock.now();
      const stars = task.stars !== null && task.assigneeId ? task.stars : 0;
      const credit = { memberId: task.assigneeId, stars, completedBy: member.userId, completedAt: now };
      const completion = existing
        ? await repo.markSkippedDone(tx, existing.id, credit)
        : await repo.insertCompletion(tx, { familyId: member.familyId, taskId: task.id, occurrenceDate, status: 'DONE', ...credit });
      if (stars > 0) await addEarned(tx, member.familyId, task.assigneeId!, stars);
      let row: repo.TaskRow;
      if (task.repeat) {
        row = await this.advance(tx, task, task.dueDate!);
      } else {
        row = await repo.updateTask(tx, task.id, { doneAt: now, updatedAt: now });
        await repo.closeGapAt(tx, task.listId, task.position);
      }
      await this.deps.events.record(tx, {
        familyId: member.familyId, actorId: member.userId, type: task.stars !== null ? 'chore_completed' : 'todo_completed',
        subjectId: task.id, data: { listId: task.listId, occurrenceDate, memberId: task.assigneeId, stars },
      });
      return this.result(row, completion, at);
    });
  }

  skip(caller: Caller, taskId: string, date: string | undefined, db: Queryable) {
    return this.locked(caller, taskId, db, async (tx, { member, task, at }) => {
      if (!task.repeat) throw invalid(m.notRepeating);
      const occurrenceDate = this.occurrence(task, at, date);
      const existing = await repo.findCompletion(tx, task.id, occurrenceDate);
      if (existing) return this.result(task, existing, at);
      const completion = await repo.insertCompletion(tx, {
        familyId: member.familyId, taskId: task.id, occurrenceDate, status: 'SKIPPED', memberId: task.assigneeId, stars: 0,
        completedBy: member.userId, completedAt: this.deps.clock.now(),
      });
      const row = await this.advance(tx, task, task.dueDate!);
      await this.deps.events.record(tx, {
        familyId: member.familyId, actorId: member.userId, type: 'todo_skipped', subjectId: task.id,
        data: { listId: task.listId, occurrenceDate },
      });
      return this.result(row, completion, at);
    });
  }

  /**
   * Undoes a check-off or a skip: its row goes and a chore's stars are taken back from whom they went to. A plain task
   * is open again at the place it had (409 if its list or its assignee's chores filled up meanwhile); a repeating one
   * is due on that occurrence again when it is earlier than its due date. 409 when the occurrence is not done.
   */
  undo(caller: Caller, taskId: string, date: string | undefined, db: Queryable) {
    return this.locked(caller, taskId, db, async (tx, { member, task, at }) => {
      // Left out: the latest check-off or skip.
      const completion = task.repeat && date ? await repo.findCompletion(tx, task.id, date)
        : task.repeat || task.doneAt ? await repo.latestCompletion(tx, task.id) : undefined;
      if (!completion || (!task.repeat && date && date !== completion.occurrenceDate)) throw conflict(m.notDone);
      const now = this.deps.clock.now();
      let row = task;
      if (!task.repeat) {
        const open = await repo.countOpenTasks(tx, task.listId);
        if (open >= todoLimits.openTasksPerList) throw conflict(m.listFull);
        if (task.stars !== null && task.assigneeId
          && (await repo.countOpenChores(tx, task.assigneeId)) >= todoLimits.choresPerMember) throw conflict(m.tooManyChores);
        const position = Math.min(task.position, open);
        await repo.openRoomAt(tx, task.listId, position);
        row = await repo.updateTask(tx, task.id, { doneAt: null, position, updatedAt: now });
      } else if (completion.occurrenceDate < task.dueDate!) {
        row = await repo.updateTask(tx, task.id, { dueDate: completion.occurrenceDate, updatedAt: now });
      }
      await repo.deleteCompletion(tx, completion.id);
      if (completion.stars > 0 && completion.memberId) await addEarned(tx, member.familyId, completion.memberId, -completion.stars);
      await this.deps.events.record(tx, {
        familyId: member.familyId, actorId: member.userId, type: 'todo_uncompleted', subjectId: task.id,
        data: { listId: task.listId, occurrenceDate: completion.occurrenceDate, stars: completion.stars },
      });
      return this.result(row, completion, at);
    });
  }
}
