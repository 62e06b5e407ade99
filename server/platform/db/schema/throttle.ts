import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id } from './columns.ts';

/** One row per counted attempt; windows are counted with the app's clock so tests need no sleeps. */
export const throttleHits = pgTable('throttle_hits', {
  id: id(),
  key: text('key').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
}, (t) => [index('throttle_hits_key_at_idx').on(t.key, t.at)]);

