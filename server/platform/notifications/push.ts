import type { Agent } from 'node:https';
import webpush from 'web-push';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { notificationPath, notificationText } from '@hearth/contract/notifications';
import { minutes, type Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import { rawRows, type Database, type Queryable } from '../db/client.ts';
import { vapidKeys } from '../db/schema.ts';
import { notifiedChannel } from '../events.ts';
import { safeError } from '../http/log-safety.ts';

/** Pushes to one member are at most one per this; what comes meanwhile goes together in the next. */
export const pushCoalescingMs = minutes(2);
/** Members a pass sends to at most; a pass that reaches it runs again. */
const recipientsPerPass = 200;
/** Characters of the lock screen's line. */
const lineMax = 140;

export interface VapidKeyPair { publicKey: string; privateKey: string }

/** The environment's key pair, or the one kept in the database, made by the first process that needed one. */
export async function loadVapidKeys(q: Queryable, config: Config): Promise<VapidKeyPair> {
  if (config.vapid.keys) return config.vapid.keys;
  const made = webpush.generateVAPIDKeys();
  await q.insert(vapidKeys).values({ id: 1, ...made }).onConflictDoNothing();
  const [row] = await q.select().from(vapidKeys);
  return { publicKey: row!.publicKey, privateKey: row!.privateKey };
}

/** What a push shows: a title and a short line, no more (it is read on a lock screen), and where a tap leads. */
export interface PushPayload { title: string; body: string; path: string }

interface Candidate {
  recipient_id: string;
  family_id: string;
  timezone: string;
  quiet_start: string | null;
  quiet_end: string | null;
  last_push_at: Date | string | null;
}

interface DueRow { kind: string; action: string; actor_name: string; title: string; count: number; subject_id: string; family_id: string }
interface Device { id: string; endpoint: string; p256dh: string; auth: string }

/** Minutes past local midnight of `at` in `timezone`. */
function localMinutes(at: Date, timezone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: timezone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .formatToParts(at);
  const value = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return value('hour') * 60 + value('minute');
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** When quiet hours hold a push made at `now` until (their end, in the family's timezone), or null outside them. */
export function quietUntil(now: Date, timezone: string, start: string | null, end: string | null): Date | null {
  if (!start || !end) return null;
  const t = localMinutes(now, timezone);
  const [s, e] = [minutesOf(start), minutesOf(end)];
  const inside = s < e ? t >= s && t < e : t >= s || t < e;
  if (!inside) return null;
  const startOfMinute = now.getTime() - (now.getTime() % 60_000);
  // Wall-clock minutes; across a daylight-saving change the pass at that time checks again and holds on if need be.
  return new Date(startOfMinute + minutes((e - t + 1440) % 1440));
}

/** A member's push: the newest of their due notifications, "(+n more)" when several, cut to the lock screen's line. */
function payloadOf(rows: (DueRow & { updated_at: string | Date })[]): PushPayload {
  // Either engine's driver may answer a time as text or as a Date.
  const newest = [...rows].sort((a, b) => new Date(b.updated_at).getTime() - new Date(a.updated_at).getTime())[0]!;
  const line = notificationText({ ...newest, actorName: newest.actor_name, count: Number(newest.count) });
  const more = rows.length > 1 ? ` (+${rows.length - 1} more)` : '';
  return {
    title: 'Hearth',
    body: `${line.length + more.length > lineMax ? `${line.slice(0, lineMax - more.length - 1)}…` : line}${more}`,
    path: notificationPath(newest.kind, newest.subject_id, newest.action),
  };
}

/**
 * Sends Web Push for notifications after their transaction commits: woken by the NOTIFY the recording statement
 * makes (every process gets it), and by the minute job for pushes held back. A member's push is claimed in the
 * database (their last push time, at most one per `pushCoalescingMs`), so several processes never send it twice.
 */
export class PushSender {
  private readonly database: Database;
  private readonly clock: Clock;
  private readonly config: Config;
  private readonly log: FastifyBaseLogger;
  private readonly agent: Agent | undefined;
  private keys: Promise<VapidKeyPair> | undefined;
  private stopListening: (() => Promise<void>) | undefined;
  private running: Promise<void> | undefined;
  private again = false;

  /** `agent`: the HTTPS agent pushes go through (tests trust their loopback push service with it). */
  constructor(options: { database: Database; clock: Clock; config: Config; log: FastifyBaseLogger; agent?: Agent }) {
    this.database = options.database;
    this.clock = options.clock;
    this.config = options.config;
    this.log = options.log;
    this.agent = options.agent;
  }

  async start(): Promise<void> {
    this.stopListening = await this.database.listen(notifiedChannel, () => this.wake());
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
    await this.running;
  }

  /**
   * The VAPID key pair, read (or made) at first need rather than at start: a database a server has only started on
   * stays empty, so a backup can still be restored into it.
   */
  keyPair(): Promise<VapidKeyPair> {
    this.keys ??= loadVapidKeys(this.database.db, this.config).catch((err: unknown) => {
      this.keys = undefined;
      throw err;
    });
    return this.keys;
  }

  /** Runs a pass now, or right after the one running. */
  wake(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          if (await this.pass()) this.again = true;
        } catch (err) {
          this.log.error({ err: safeError(err) }, 'push pass failed');
        }
      } while (this.again);
    })().finally(() => { this.running = undefined; });
    return this.running;
  }

  /**
   * One pass over members with pushes due; answers whether it stopped at its bound. Two statements however many
   * members it sends to: one finds them, one claims those whose push may go now, takes their due rows and reads
   * their devices.
   */
  private async pass(): Promise<boolean> {
    const now = this.clock.now();
    // A member without a device has nothing to push: their rows stop being due in the same statement.
    const candidates = await rawRows<Candidate>(this.database.db, sql`
      with deviceless as (
        update notifications n set push_due = false where n.push_due
          and not exists (select 1 from push_subscriptions s where s.user_id = n.recipient_id))
      select d.recipient_id, m.family_id, f.timezone, p.quiet_start, p.quiet_end, p.last_push_at
      from (select distinct recipient_id from notifications n where push_due
        and exists (select 1 from push_subscriptions s where s.user_id = n.recipient_id) limit ${recipientsPerPass}) d
      join family_members m on m.user_id = d.recipient_id
      join families f on f.id = m.family_id
      left join notification_preferences p on p.user_id = d.recipient_id`);
    const ready = candidates.filter((c) => this.mayPush(c, now));
    if (ready.length > 0) await this.sendTo(ready, now);
    return candidates.length === recipientsPerPass;
  }

  /** Outside quiet hours, and past the member's last push by the coalescing time (as far as this process knows). */
  private mayPush(c: Candidate, now: Date): boolean {
    if (quietUntil(now, c.timezone, c.quiet_start, c.quiet_end)) return false;
    return c.last_push_at === null || now.getTime() - new Date(c.last_push_at).getTime() >= pushCoalescingMs;
  }

  private async sendTo(ready: Candidate[], now: Date): Promise<void> {
    const familyOf = new Map(ready.map((c) => [c.recipient_id, c.family_id]));
    const members = sql.join(ready.map((c) => sql`(${c.recipient_id}::uuid)`), sql`, `);
    // The claim: a member's last push time moves on only where it is past the coalescing time, so of several
    // processes one takes each member; their due rows are taken, and their devices read (once a member), in the same statement.
    const taken = await rawRows<DueRow & { recipient_id: string; updated_at: string | Date; devices: Device[] | string }>(
      this.database.db, sql`
      with claimed as (
        insert into notification_preferences (user_id, last_push_at)
        select v.user_id, ${now.toISOString()}::timestamptz from (values ${members}) v(user_id)
        on conflict (user_id) do update set last_push_at = excluded.last_push_at
        where notification_preferences.last_push_at is null
          or notification_preferences.last_push_at <= ${new Date(now.getTime() - pushCoalescingMs).toISOString()}::timestamptz
        returning user_id),
      due as (
        update notifications n set push_due = false from claimed c where n.recipient_id = c.user_id and n.push_due
        returning n.recipient_id, n.kind, n.action, n.actor_name, n.title, n.count, n.subject_id, n.family_id, n.updated_at),
      devices as (
        select s.user_id, json_agg(json_build_object('id', s.id, 'endpoint', s.endpoint, 'p256dh', s.p256dh, 'auth', s.auth)) as devices
        from push_subscriptions s join claimed c on c.user_id = s.user_id group by s.user_id)
      select due.*, coalesce(d.devices, '[]') as devices from due left join devices d on d.user_id = due.recipient_id`);
    const due = new Map<string, typeof taken>();
    for (const row of taken) {
      if (row.family_id !== familyOf.get(row.recipient_id)) continue;
      due.set(row.recipient_id, [...(due.get(row.recipient_id) ?? []), row]);
    }
    await Promise.all([...due.values()].flatMap((rows) => {
      const payload = payloadOf(rows);
      const devices = rows[0]!.devices;
      return (typeof devices === 'string' ? JSON.parse(devices) as Device[] : devices).map((device) => this.deliver(device, payload));
    }));
  }

  private async deliver(device: Device, payload: PushPayload): Promise<void> {
    const keys = await this.keyPair();
    try {
      await webpush.sendNotification(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        JSON.stringify(payload),
        { vapidDetails: { subject: this.config.vapid.subject, ...keys }, TTL: 12 * 3600, timeout: 10_000, ...(this.agent ? { agent: this.agent } : {}) },
      );
    } catch (err) {
      const status = (err as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) {
        // The browser dropped the subscription: so do we.
        await this.database.db.execute(sql`delete from push_subscriptions where id = ${device.id}::uuid`);
        return;
      }
      this.log.warn({ err: safeError(err), status }, 'a push was not delivered');
    }
  }
}
