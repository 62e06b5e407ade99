import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { NotificationKind } from '@hearth/contract/notifications';
import type { EventType } from '@hearth/contract/events';
import type { FamilyEvent } from '../events.ts';

/** Events of one rule, family, actor and subject, recorded in one statement: one notification per recipient. */
export interface NotificationGroup {
  familyId: string;
  actorId: string | null;
  subjectId: string;
  events: FamilyEvent[];
}

/**
 * What an event type means for notifications, registered by the feature that records it (`FeatureModule.notifications`),
 * so this platform piece knows no feature's tables. Rules run inside the statement that records the event.
 */
export interface NotificationRule {
  type: EventType;
  /** The subject (a list) the actor follows from now on, unless they unfollowed it. */
  actorFollows?: (event: FamilyEvent) => string | null | undefined;
  notify?: {
    kind: NotificationKind;
    /** What the notification is about and links to; events of one actor on one subject coalesce. */
    subject: (event: FamilyEvent) => string | null | undefined;
    /** How many things the event tells of (a recipe's adds: its items); 1 by default. */
    count?: (event: FamilyEvent) => number;
    /**
     * A query of rows `(user_id uuid, title text)`: who may be told and the subject's name, read from the family's own
     * rows. The platform keeps only members of the group's family with an account, never the actor, and drops those
     * who muted the kind or the subject.
     */
    recipients: (group: NotificationGroup) => SQL;
  };
}

/**
 * The hook for anything assigned to a member (to-dos to come): the event carries the assignee's user id and the
 * thing's name in its data (`assignedToUserId`, `title`), and its subject is the thing.
 */
export function assignedRule(type: EventType): NotificationRule {
  return {
    type,
    notify: {
      kind: 'assigned',
      subject: (event) => event.subjectId,
      recipients: ({ events }) => {
        const last = events.at(-1)?.data ?? {};
        const userId = typeof last.assignedToUserId === 'string' ? last.assignedToUserId : null;
        const title = typeof last.title === 'string' ? last.title : '';
        return sql`select ${userId}::uuid, ${title}::text`;
      },
    },
  };
}
