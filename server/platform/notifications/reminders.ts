import { sql } from 'drizzle-orm';
import { reminderAction } from '@hearth/contract/notifications';
import { hours } from '../clock.ts';
import { textArray, type Queryable } from '../db/client.ts';
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
 * Tells the recipients (members of the notice's family with an account, unless they switched reminders off), in the
 * caller's transaction; quiet hours hold back only the push. Answers how many were told.
 */
export async function notifyReminder(q: Queryable, notice: ReminderNotice, now: Date): Promise<number> {
  if (notice.recipientIds.length === 0) return 0;
  const at = now.toISOString();
  const result = await q.execute(sql`with told as (
      insert into notifications (
        id, family_id, recipient_id, kind, action, actor_id, actor_name, subject_id, title, count, group_key, created_at, updated_at)
      select gen_random_uuid(), ${notice.familyId}::uuid, m.user_id, 'reminders', ${reminderAction(notice.date)}, null, 'Hearth',
        ${notice.subjectId}::uuid, ${notice.line}, 1, ${`reminders:${notice.subjectId}:${notice.occurrenceKey}`},
        ${at}::timestamptz, ${at}::timestamptz
      from family_members m
      where m.family_id = ${notice.familyId}::uuid and m.user_id = any(${textArray(notice.recipientIds)}::uuid[])
        and not exists (select 1 from notification_preferences p where p.user_id = m.user_id and 'reminders' = any(p.muted_kinds))
      on conflict (recipient_id, group_key) where open do nothing
      returning 1)
    select (select count(*)::int from told) as told,
      (select count(*) from (select pg_notify(${notifiedChannel}, '') where exists (select 1 from told)) w) as woke`);
  return (result as unknown as { rows: { told: number }[] }).rows[0]?.told ?? 0;
}
