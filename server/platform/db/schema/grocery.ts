import { sql, type SQL } from 'drizzle-orm';
import {
  bigint, boolean, doublePrecision, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, id } from './columns.ts';
import { familyRef } from './family.ts';
import { meals } from './meals.ts';

export const groceryLists = pgTable('grocery_lists', {
  id: id(),
  familyId: familyRef(),
  title: text('title').notNull(),
  createdAt: createdAt(),
  /** How many items the list has, kept by triggers on grocery_items (migration 0015): a list's bound needs no count. */
  itemCount: integer('item_count').notNull().default(0),
  /**
   * Raised by every statement that changes the list's items, in that statement (triggers on grocery_items, migration
   * 0018): a list read whose server already holds the answer for this version skips reading the items.
   */
  itemsVersion: bigint('items_version', { mode: 'number' }).notNull().default(0),
}, (t) => [
  // The family's lists; and what an item's (list, family) reference points at (migration 0017).
  unique('grocery_lists_family_id_key').on(t.familyId, t.id),
]);

export const recurringItems = pgTable('recurring_items', {
  id: id(),
  familyId: familyRef(),
  listId: uuid('list_id').notNull().references(() => groceryLists.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  quantity: doublePrecision('quantity'),
  unit: text('unit'),
  frequency: text('frequency', { enum: ['WEEKLY', 'BI_WEEKLY', 'MONTHLY'] }).notNull(),
  /** When the item is next put back on its list; advanced by the recurrence job. */
  nextDueAt: timestamp('next_due_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
}, (t) => [index('recurring_items_family_idx').on(t.familyId), index('recurring_items_due_idx').on(t.nextDueAt)]);

/**
 * What makes two unpurchased items one: the singular, lower-case name and unit, so "Eggs" and "egg", "2 lbs" and
 * "1 lb" meet. `hearth_singular` is a SQL function (migration 0009, mirrored by `itemMatchKey` in the contract):
 * -es after ch, sh, x, z, ss and o, -ies as -y, and a final -s (not -ss, -us) are dropped, then a final -ie reads -y
 * and -oe reads -o, so both forms of "cookie" and "shoe" meet.
 */
export const matchKeySql = (name: SQL | AnyPgColumn | string, unit: SQL | AnyPgColumn | string | null): SQL =>
  sql`hearth_singular(${name}) || '|' || hearth_singular(${unit})`;

export const groceryItems = pgTable('grocery_items', {
  id: id(),
  /** Its list's family: the (list, family) reference below holds it so, and cascades from the list. */
  familyId: uuid('family_id').notNull(),
  listId: uuid('list_id').notNull(),
  name: text('name').notNull(),
  quantity: doublePrecision('quantity'),
  unit: text('unit'),
  category: text('category'),
  recurrence: text('recurrence', { enum: ['none', 'weekly', 'monthly'] }).notNull().default('none'),
  position: integer('position').notNull(),
  isPurchased: boolean('is_purchased').notNull().default(false),
  recurringItemId: uuid('recurring_item_id').references(() => recurringItems.id, { onDelete: 'set null' }),
  addedFromRecipeId: uuid('added_from_recipe_id').references(() => meals.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Computed by the database, so every writer (service, recipes, the recurrence job) agrees. */
  matchKey: text('match_key').notNull().generatedAlwaysAs((): SQL => matchKeySql(groceryItems.name, groceryItems.unit)),
  /**
   * The item as a list's answer shows it, a JSON array written once per change by the database (migration 0016), so
   * a list read joins texts instead of writing JSON for every item on every read.
   */
  shownJson: text('shown_json').notNull().generatedAlwaysAs((): SQL => sql`hearth_item_shown(${groceryItems.id},
    ${groceryItems.name}, ${groceryItems.quantity}, ${groceryItems.unit}, ${groceryItems.category},
    ${groceryItems.recurrence}, ${groceryItems.isPurchased}, ${groceryItems.recurringItemId},
    ${groceryItems.addedFromRecipeId})`),
}, (t) => [
  // One reference, not one to the list and one to the family: an item is always in a list of its own family, and
  // an add's rows cost one check each instead of two (migration 0017).
  foreignKey({
    name: 'grocery_items_list_family_fk', columns: [t.listId, t.familyId],
    foreignColumns: [groceryLists.id, groceryLists.familyId],
  }).onDelete('cascade'),
  index('grocery_items_list_idx').on(t.listId, t.position),
  // An add finds the unpurchased item it merges into, the top one of its name, without reading the list: one
  // index descent per name, ordered by position, however stale the planner's statistics (migration 0019).
  index('grocery_items_open_key_idx').on(t.listId, t.matchKey, t.position).where(sql`not ${t.isPurchased}`),
  // Suggestions: the family's own names.
  index('grocery_items_family_key_idx').on(t.familyId, t.matchKey),
]);

/** The family's aisle order: categories as the family walks the store; others come after, uncategorised last. */
export const groceryCategoryOrders = pgTable('grocery_category_orders', {
  familyId: familyRef().primaryKey(),
  categories: text('categories').array().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The categories a family has used, each as it first wrote it: "meat" and "Meat" are one (`key`: `categoryKey` of
 * the contract), shown as written first. Rows stay when items go, so the category field keeps suggesting them.
 */
export const groceryCategories = pgTable('grocery_categories', {
  familyId: familyRef(),
  key: text('key').notNull(),
  name: text('name').notNull(),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.familyId, t.key] })]);

/**
 * Where the family last filed an item by hand, by its name's singular (`hearth_singular`): a new item of that name
 * goes there again, however its list was cleared meanwhile.
 */
export const groceryItemCategories = pgTable('grocery_item_categories', {
  familyId: uuid('family_id').notNull(),
  nameKey: text('name_key').notNull(),
  categoryKey: text('category_key').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.familyId, t.nameKey] }),
  foreignKey({
    name: 'grocery_item_categories_category_fk', columns: [t.familyId, t.categoryKey],
    foreignColumns: [groceryCategories.familyId, groceryCategories.key],
  }).onDelete('cascade'),
]);

export const groceryComments = pgTable('grocery_comments', {
  id: id(),
  familyId: familyRef(),
  listId: uuid('list_id').notNull().references(() => groceryLists.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  userName: text('user_name').notNull(),
  text: text('text').notNull(),
  parentId: uuid('parent_id').references((): AnyPgColumn => groceryComments.id, { onDelete: 'cascade' }),
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  index('grocery_comments_list_idx').on(t.listId, t.createdAt),
  // The newsfeed's latest comments of a family, read newest first without scanning other families' comments.
  index('grocery_comments_family_recent_idx').on(t.familyId, t.createdAt),
]);
