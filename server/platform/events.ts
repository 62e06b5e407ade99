import { eventTopics, type EventType } from '@hearth/contract/events';
import { sql } from 'drizzle-orm';
import type { Clock } from './clock.ts';
import type { Queryable } from './db/client.ts';
import { familyEvents } from './db/schema.ts';
import type { Change, Realtime } from './realtime.ts';

export interface FamilyEvent {
  familyId: string;
  /** The user whose action it was; null for the app's own jobs. */
  actorId: string | null;
  type: EventType;
  /** The row the event is about (item, list, member, ...). */
  subjectId?: string | null | undefined;
  /** Small facts about it; a string `listId` also scopes the live change to that list. */
  data?: Record<string, unknown> | undefined;
}

/**
 * The one place that records what happened: a durable row in the caller's transaction, and the live change
 * to the family's streams, sent only if and when that transaction commits (NOTIFY is transactional).
 */
export class Events {
  private readonly clock: Clock;
  private readonly realtime: Realtime;

  constructor(clock: Clock, realtime: Realtime) {
    this.clock = clock;
    this.realtime = realtime;
  }

  /** Records the event: its row and its live changes, in one statement. */
  async record(q: Queryable, { familyId, actorId, type, subjectId, data = {} }: FamilyEvent): Promise<void> {
    const listId = typeof data.listId === 'string' ? data.listId : undefined;
    const changes = eventTopics[type].map((topic): Change => ({
      familyId, topic, kind: type,
      ...(listId ? { listId } : {}), ...(subjectId ? { id: subjectId } : {}), ...(actorId ? { byUserId: actorId } : {}),
    }));
    // A data-modifying CTE runs whether or not the statement reads it: only the live changes need selecting.
    await q.execute(sql`with recorded as (
      insert into ${familyEvents} (family_id, actor_id, type, subject_id, data, at)
      values (${familyId}::uuid, ${actorId}::uuid, ${type}, ${subjectId ?? null}::uuid, ${JSON.stringify(data)}::jsonb,
        ${this.clock.now().toISOString()}::timestamptz)
    ) select ${this.realtime.publishing(changes)}`);
  }
}
