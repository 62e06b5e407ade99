import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id } from './columns.ts';

/** One row per counted attempt; windows are counted with the app's clock so tests need no sleeps. */
export const throttleHits = pgTable('throttle_hits', {
  id: id(),
  key: text('key').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
}, (t) => [index('throttle_hits_key_at_idx').on(t.key, t.at)]);

/**
 * Requests counted per key in a fixed window that starts at the key's first request (per-address limits, writes per
 * user): one row a key, raised by one upsert a request. Unlogged (migration 0022): counts are lost with a crash.
 */
export const rateCounts = pgTable('rate_counts', {
  key: text('key').primaryKey(),
  windowEnds: timestamp('window_ends', { withTimezone: true }).notNull(),
  n: integer('n').notNull(),
});
