import { date, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, id } from './columns.ts';

/** A family's own rows go when the family goes. */
export const familyRef = () => uuid('family_id').notNull().references(() => families.id, { onDelete: 'cascade' });

export const families = pgTable('families', {
  id: id(),
  name: text('name').notNull(),
  description: text('description'),
  timezone: text('timezone').notNull().default('America/New_York'),
  /** The reminder new events start with, minutes before their start (contract/reminders.ts); null: none. */
  defaultReminderMinutes: integer('default_reminder_minutes'),
  /** 0 Sunday … 6 Saturday; Monday (ISO 8601) until an admin chooses. */
  firstDayOfWeek: smallint('first_day_of_week').notNull().default(1),
  createdAt: createdAt(),
});

export const familyMembers = pgTable('family_members', {
  id: id(),
  familyId: familyRef(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  email: text('email'),
  birthday: date('birthday', { mode: 'string' }),
  permissionLevel: text('permission_level', { enum: ['ADMIN', 'EDIT', 'READ_ONLY'] }).notNull().default('READ_ONLY'),
  color: text('color').notNull().default('#cccccc'),
  memberNumber: integer('member_number'),
  createdAt: createdAt(),
}, (t) => [
  index('family_members_family_idx').on(t.familyId),
  uniqueIndex('family_members_user_key').on(t.userId),
]);

export const invites = pgTable('invites', {
  id: id(),
  familyId: familyRef(),
  token: text('token').notNull(),
  invitedEmail: text('invited_email'),
  createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
}, (t) => [uniqueIndex('invites_token_key').on(t.token), index('invites_family_idx').on(t.familyId)]);

