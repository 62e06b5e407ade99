import { sql } from 'drizzle-orm';
import {
  customType, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';
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
  /** Its name and ingredient names in lower case without accents, what search matches (written with the meal). */
  searchText: text('search_text').notNull().default(''),
  /** Its photo's version (a hash of its bytes) and size, kept here so lists read no photo rows; null without one. */
  photoVersion: text('photo_version'),
  photoWidth: integer('photo_width'),
  photoHeight: integer('photo_height'),
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


/** A family's recipe tags; one name per family whatever its case, shown as first written. */
export const mealTags = pgTable('meal_tags', {
  id: id(),
  familyId: familyRef(),
  name: text('name').notNull(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('meal_tags_family_name_idx').on(t.familyId, sql`lower(${t.name})`)]);

export const mealTagLinks = pgTable('meal_tag_links', {
  mealId: uuid('meal_id').notNull().references(() => meals.id, { onDelete: 'cascade' }),
  tagId: uuid('tag_id').notNull().references(() => mealTags.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.mealId, t.tagId] }), index('meal_tag_links_tag_idx').on(t.tagId)]);

/** Bytes as PostgreSQL's bytea; PGlite answers a Uint8Array, pg a Buffer: both read as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * A meal's photo, in the database so that both engines and backups carry it: the page's size and the card's, WebP.
 * Its family is kept too, so a read is scoped by family without a join.
 */
export const mealPhotos = pgTable('meal_photos', {
  mealId: uuid('meal_id').primaryKey().references(() => meals.id, { onDelete: 'cascade' }),
  familyId: familyRef(),
  version: text('version').notNull(),
  full: bytea('full').notNull(),
  card: bytea('card').notNull(),
  createdAt: createdAt(),
}, (t) => [index('meal_photos_family_idx').on(t.familyId)]);
