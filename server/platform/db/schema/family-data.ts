import { pgTable, timestamp } from 'drizzle-orm/pg-core';
import { familyRef } from './family.ts';

/**
 * A family being imported: nobody belongs to it until its last rows are in, then the row goes. Each batch written
 * touches it, so one left untouched for long was stopped half-way (its server went away) and is deleted whole.
 */
export const familyImports = pgTable('family_imports', {
  familyId: familyRef().primaryKey(),
  touchedAt: timestamp('touched_at', { withTimezone: true }).notNull().defaultNow(),
});
