import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { digestTexts, notificationText } from '@hearth/contract/notifications';
import { days } from '../../platform/clock.ts';
import { rawRows } from '../../platform/db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import { safeError } from '../../platform/http/log-safety.ts';
import type { Mail } from '../../platform/mail/mailer.ts';
import { occurrencesBetween, type CalendarOccurrence } from '../calendar/public.ts';

/** A member due their morning email, with their family's local day (`YYYY-MM-DD`). */
interface Candidate { user_id: string; family_id: string; timezone: string; email: string; name: string; day: string }
interface Claimed { previous: Date | string | null; token: string }
interface Told { kind: string; action: string; actor_name: string; title: string; count: number }

export interface DigestContent {
  name: string;
  /** The family-local day, `YYYY-MM-DD`. */
  day: string;
  events: CalendarOccurrence[];
  meals: CalendarOccurrence[];
  added: string[];
  assigned: string[];
}

/**
 * The morning email: from 07:00 in the family's timezone (wall-clock, so daylight saving moves it with the clocks),
 * once a member and day across every process — the day is claimed in the database before anything is sent — and
 * not at all when there is nothing to say. Run by the minute job.
 */
export type DigestDeps = Pick<Deps, 'db' | 'clock' | 'mailer' | 'log' | 'config'>;

export class MorningDigest {
  private readonly deps: DigestDeps;
  constructor(deps: DigestDeps) {
    this.deps = deps;
  }

  async run(): Promise<void> {
    const now = this.deps.clock.now();
    const at = sql`${now.toISOString()}::timestamptz`;
    // Only members whose morning it is and who were not mailed today: the job runs every minute, for every family.
    const candidates = await rawRows<Candidate>(this.deps.db, sql`
      select p.user_id, m.family_id, f.timezone, u.email, m.name, (${at} at time zone f.timezone)::date::text as day
      from notification_preferences p
      join users u on u.id = p.user_id and u.status = 'ACTIVE'
      join family_members m on m.user_id = p.user_id and m.family_id = u.family_id
      join families f on f.id = m.family_id
      where p.digest
        and extract(hour from ${at} at time zone f.timezone) >= ${digestTexts.hour}
        -- A morning missed while the server was down still goes until noon; later it would be news of the past.
        and extract(hour from ${at} at time zone f.timezone) < ${digestTexts.lastHour}
        -- The claim in sendTo still settles a race between processes.
        and (p.digest_on is null or p.digest_on < (${at} at time zone f.timezone)::date)`);
    // Members of one family share its day's calendar: read once per family and run, when a claim needs it.
    const calendars = new Map<string, Promise<CalendarOccurrence[]>>();
    const calendarOf = (c: Candidate) => {
      const key = `${c.family_id} ${c.day}`;
      if (!calendars.has(key)) calendars.set(key, this.calendarOf(c.family_id, c.day));
      return calendars.get(key)!;
    };
    for (const c of candidates) {
      try {
        await this.sendTo(c, now, () => calendarOf(c));
      } catch (err) {
        this.deps.log.error({ err: safeError(err) }, 'morning digest failed');
      }
    }
  }

  private async sendTo(c: Candidate, now: Date, calendar: () => Promise<CalendarOccurrence[]>): Promise<void> {
    const db = this.deps.db;
    const { day } = c;
    // The claim: one process moves the day on; the others find it done. What came since the last claim is told.
    const [claimed] = await rawRows<Claimed>(db, sql`
      with mine as (
        select user_id, digest_at as previous from notification_preferences
        where user_id = ${c.user_id}::uuid and digest and (digest_on is null or digest_on < ${day}::date)
        for update)
      update notification_preferences p set digest_on = ${day}::date, digest_at = ${now.toISOString()}::timestamptz
      from mine where p.user_id = mine.user_id
      returning mine.previous, p.digest_token as token`);
    if (!claimed) return;
    const since = claimed.previous === null ? new Date(now.getTime() - days(1)) : new Date(claimed.previous);
    const content = await this.content(c, await calendar(), since);
    const mail = digestMail(c.email, content, this.link(claimed.token));
    if (!mail) return;
    await this.deps.mailer.send(mail);
  }

  /** The family's events and meals of its day, all-day ones first. */
  private async calendarOf(familyId: string, day: string): Promise<CalendarOccurrence[]> {
    const next = DateTime.fromISO(day).plus({ days: 1 }).toISODate()!;
    return (await occurrencesBetween(this.deps.db, familyId, day, next))
      .filter((o) => o.startTime.slice(0, 10) === day || o.allDay)
      .sort((a, b) => Number(b.allDay) - Number(a.allDay) || a.startTime.localeCompare(b.startTime));
  }

  private async content(c: Candidate, today: CalendarOccurrence[], since: Date): Promise<DigestContent> {
    // What the member was told of (their follows and mutes already applied), in their own family only.
    const told = await rawRows<Told>(this.deps.db, sql`
      select kind, action, actor_name, title, count from notifications
      where recipient_id = ${c.user_id}::uuid and family_id = ${c.family_id}::uuid
        and kind in ('list_items', 'assigned') and updated_at > ${since.toISOString()}::timestamptz
      order by updated_at`);
    const line = (t: Told) => notificationText({ ...t, actorName: t.actor_name, count: Number(t.count) });
    return {
      name: c.name, day: c.day,
      events: today.filter((o) => !o.isMeal),
      meals: today.filter((o) => o.isMeal),
      added: told.filter((t) => t.kind === 'list_items').map(line),
      assigned: told.filter((t) => t.kind === 'assigned').map(line),
    };
  }

  private link(token: string) {
    const base = this.deps.config.publicUrl;
    const key = encodeURIComponent(token);
    return { page: `${base}/unsubscribe?token=${key}`, oneClick: `${base}/api/notifications/digest/one-click?token=${key}` };
  }
}

/** The digest's mail, or null when there is nothing to say. */
export function digestMail(to: string, c: DigestContent, link: { page: string; oneClick: string }): Mail | null {
  if (c.events.length + c.meals.length + c.added.length + c.assigned.length === 0) return null;
  const when = (o: CalendarOccurrence) => (o.allDay ? 'All day' : o.startTime.slice(11, 16));
  const section = (heading: string, lines: string[]) => (lines.length === 0 ? [] : [heading, ...lines.map((l) => `- ${l}`), '']);
  const dayName = DateTime.fromISO(c.day).setLocale('en-GB').toFormat('cccc d LLLL');
  return {
    to,
    subject: `Hearth: your ${dayName}`,
    text: [
      `Good morning, ${c.name}.`, '',
      ...section('Today on the calendar', c.events.map((o) => `${when(o)}  ${o.title}`)),
      ...section('Meals today', c.meals.map((o) => `${when(o)}  ${o.title}`)),
      ...section('Added to lists', c.added),
      ...section('Assigned to you', c.assigned),
      `You get this because the morning email is on in your Hearth notification settings. Stop it: ${link.page}`, '',
    ].join('\n'),
    headers: { 'List-Unsubscribe': `<${link.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
