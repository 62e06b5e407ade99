import type { BodyOf } from '@hearth/contract/endpoint';
import type { EventType } from '@hearth/contract/events';
import { groceryLimits, groceryMessages as m, type createRecurringItem } from '@hearth/contract/grocery';
import { requireEditor, requireFamily, requireOwnFamily, type FamilyCaller } from '../../platform/auth/family-access.ts';
import type { Caller } from '../../platform/auth/sessions.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { groceryLists } from '../../platform/db/schema/grocery.ts';
import { lockFamilyRow, requireInFamily } from '../../platform/db/tenancy.ts';
import type { Deps } from '../../platform/deps.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { toRecurring } from './mapper.ts';
import { familyTimezone } from '../family/membership.ts';
import { lockListsLinkedTo } from './repository/lists.ts';
import { stopRecurrence } from './repository/items.ts';
import * as repo from './repository/recurring.ts';
import { defaultTimezone, nextDueAt } from '../../platform/recurrence.ts';

type RecurringBody = BodyOf<typeof createRecurringItem>;

export class RecurringService {
  private readonly deps: Deps;
  constructor(deps: Deps) {
    this.deps = deps;
  }

  private record(q: Queryable, member: FamilyCaller, type: EventType, id: string, data?: Record<string, unknown>) {
    return this.deps.events.record(q, { familyId: member.familyId, actorId: member.userId, type, subjectId: id, data });
  }

  private async timezone(q: Queryable, familyId: string): Promise<string> {
    return (await familyTimezone(q, familyId)) ?? defaultTimezone;
  }

  async list(caller: Caller, familyId: string) {
    const member = requireFamily(caller);
    requireOwnFamily(member, familyId);
    return (await repo.listRecurring(this.deps.db, member.familyId)).map(toRecurring);
  }

  /** First due one period after creation, in the family's timezone. */
  async create(caller: Caller, body: RecurringBody, db: Queryable = this.deps.db) {
    const member = requireEditor(caller);
    requireOwnFamily(member, body.familyId);
    return db.transaction(async (tx) => {
      await requireInFamily(tx, groceryLists, body.listId, member.familyId, m.listNotFound);
      await lockFamilyRow(tx, member.familyId);
      if ((await repo.countRecurring(tx, member.familyId)) >= groceryLimits.recurringPerFamily) {
        throw conflict(m.tooManyRecurring);
      }
      const now = this.deps.clock.now();
      const row = await repo.insertRecurring(tx, {
        familyId: member.familyId, listId: body.listId, name: body.name, quantity: body.quantity ?? null,
        unit: body.unit ?? null, frequency: body.frequency, createdAt: now,
        nextDueAt: nextDueAt(now, body.frequency, await this.timezone(tx, member.familyId), now),
      });
      await this.record(tx, member, 'recurring_item_created', row.id);
      return toRecurring(row);
    });
  }

  /** A new frequency restarts the schedule from creation: next due is the first new period after now. */
  async update(caller: Caller, id: string, body: RecurringBody) {
    const member = requireEditor(caller);
    requireOwnFamily(member, body.familyId);
    return this.deps.db.transaction(async (tx) => {
      const current = await repo.lockRecurring(tx, id, member.familyId);
      if (!current) throw notFound(m.recurringNotFound);
      await requireInFamily(tx, groceryLists, body.listId, member.familyId, m.listNotFound);
      const rescheduled = body.frequency !== current.frequency;
      const row = await repo.updateRecurring(tx, id, member.familyId, {
        name: body.name, quantity: body.quantity ?? null, unit: body.unit ?? null, listId: body.listId,
        frequency: body.frequency,
        ...(rescheduled ? {
          nextDueAt: nextDueAt(
            current.createdAt, body.frequency, await this.timezone(tx, member.familyId), this.deps.clock.now(),
          ),
        } : {}),
      });
      if (!row) throw notFound(m.recurringNotFound);
      await this.record(tx, member, 'recurring_item_updated', id);
      return toRecurring(row);
    });
  }

  /** Its list items stay, marked as no longer recurring. */
  async remove(caller: Caller, id: string) {
    const member = requireEditor(caller);
    await this.deps.db.transaction(async (tx) => {
      if (!(await repo.lockRecurring(tx, id, member.familyId))) throw notFound(m.recurringNotFound);
      await lockListsLinkedTo(tx, { recurringItemId: id }, member.familyId);
      const touched = await stopRecurrence(tx, id, member.familyId, this.deps.clock.now());
      await repo.deleteRecurring(tx, id, member.familyId);
      await this.record(tx, member, 'recurring_item_deleted', id);
      for (const listId of new Set(touched.map((t) => t.listId))) {
        await this.record(tx, member, 'items_updated', listId, { listId });
      }
    });
    return null;
  }
}
