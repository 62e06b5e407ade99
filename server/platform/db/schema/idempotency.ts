import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per create sent with an Idempotency-Key: claimed in the create's own transaction (the primary key makes
 * a second claim wait for the first to commit), holding the answer a repeat gets back. Its user is not a reference
 * (migration 0020): the user is read from the caller's session in the same transaction, users are never deleted,
 * and keys are pruned by age; the check cost every keyed item add a per-row lookup on the embedded engine.
 */
export const idempotencyKeys = pgTable('idempotency_keys', {
  userId: uuid('user_id').notNull(),
  route: text('route').notNull(),
  key: text('key').notNull(),
  status: integer('status').notNull(),
  response: jsonb('response'),
  /** The request the key was first sent with (`requestHash`); null on keys kept from before it was recorded. */
  requestHash: text('request_hash'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
}, (t) => [primaryKey({ columns: [t.userId, t.route, t.key] }), index('idempotency_keys_created_at_idx').on(t.createdAt)]);
