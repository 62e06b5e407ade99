import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { days } from '../../platform/clock.ts';
import { rawRows, textArray, type Tx } from '../../platform/db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import type { Job } from '../../platform/jobs.ts';
import { notifyReminders, reminderLateLimitMs, type ReminderNotice } from '../../platform/notifications/reminders.ts';
import { listsHoldingRecipes } from '../grocery/public.ts';
import { nextReminder, reminderLine, type ReminderShape } from './reminder-times.ts';
import { attendsEvent } from './repository.ts';

/**
 * The reminder job (issue 50). Each event with a reminder has a `calendar_reminders` row holding its next one; triggers
 * mark it stale on any change that moves it (migration 0030). A run first works out stale rows, then sends what is due.
 * Rows are claimed with FOR UPDATE SKIP LOCKED in small transactions, so processes share the work and an embedded
 * database is never held long; each (event, occurrence, member) is written to `calendar_reminders_sent` once, which
 * is what makes a reminder go exactly once even when a row is worked out again.
 */

/** Rows one transaction works out or sends: small, as the embedded engine serves every request on one connection. */
const staleBatch = 100;
const dueBatch = 100;
/** Reminders sent are kept this long: past it no reminder can be worked out again for their occurrence. */
const sentKeptMs = days(2);

interface EventFacts extends ReminderShape {
  event_id: string;
  family_id: string;
  title: string;
  is_meal: boolean;
  meal_id: string | null;
  updated_at: string | Date;
  timezone: string;
  skip: string[] | null;
  fire_at: string | Date | null;
  occurrence_start: string | null;
}

const eventFacts = sql`r.event_id, r.family_id, r.fire_at, r.occurrence_start, e.title, e.is_meal, e.meal_id, e.updated_at,
  e.start_time as "startTime", e.end_time as "endTime", e.all_day as "allDay", e.recurring_pattern as "recurringPattern",
  e.recurring_end_date as "recurringEndDate", e.reminder_minutes as "reminderMinutes", f.timezone,
  (select array_agg(x.occurrence_date) from calendar_event_exceptions x where x.event_id = e.id) as skip`;

type Next = { fireAt: Date; occurrenceStart: string } | null;

async function saveNext(tx: Tx, rows: { eventId: string; next: Next }[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`update calendar_reminders r set stale = false, fire_at = v.fire_at::timestamptz, occurrence_start = v.occ
    from unnest(${textArray(rows.map((r) => r.eventId))}, ${textArray(rows.map((r) => r.next?.fireAt.toISOString()))},
      ${textArray(rows.map((r) => r.next?.occurrenceStart))}) v(id, fire_at, occ)
    where r.event_id = v.id::uuid`);
}

/** The first reminder at or after `from`, never one later than the late limit allows (those are dropped). */
function next(row: EventFacts, from: Date, now: Date): Next {
  const earliest = Math.max(from.getTime(), now.getTime() - reminderLateLimitMs);
  return nextReminder(row, row.skip ?? [], row.timezone, new Date(earliest));
}

export class ReminderJob {
  private readonly deps: Pick<Deps, 'db' | 'clock'>;

  /** Every process runs one; they share the work through the database. */
  constructor(deps: Pick<Deps, 'db' | 'clock'>) {
    this.deps = deps;
  }

  /** Works out every stale row, then sends everything due; answers how many reminders went out (to anyone). */
  async run(): Promise<number> {
    while (await this.refreshStale() === staleBatch) await yieldToLoop();
    let sent = 0;
    for (;;) {
      const batch = await this.sendDue();
      sent += batch.sent;
      if (batch.rows < dueBatch) break;
      await yieldToLoop();
    }
    await this.deps.db.execute(sql`delete from calendar_reminders_sent
      where sent_at < ${new Date(this.deps.clock.now().getTime() - sentKeptMs).toISOString()}::timestamptz`);
    return sent;
  }

