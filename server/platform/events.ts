import { eventTopics, type EventType } from '@hearth/contract/events';
import { sql } from 'drizzle-orm';
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

  record(q: Queryable, event: FamilyEvent): Promise<void> {
    return this.recordAll(q, [event]);
  }

  /** Records several events, rows and live changes, in one statement (a batch of writes in one transaction). */
  async recordAll(q: Queryable, events: FamilyEvent[]): Promise<void> {
    if (events.length === 0) return;
    const at = this.clock.now();
    const notices = events.flatMap(({ familyId, actorId, type, subjectId, data = {} }) => {
      const listId = typeof data.listId === 'string' ? data.listId : undefined;
      return eventTopics[type].map((topic) => this.realtime.notice({
        familyId, topic, kind: type,
        ...(listId ? { listId } : {}), ...(subjectId ? { id: subjectId } : {}), ...(actorId ? { byUserId: actorId } : {}),
      }));
    });
    const recorded = q.insert(familyEvents).values(events.map(({ familyId, actorId, type, subjectId = null, data = {} }) =>
      ({ familyId, actorId, type, subjectId, data, at }))).returning({ id: familyEvents.id });
    // One statement, not one per topic: writers often hold a list's or family's lock while they record. The notices
    // are read from one row, however many events were inserted.
    await q.execute(sql`with recorded as (${recorded.getSQL()})
      select ${sql.join([sql`1`, ...notices], sql`, `)} from (select count(*) from recorded) as inserted`);
  }
}
