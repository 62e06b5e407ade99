import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, id } from './columns.ts';
import { familyRef } from './family.ts';

/**
 * What a member is told about others' actions (platform/notifications). A row coalesces one actor's events of one
 * kind on one subject while it is `open`: unread and younger than the coalescing window (closed by the prune job).
 */
export const notifications = pgTable('notifications', {
  id: id(),
  familyId: familyRef(),
  recipientId: uuid('recipient_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  /** The event type last coalesced into the row (added, changed, cancelled, ...). */
  action: text('action').notNull(),
  /** Forgotten when the account goes (migration 0036); `actorName` keeps the name shown. */
  actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
  actorName: text('actor_name').notNull(),
  /** What it is about and where a tap leads: a list, a calendar event, an invite. */
  subjectId: uuid('subject_id').notNull(),
  title: text('title').notNull(),
  count: integer('count').notNull(),
  /** kind, actor and subject: what open rows coalesce on. */
  groupKey: text('group_key').notNull(),
  open: boolean('open').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  readAt: timestamp('read_at', { withTimezone: true }),
  /** Changed since its last push (or never pushed): the push sender's work. */
  pushDue: boolean('push_due').notNull().default(true),
}, (t) => [
  index('notifications_recipient_idx').on(t.recipientId, t.updatedAt, t.id),
  uniqueIndex('notifications_open_key').on(t.recipientId, t.groupKey).where(sql`open`),
  index('notifications_push_due_idx').on(t.recipientId).where(sql`push_due`),
  index('notifications_updated_idx').on(t.updatedAt),
]);

/**
 * A member's stand on a subject (a list): following (made by creating or adding to it, or by Follow) and muted
 * (nothing about it at all). An explicit unfollow is a row with following false, so adding again does not undo it.
 */
export const notificationSubjects = pgTable('notification_subjects', {
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  subjectId: uuid('subject_id').notNull(),
  familyId: familyRef(),
  following: boolean('following').notNull().default(true),
  muted: boolean('muted').notNull().default(false),
}, (t) => [primaryKey({ columns: [t.userId, t.subjectId] }), index('notification_subjects_subject_idx').on(t.subjectId)]);

export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  mutedKinds: text('muted_kinds').array().notNull().default(sql`'{}'`),
  /** Local times of day (HH:mm) in the family's timezone; pushes wait until the end. Both or neither. */
  quietStart: text('quiet_start'),
  quietEnd: text('quiet_end'),
  /** The last push sent to the member (pushes are coalesced per recipient). */
  lastPushAt: timestamp('last_push_at', { withTimezone: true }),
  /** The morning email digest, off unless the member turns it on. */
  digest: boolean('digest').notNull().default(false),
  /** The family-local day of the last digest claimed (sent, or skipped with nothing to say): one a day. */
  digestOn: date('digest_on', { mode: 'string' }),
  /** When the last digest was claimed: the next one tells what came since. */
  digestAt: timestamp('digest_at', { withTimezone: true }),
  /** The digest's unsubscribe link's key: random, good for nothing else. */
  digestToken: text('digest_token'),
}, (t) => [uniqueIndex('notification_preferences_digest_token_key').on(t.digestToken)]);

/** One browser or phone of a member that takes Web Push. */
export const pushSubscriptions = pgTable('push_subscriptions', {
  id: id(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  endpoint: text('endpoint').notNull(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)]);

/** The server's VAPID key pair, made at first start unless the environment gives one (one row). */
export const vapidKeys = pgTable('vapid_keys', {
  id: integer('id').primaryKey().default(1),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: createdAt(),
});
