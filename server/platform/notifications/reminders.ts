import { sql } from 'drizzle-orm';
import { reminderAction } from '@hearth/contract/notifications';
import { hours } from '../clock.ts';
import { rawRows, textArray, type Queryable } from '../db/client.ts';
import { notifiedChannel } from '../events.ts';

/**
 * Reminders (issue 50): a feature works out when and whom to remind and claims each (occurrence, member) once;
 * this writes the in-app notifications of what it claimed, and wakes the push senders for after its commit.
 */

/** A reminder found later than this after it was due (the server was down) is dropped rather than sent. */
export const reminderLateLimitMs = hours(1);

export interface ReminderNotice {
  familyId: string;
  /** What it is about and where a tap leads: a calendar event. */
  subjectId: string;
  /** The local date its occurrence starts on: the calendar opens there. */
  date: string;
  /** What makes this reminder one of its own: the occurrence (a reminder never coalesces with another). */
  occurrenceKey: string;
  /** The whole line the notification shows ("Dinner tonight: Chicken tacos"). */
  line: string;
  recipientIds: string[];
}

/**
 * Tells each notice's recipients (members of its family with an account, unless they switched reminders off), in the
 * caller's transaction, in one statement however many notices; quiet hours hold back only the push. Answers how many
 * were told.
 */
export async function notifyReminders(q: Queryable, notices: ReminderNotice[], now: Date): Promise<number> {
  const told = notices.flatMap((n) => n.recipientIds.map((recipientId) => ({ ...n, recipientId })));
  if (told.length === 0) return 0;
  const column = (pick: (t: (typeof told)[number]) => string) => textArray(told.map(pick));
  const at = now.toISOString();
  const [row] = await rawRows<{ told: number }>(q, sql`with told as (
      insert into notifications (
        id, family_id, recipient_id, kind, action, actor_id, actor_name, subject_id, title, count, group_key, created_at, updated_at)
      select gen_random_uuid(), m.family_id, m.user_id, 'reminders', v.action, null, 'Hearth', v.subject_id::uuid, v.line, 1,
        v.group_key, ${at}::timestamptz, ${at}::timestamptz
      from unnest(${column((t) => t.familyId)}, ${column((t) => t.recipientId)}, ${column((t) => reminderAction(t.date))},
        ${column((t) => t.subjectId)}, ${column((t) => t.line)}, ${column((t) => `reminders:${t.subjectId}:${t.occurrenceKey}`)})
        v(family_id, recipient_id, action, subject_id, line, group_key)
      join family_members m on m.family_id = v.family_id::uuid and m.user_id = v.recipient_id::uuid
      where not exists (select 1 from notification_preferences p where p.user_id = m.user_id and 'reminders' = any(p.muted_kinds))
      on conflict (recipient_id, group_key) where open do nothing
      returning 1)
    select (select count(*)::int from told) as told,
      (select count(*) from (select pg_notify(${notifiedChannel}, '') where exists (select 1 from told)) w) as woke`);
  return row?.told ?? 0;
}
