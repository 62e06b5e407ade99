import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { id } from './columns.ts';
import { families } from './family.ts';

export const usageEvents = pgTable('usage_events', {
  id: id(),
  kind: text('kind').notNull(),
  familyId: uuid('family_id').references(() => families.id, { onDelete: 'set null' }),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  at: timestamp('at', { withTimezone: true }).notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
}, (t) => [index('usage_events_kind_at_idx').on(t.kind, t.at)]);

