import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns.ts';

/**
 * What happened in a family, written in the same transaction as the change (platform/events.ts). Its family and actor
 * are not references, and nothing reads it yet, so it keeps no index but its key (migration 0020): a row is written for
 * every change (one per item add) by `Events` alone, with ids its transaction has just read (the caller's session, or a
 * job's own rows), and the app deletes neither families nor users. Each reference and index cost every add a per-row
 * check or index entry on the embedded engine's one thread. The reader that comes adds the index it needs.
 */
export const familyEvents = pgTable('family_events', {
  id: id(),
  familyId: uuid('family_id').notNull(),
  actorId: uuid('actor_id'),
  type: text('type').notNull(),
  subjectId: uuid('subject_id'),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  at: timestamp('at', { withTimezone: true }).notNull(),
});
