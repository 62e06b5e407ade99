import { eventTopics, type EventType } from '@hearth/contract/events';
import type { Clock } from './clock.ts';
import type { Queryable } from './db/client.ts';
import { familyEvents } from './db/schema.ts';
import type { Realtime } from './realtime.ts';

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

  async record(q: Queryable, event: FamilyEvent): Promise<void> {
    const { familyId, actorId, type, subjectId = null, data = {} } = event;
    await q.insert(familyEvents).values({ familyId, actorId, type, subjectId, data, at: this.clock.now() });
    const listId = typeof data.listId === 'string' ? data.listId : undefined;
    for (const topic of eventTopics[type]) {
      await this.realtime.publish(q, {
        familyId, topic, kind: type,
        ...(listId ? { listId } : {}), ...(subjectId ? { id: subjectId } : {}), ...(actorId ? { byUserId: actorId } : {}),
      });
    }
  }
}
