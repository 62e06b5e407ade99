import { doublePrecision, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, id } from './columns.ts';
import { familyRef } from './family.ts';
import { groceryLists } from './grocery.ts';

export const meals = pgTable('meals', {
  id: id(),
  familyId: familyRef(),
  name: text('name').notNull(),
  directions: text('directions'),
  prepTime: integer('prep_time'),
  totalTime: integer('total_time'),
  servings: integer('servings'),
  sourceUrl: text('source_url'),
  createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('meals_family_idx').on(t.familyId)]);

export const mealIngredients = pgTable('meal_ingredients', {
  id: id(),
  mealId: uuid('meal_id').notNull().references(() => meals.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  name: text('name').notNull(),
  quantity: doublePrecision('quantity'),
  unit: text('unit'),
  groceryListId: uuid('grocery_list_id').references(() => groceryLists.id, { onDelete: 'set null' }),
}, (t) => [index('meal_ingredients_meal_idx').on(t.mealId, t.position)]);

