import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { id } from './columns.ts';
import { familyRef } from './family.ts';

/**
 * What happened in a family, written in the same transaction as the change (platform/events.ts). Its family and actor
 * are references (a family's deletion takes its events along); nothing reads it yet, so it keeps no index but its key:
 * the reader that comes adds the index it needs.
 */
export const familyEvents = pgTable('family_events', {
  id: id(),
  familyId: familyRef(),
  actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
  type: text('type').notNull(),
  subjectId: uuid('subject_id'),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  at: timestamp('at', { withTimezone: true }).notNull(),
});