  /**
   * Stale rows get their next reminder: the first due after the event last changed (one due before it was set up
   * was never meant) and not past the late limit.
   */
  private refreshStale(): Promise<number> {
    return this.deps.db.transaction(async (tx) => {
      const now = this.deps.clock.now();
      const rows = await rawRows<EventFacts>(tx, sql`select ${eventFacts}
        from calendar_reminders r join calendar_events e on e.id = r.event_id join families f on f.id = r.family_id
        where r.stale order by r.event_id limit ${staleBatch} for update of r skip locked`);
      await saveNext(tx, rows.map((row) => ({ eventId: row.event_id, next: next(row, new Date(row.updated_at), now) })));
      return rows.length;
    });
  }

  /** Sends the due reminders of one batch (those past the late limit are dropped) and moves each row to its next. */
  private sendDue(): Promise<{ rows: number; sent: number }> {
    return this.deps.db.transaction(async (tx) => {
      const now = this.deps.clock.now();
      const rows = await rawRows<EventFacts>(tx, sql`select ${eventFacts}
        from calendar_reminders r join calendar_events e on e.id = r.event_id join families f on f.id = r.family_id
        where not r.stale and r.fire_at <= ${now.toISOString()}::timestamptz
        order by r.fire_at limit ${dueBatch} for update of r skip locked`);
      const due = rows.filter((row) => now.getTime() - new Date(row.fire_at!).getTime() <= reminderLateLimitMs);
      const sent = await this.send(tx, due, now);
      await saveNext(tx, rows.map((row) => ({ eventId: row.event_id, next: next(row, new Date(new Date(row.fire_at!).getTime() + 1), now) })));
      return { rows: rows.length, sent };
    });
  }

  /**
   * Claims each occurrence's reminder for each attendee not yet reminded of it (one statement for the batch), and
   * tells them. Answers how many reminders told anyone.
   */
  private async send(tx: Tx, rows: EventFacts[], now: Date): Promise<number> {
    if (rows.length === 0) return 0;
    const claimed = await rawRows<{ event_id: string; user_id: string }>(tx, sql`
      insert into calendar_reminders_sent (event_id, occurrence_start, user_id, sent_at)
      select e.id, v.occurrence_start, m.user_id, ${now.toISOString()}::timestamptz
      from unnest(${textArray(rows.map((r) => r.event_id))}, ${textArray(rows.map((r) => r.occurrence_start))}) v(event_id, occurrence_start)
      join calendar_events e on e.id = v.event_id::uuid
      join family_members m on m.family_id = e.family_id and m.user_id is not null
      where ${attendsEvent}
      on conflict do nothing returning event_id, user_id`);
    const recipients = new Map<string, string[]>();
    for (const c of claimed) recipients.set(c.event_id, [...(recipients.get(c.event_id) ?? []), c.user_id]);
    const meals = rows.filter((r) => r.is_meal && r.meal_id && recipients.has(r.event_id));
    const listNames = await listsHoldingRecipes(tx, meals.map((r) => ({ familyId: r.family_id, recipeId: r.meal_id! })));
    const notices: ReminderNotice[] = [];
    for (const row of rows) {
      const recipientIds = recipients.get(row.event_id);
      if (!recipientIds) continue;
      const occurrenceStart = row.occurrence_start!;
      const listName = row.is_meal && row.meal_id ? listNames.get(`${row.family_id}:${row.meal_id}`) ?? null : null;
      notices.push({
        familyId: row.family_id, subjectId: row.event_id, date: occurrenceStart.slice(0, 10), occurrenceKey: occurrenceStart,
        line: reminderLine({ ...row, occurrenceStart, isMeal: row.is_meal, listName }, new Date(row.fire_at!), row.timezone),
        recipientIds,
      });
    }
    await notifyReminders(tx, notices, now);
    return notices.length;
  }
}

/** The calendar's reminder job, run every minute by every process. */
export const reminderJobs = (deps: Deps): Job[] => {
  const job = new ReminderJob(deps);
  return [{ name: 'calendar-reminders', run: () => job.run() }];
};
