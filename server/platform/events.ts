import { randomUUID } from 'node:crypto';
import { eventTopics, type EventType } from '@hearth/contract/events';
import { sql, type SQL } from 'drizzle-orm';
import type { Clock } from './clock.ts';
import { textArray, type Queryable } from './db/client.ts';
import { familyEvents } from './db/schema.ts';
import type { Notifier } from './notifications/notifier.ts';
import type { Change, Realtime } from './realtime.ts';

/** The channel NOTIFYed when a committed statement told anyone of something (push senders listen). */
export const notifiedChannel = 'hearth_notified';

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
  private readonly notifier: Notifier | undefined;

  /** `notifier`: the features' notification rules, applied in each recording statement. */
  constructor(clock: Clock, realtime: Realtime, notifier?: Notifier) {
    this.clock = clock;
    this.realtime = realtime;
    this.notifier = notifier;
  }

  record(q: Queryable, event: FamilyEvent): Promise<void> {
    return this.recordAll(q, [event]);
  }

  /**
   * Records several events, rows and live changes, in one statement whose text is the same whatever their number
   * (a batch of writes in one transaction). `alongside`: data-modifying CTEs (`name as (insert ...)`) of the
   * writer's own, run in the same statement, so a batch writes and records in one round trip.
   */
  async recordAll(q: Queryable, events: FamilyEvent[], alongside: SQL[] = []): Promise<void> {
    if (events.length === 0 && alongside.length === 0) return;
    const changes = events.flatMap(({ familyId, actorId, type, subjectId, data = {} }) => {
      const listId = typeof data.listId === 'string' ? data.listId : undefined;
      return eventTopics[type].map((topic): Change => ({
        familyId, topic, kind: type,
        ...(listId ? { listId } : {}), ...(subjectId ? { id: subjectId } : {}), ...(actorId ? { byUserId: actorId } : {}),
      }));
    });
    const now = this.clock.now();
    const column = (pick: (event: FamilyEvent) => string | null) => textArray(events.map(pick));
    // Ids made here, not by the column's gen_random_uuid(): on the embedded engine that costs its one thread ~2.7 us a
    // row (a bare row ~0.1), and an item add writes one event (issue #17).
    const recorded = sql`recorded as (
      insert into ${familyEvents} (id, family_id, actor_id, type, subject_id, data, at)
      select v.id::uuid, v.family_id::uuid, v.actor_id::uuid, v.type, v.subject_id::uuid, v.data::jsonb,
        ${now.toISOString()}::timestamptz
      from unnest(${sql.join([
        column(() => randomUUID()), column((e) => e.familyId), column((e) => e.actorId), column((e) => e.type),
        column((e) => e.subjectId ?? null), column((e) => JSON.stringify(e.data ?? {})),
      ], sql`, `)}) as v(id, family_id, actor_id, type, subject_id, data)
    )`;
    const notifying = this.notifier?.writing(events, now, notifiedChannel) ?? { ctes: [], selecting: null };
    // Data-modifying CTEs run whether or not the statement reads them: only the live changes (and the push senders'
    // wake-up, a plain CTE) need selecting.
    const wake = notifying.selecting ? sql`, ${notifying.selecting}` : sql``;
    await q.execute(sql`with ${sql.join([...alongside, recorded, ...notifying.ctes], sql`, `)}
      select ${this.realtime.publishing(changes)}${wake}`);
  }
}
