import { date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { familyRef } from './family.ts';

/**
 * The meal planner's requests per family per local day. A request claims one with a single conditional upsert,
 * so parallel requests can never count past the daily limit.
 */
export const aiDailyUsage = pgTable('ai_daily_usage', {
  familyId: familyRef(),
  /** The family's local date when the requests were made. */
  day: date('day', { mode: 'string' }).notNull(),
  count: integer('count').notNull(),
}, (t) => [primaryKey({ columns: [t.familyId, t.day] })]);

/** The catalogue recipes a family was last offered, so the next answer offers others. */
export const aiRecentSuggestions = pgTable('ai_recent_suggestions', {
  familyId: familyRef().primaryKey(),
  recipeIds: text('recipe_ids').array().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
