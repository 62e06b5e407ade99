import { sql } from 'drizzle-orm';
import {
  boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const familyRef = () => uuid('family_id').notNull().references(() => families.id, { onDelete: 'cascade' });

export const families = pgTable('families', {
  id: id(),
  name: text('name').notNull(),
  description: text('description'),
  timezone: text('timezone').notNull().default('America/New_York'),
  createdAt: createdAt(),
});

export const users = pgTable('users', {
  id: id(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  status: text('status', { enum: ['PENDING', 'ACTIVE', 'REJECTED'] }).notNull().default('PENDING'),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  familyId: uuid('family_id').references(() => families.id, { onDelete: 'set null' }),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('users_email_key').on(t.email)]);

export const sessions = pgTable('sessions', {
  id: id(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
}, (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)]);

/** Single-use links sent by mail: email verification and password reset. */
export const emailTokens = pgTable('email_tokens', {
  id: id(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: ['VERIFY_EMAIL', 'RESET_PASSWORD'] }).notNull(),
  tokenHash: text('token_hash').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
}, (t) => [uniqueIndex('email_tokens_token_hash_key').on(t.tokenHash)]);

/** Emailed 6-digit sign-in codes, stored hashed. */
export const loginCodes = pgTable('login_codes', {
  id: id(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  usedAt: timestamp('used_at', { withTimezone: true }),
}, (t) => [index('login_codes_user_idx').on(t.userId, t.createdAt)]);

/** One row per counted attempt; windows are counted with the app's clock so tests need no sleeps. */
export const throttleHits = pgTable('throttle_hits', {
  id: id(),
  key: text('key').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
}, (t) => [index('throttle_hits_key_at_idx').on(t.key, t.at)]);

export const familyMembers = pgTable('family_members', {
  id: id(),
  familyId: familyRef(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  email: text('email'),
  birthday: date('birthday', { mode: 'string' }),
  permissionLevel: text('permission_level', { enum: ['ADMIN', 'EDIT', 'READ_ONLY'] }).notNull().default('READ_ONLY'),
  color: text('color').notNull().default('#cccccc'),
  memberNumber: integer('member_number'),
  createdAt: createdAt(),
}, (t) => [
  index('family_members_family_idx').on(t.familyId),
  uniqueIndex('family_members_user_key').on(t.userId),
]);

export const invites = pgTable('invites', {
  id: id(),
  familyId: familyRef(),
  token: text('token').notNull(),
  invitedEmail: text('invited_email'),
  createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
}, (t) => [uniqueIndex('invites_token_key').on(t.token), index('invites_family_idx').on(t.familyId)]);

export const usageEvents = pgTable('usage_events', {
  id: id(),
  kind: text('kind').notNull(),
  familyId: uuid('family_id').references(() => families.id, { onDelete: 'set null' }),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  at: timestamp('at', { withTimezone: true }).notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
}, (t) => [index('usage_events_kind_at_idx').on(t.kind, t.at)]);

export const groceryLists = pgTable('grocery_lists', {
  id: id(),
  familyId: familyRef(),
  title: text('title').notNull(),
  createdAt: createdAt(),
}, (t) => [index('grocery_lists_family_idx').on(t.familyId)]);

export const recurringItems = pgTable('recurring_items', {
  id: id(),
  familyId: familyRef(),
  listId: uuid('list_id').notNull().references(() => groceryLists.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  quantity: integer('quantity'),
  unit: text('unit'),
  frequency: text('frequency', { enum: ['WEEKLY', 'BI_WEEKLY', 'MONTHLY'] }).notNull(),
  /** When the item is next put back on its list; advanced by the recurrence job. */
  nextDueAt: timestamp('next_due_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
}, (t) => [index('recurring_items_family_idx').on(t.familyId), index('recurring_items_due_idx').on(t.nextDueAt)]);

export const meals = pgTable('meals', {
  id: id(),
  familyId: familyRef(),
  name: text('name').notNull(),
  directions: text('directions'),
  prepTime: integer('prep_time'),
  totalTime: integer('total_time'),
  createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('meals_family_idx').on(t.familyId)]);

export const mealIngredients = pgTable('meal_ingredients', {
  id: id(),
  mealId: uuid('meal_id').notNull().references(() => meals.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  name: text('name').notNull(),
  quantity: integer('quantity'),
  unit: text('unit'),
  groceryListId: uuid('grocery_list_id').references(() => groceryLists.id, { onDelete: 'set null' }),
}, (t) => [index('meal_ingredients_meal_idx').on(t.mealId, t.position)]);

export const groceryItems = pgTable('grocery_items', {
  id: id(),
  familyId: familyRef(),
  listId: uuid('list_id').notNull().references(() => groceryLists.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  quantity: integer('quantity'),
  unit: text('unit'),
  category: text('category'),
  recurrence: text('recurrence', { enum: ['none', 'weekly', 'monthly'] }).notNull().default('none'),
  position: integer('position').notNull(),
  isPurchased: boolean('is_purchased').notNull().default(false),
  recurringItemId: uuid('recurring_item_id').references(() => recurringItems.id, { onDelete: 'set null' }),
  addedFromRecipeId: uuid('added_from_recipe_id').references(() => meals.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('grocery_items_list_idx').on(t.listId, t.position)]);

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
}, (t) => [index('grocery_comments_list_idx').on(t.listId, t.createdAt)]);
