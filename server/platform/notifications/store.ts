import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { notificationLimits } from '@hearth/contract/notifications';
import { days, type Clock } from '../clock.ts';
import type { Queryable } from '../db/client.ts';
import { notificationPreferences, notifications, notificationSubjects, pushSubscriptions } from '../db/schema.ts';

/** How long an unread row keeps taking an actor's events on its subject ("Sam added 5 items to Costco"). */
export const coalescingWindowMs = 60 * 60_000;

export type NotificationRow = typeof notifications.$inferSelect;

/** A member's notifications in the family, newest first, after the cursor's (updatedAt, id). */
export function page(
  q: Queryable, recipientId: string, familyId: string, limit: number, after?: { at: Date; id: string },
): Promise<NotificationRow[]> {
  const mine = and(eq(notifications.recipientId, recipientId), eq(notifications.familyId, familyId));
  const older = after
    ? or(lt(notifications.updatedAt, after.at), and(eq(notifications.updatedAt, after.at), lt(notifications.id, after.id)))
    : undefined;
  return q.select().from(notifications).where(and(mine, older))
    .orderBy(desc(notifications.updatedAt), desc(notifications.id)).limit(limit);
}

export async function unreadCount(q: Queryable, recipientId: string, familyId: string): Promise<number> {
  const [row] = await q.select({ n: sql<number>`count(*)::int` }).from(notifications).where(and(
    eq(notifications.recipientId, recipientId), eq(notifications.familyId, familyId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks read (one, or all when `id` is undefined); a read row takes no more events. Answers how many it found. */
export async function markRead(q: Queryable, recipientId: string, familyId: string, now: Date, id?: string): Promise<number> {
  const rows = await q.update(notifications).set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)`, open: false })
    .where(and(
      eq(notifications.recipientId, recipientId), eq(notifications.familyId, familyId),
      id ? eq(notifications.id, id) : isNull(notifications.readAt),
    )).returning({ id: notifications.id });
  return rows.length;
}

export interface Stand { following: boolean; muted: boolean }

export async function stand(q: Queryable, userId: string, subjectId: string): Promise<Stand> {
  const [row] = await q.select({ following: notificationSubjects.following, muted: notificationSubjects.muted })
    .from(notificationSubjects).where(and(eq(notificationSubjects.userId, userId), eq(notificationSubjects.subjectId, subjectId)));
  return row ?? { following: false, muted: false };
}

export async function setStand(
  q: Queryable, userId: string, familyId: string, subjectId: string, change: Partial<Stand>,
): Promise<Stand> {
  const [row] = await q.insert(notificationSubjects)
    .values({ userId, familyId, subjectId, following: change.following ?? false, muted: change.muted ?? false })
    .onConflictDoUpdate({
      target: [notificationSubjects.userId, notificationSubjects.subjectId],
      set: {
        ...(change.following === undefined ? {} : { following: change.following }),
        ...(change.muted === undefined ? {} : { muted: change.muted }),
        familyId,
      },
    }).returning({ following: notificationSubjects.following, muted: notificationSubjects.muted });
  return row!;
}

export interface Preferences {
  mutedKinds: string[];
  mutedSubjectIds: string[];
  quietHours: { start: string; end: string } | null;
  digest: boolean;
}

export async function preferences(q: Queryable, userId: string, familyId: string): Promise<Preferences> {
  const [row] = await q.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  const muted = await q.select({ id: notificationSubjects.subjectId }).from(notificationSubjects).where(and(
    eq(notificationSubjects.userId, userId), eq(notificationSubjects.familyId, familyId), eq(notificationSubjects.muted, true)));
  return {
    mutedKinds: row?.mutedKinds ?? [],
    mutedSubjectIds: muted.map((m) => m.id).sort(),
    quietHours: row?.quietStart && row.quietEnd ? { start: row.quietStart, end: row.quietEnd } : null,
    digest: row?.digest ?? false,
  };
}

/** Replaces the preferences; `mutedSubjectIds` must be the family's (the caller checks). */
export async function setPreferences(q: Queryable, userId: string, familyId: string, prefs: Preferences): Promise<void> {
  const set = {
    mutedKinds: prefs.mutedKinds, quietStart: prefs.quietHours?.start ?? null, quietEnd: prefs.quietHours?.end ?? null,
    digest: prefs.digest,
  };
  // The unsubscribe key is made once, the first time the digest is on, and kept: old mails' links keep working.
  await q.insert(notificationPreferences).values({ userId, ...set, digestToken: prefs.digest ? newDigestToken() : null })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: {
        ...set,
        ...(prefs.digest ? { digestToken: sql`coalesce(${notificationPreferences.digestToken}, ${newDigestToken()})` } : {}),
      },
    });
  await q.update(notificationSubjects).set({ muted: false }).where(and(
    eq(notificationSubjects.userId, userId), eq(notificationSubjects.familyId, familyId), eq(notificationSubjects.muted, true)));
  if (prefs.mutedSubjectIds.length > 0) {
    await q.insert(notificationSubjects)
      .values(prefs.mutedSubjectIds.map((subjectId) => ({ userId, familyId, subjectId, following: false, muted: true })))
      .onConflictDoUpdate({ target: [notificationSubjects.userId, notificationSubjects.subjectId], set: { muted: true, familyId } });
  }
}

const newDigestToken = () => randomBytes(32).toString('base64url');

/** Turns the digest of the token's member off; answers whether the token is anyone's (a second use finds it too). */
export async function unsubscribeDigest(q: Queryable, token: string): Promise<boolean> {
  const rows = await q.update(notificationPreferences).set({ digest: false })
    .where(eq(notificationPreferences.digestToken, token)).returning({ userId: notificationPreferences.userId });
  return rows.length > 0;
}

/** The member's devices other than the one at `endpoint`. */
export async function countDevices(q: Queryable, userId: string, endpoint: string): Promise<number> {
  const [row] = await q.select({ n: sql<number>`count(*)::int` }).from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), ne(pushSubscriptions.endpoint, endpoint)));
  return row?.n ?? 0;
}

export async function saveDevice(q: Queryable, userId: string, device: { endpoint: string; p256dh: string; auth: string }) {
  await q.insert(pushSubscriptions).values({ userId, ...device }).onConflictDoUpdate({
    target: pushSubscriptions.endpoint, set: { userId, p256dh: device.p256dh, auth: device.auth },
  });
}

export async function removeDevice(q: Queryable, userId: string, endpoint: string): Promise<void> {
  await q.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/**
 * The bounds, run by the minute job: open rows past the coalescing window close, rows older than the days kept
 * go, and a member keeps the newest `perMember`. Safe in several processes at once (each statement stands alone).
 */
export async function prune(q: Queryable, clock: Clock): Promise<void> {
  const now = clock.now().getTime();
  await q.update(notifications).set({ open: false }).where(and(
    eq(notifications.open, true), lt(notifications.createdAt, new Date(now - coalescingWindowMs))));
  await q.delete(notifications).where(lt(notifications.updatedAt, new Date(now - days(notificationLimits.keptDays))));
  const over = q.select({ recipientId: notifications.recipientId }).from(notifications)
    .groupBy(notifications.recipientId).having(sql`count(*) > ${notificationLimits.perMember}`);
  await q.execute(sql`delete from notifications n using (
      select id from (
        select id, row_number() over (partition by recipient_id order by updated_at desc, id desc) as place
        from notifications where recipient_id in (${over})
      ) ranked where place > ${notificationLimits.perMember}
    ) extra where n.id = extra.id`);
}
