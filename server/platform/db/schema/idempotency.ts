import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * One row per create sent with an Idempotency-Key: claimed in the create's own transaction (the primary key makes
 * a second claim wait for the first to commit), holding the answer a repeat gets back; pruned by age. A user's keys
 * go with the user.
 */
export const idempotencyKeys = pgTable('idempotency_keys', {
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  route: text('route').notNull(),
  key: text('key').notNull(),
  status: integer('status').notNull(),
  response: jsonb('response'),
  /** The request the key was first sent with (`requestHash`); null on keys kept from before it was recorded. */
  requestHash: text('request_hash'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
}, (t) => [primaryKey({ columns: [t.userId, t.route, t.key] }), index('idempotency_keys_created_at_idx').on(t.createdAt)]);
