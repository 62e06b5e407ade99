import { eventTopics, type EventType } from '@hearth/contract/events';
import { sql, type SQL } from 'drizzle-orm';
import type { Clock } from './clock.ts';
import type { Queryable } from './db/client.ts';
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

  /** Records the event: its row, its live changes and whom it tells (the features' rules), in one statement. */
  async record(q: Queryable, event: FamilyEvent): Promise<void> {
    const { ctes, selecting } = this.recording(event);
    await q.execute(sql`with ${sql.join(ctes, sql`, `)} select ${sql.join(selecting, sql`, `)}`);
  }

  /**
   * What records the event as part of a statement: CTEs to run and expressions to select (data-modifying CTEs run
   * whether or not the statement reads them; the live changes and the push senders' wake-up must be selected).
   * `written`: the subject's id and the event's data as the statement itself knows them (the row it wrote, say);
   * while that id is null nothing is recorded, published or told. The event's own `data` still tells whom it
   * concerns (its `listId`).
   */
  recording(event: FamilyEvent, written?: { subjectId: SQL; data: SQL }): { ctes: SQL[]; selecting: SQL[] } {
    const { familyId, actorId, type, subjectId, data = {} } = event;
    const listId = typeof data.listId === 'string' ? data.listId : undefined;
    const changes = eventTopics[type].map((topic): Change => ({
      familyId, topic, kind: type,
      ...(listId ? { listId } : {}), ...(subjectId ? { id: subjectId } : {}), ...(actorId ? { byUserId: actorId } : {}),
    }));
    const now = this.clock.now();
    const subject = written?.subjectId ?? sql`${subjectId ?? null}::uuid`;
    const recorded = sql`recorded as (
      insert into ${familyEvents} (family_id, actor_id, type, subject_id, data, at)
      select ${familyId}::uuid, ${actorId}::uuid, ${type}, ${subject}, ${written?.data ?? sql`${JSON.stringify(data)}::jsonb`},
        ${now.toISOString()}::timestamptz
      ${written ? sql`where ${subject} is not null` : sql``}
    )`;
    const when = written ? sql`${subject} is not null` : undefined;
    const notifying = this.notifier?.writing([event], now, notifiedChannel, when) ?? { ctes: [], selecting: null };
    return {
      ctes: [recorded, ...notifying.ctes],
      selecting: [this.realtime.publishing(changes, written?.subjectId), ...(notifying.selecting ? [notifying.selecting] : [])],
    };
  }
}
