import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { id } from './columns.ts';
import { familyRef } from './family.ts';

/** What happened in a family, written in the same transaction as the change (platform/events.ts). */
export const familyEvents = pgTable('family_events', {
  id: id(),
  familyId: familyRef(),
  actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
  type: text('type').notNull(),
  subjectId: uuid('subject_id'),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  at: timestamp('at', { withTimezone: true }).notNull(),
}, (t) => [
  // "This family's latest N" (a newsfeed) and "count by type per day" (usage).
  index('family_events_family_at_idx').on(t.familyId, t.at.desc()),
  index('family_events_type_at_idx').on(t.type, t.at),
]);
