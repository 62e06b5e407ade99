import { sql } from 'drizzle-orm';
import {
  check, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, id } from './columns.ts';
import { familyMembers, familyRef } from './family.ts';

/** A repeat rule as stored: contract/todos.ts StoredRepeatRule, the shared recurrence's DateRule. */
export interface StoredRepeat {
  frequency: 'DAILY' | 'WEEKDAYS' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';
  interval: number;
  weekdays: number[];
  monthlyBy: 'DAY_OF_MONTH' | 'WEEKDAY_OF_MONTH' | null;
}

const memberRef = (name: string) => uuid(name).references(() => familyMembers.id, { onDelete: 'set null' });
const userRef = (name: string) => uuid(name).references(() => users.id, { onDelete: 'set null' });

export const todoLists = pgTable('todo_lists', {
  id: id(),
  familyId: familyRef(),
  title: text('title').notNull(),
  color: text('color').notNull(),
  createdAt: createdAt(),
}, (t) => [
  // The family's lists; and what a task's (list, family) reference points at.
  unique('todo_lists_family_id_key').on(t.familyId, t.id),
]);

/**
 * A task, or a chore when it has stars. A repeating task is one row whose `dueDate` is its next open occurrence,
 * counted by its rule from `anchorDate` (the series' first date); each occurrence checked off or skipped is a row of
 * todo_completions. A plain task is done when `doneAt` is set; a repeating one never is.
 */
export const todoTasks = pgTable('todo_tasks', {
  id: id(),
  familyId: uuid('family_id').notNull(),
  listId: uuid('list_id').notNull(),
  title: text('title').notNull(),
  notes: text('notes'),
  assigneeId: memberRef('assignee_id'),
  dueDate: date('due_date', { mode: 'string' }),
  /** HH:mm of the family's zone. */
  dueTime: text('due_time'),
  repeat: jsonb('repeat').$type<StoredRepeat>(),
  anchorDate: date('anchor_date', { mode: 'string' }),
  stars: integer('stars'),
  /** Among the list's open tasks 0..n-1; a done task keeps the place it had, to come back to on undo. */
  position: integer('position').notNull(),
  doneAt: timestamp('done_at', { withTimezone: true }),
  createdBy: userRef('created_by'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  foreignKey({
    name: 'todo_tasks_list_family_fk', columns: [t.listId, t.familyId], foreignColumns: [todoLists.id, todoLists.familyId],
  }).onDelete('cascade'),
  index('todo_tasks_list_open_idx').on(t.listId, t.position).where(sql`${t.doneAt} is null`),
  index('todo_tasks_list_done_idx').on(t.listId, t.doneAt).where(sql`${t.doneAt} is not null`),
  index('todo_tasks_family_due_idx').on(t.familyId, t.dueDate).where(sql`${t.doneAt} is null`),
  index('todo_tasks_assignee_idx').on(t.assigneeId),
  check('todo_tasks_stars_check', sql`${t.stars} between 1 and 10`),
]);

/**
 * An occurrence checked off (DONE) or skipped (SKIPPED): one per task and date, which is what keeps a chore's stars
 * from being given twice. Its stars went to `memberId`; it stays when its task is deleted, so stars earned stay.
 */
export const todoCompletions = pgTable('todo_completions', {
  id: id(),
  familyId: familyRef(),
  taskId: uuid('task_id').references(() => todoTasks.id, { onDelete: 'set null' }),
  occurrenceDate: date('occurrence_date', { mode: 'string' }).notNull(),
  status: text('status', { enum: ['DONE', 'SKIPPED'] }).notNull(),
  memberId: memberRef('member_id'),
  stars: integer('stars').notNull().default(0),
  completedBy: userRef('completed_by'),
  completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
}, (t) => [
  uniqueIndex('todo_completions_task_date_key').on(t.taskId, t.occurrenceDate),
  index('todo_completions_family_date_idx').on(t.familyId, t.occurrenceDate),
]);

/** A member's stars: earned by chores done, spent on rewards. Its row is what a redeem claims (`earned - spent`). */
export const todoStarBalances = pgTable('todo_star_balances', {
  memberId: uuid('member_id').notNull().references(() => familyMembers.id, { onDelete: 'cascade' }),
  familyId: familyRef(),
  earned: integer('earned').notNull().default(0),
  spent: integer('spent').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.memberId] }), index('todo_star_balances_family_idx').on(t.familyId)]);

export const todoRewards = pgTable('todo_rewards', {
  id: id(),
  familyId: familyRef(),
  memberId: uuid('member_id').notNull().references(() => familyMembers.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  goalStars: integer('goal_stars').notNull(),
  createdAt: createdAt(),
}, (t) => [index('todo_rewards_family_idx').on(t.familyId), index('todo_rewards_member_idx').on(t.memberId)]);

export const todoRedemptions = pgTable('todo_redemptions', {
  id: id(),
  familyId: familyRef(),
  memberId: uuid('member_id').notNull().references(() => familyMembers.id, { onDelete: 'cascade' }),
  rewardId: uuid('reward_id').references(() => todoRewards.id, { onDelete: 'set null' }),
  title: text('title').notNull(),
  stars: integer('stars').notNull(),
  redeemedBy: userRef('redeemed_by'),
  /** The admin's name as it was, kept when the account goes. */
  redeemedByName: text('redeemed_by_name').notNull(),
  redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull(),
}, (t) => [index('todo_redemptions_family_idx').on(t.familyId, t.redeemedAt)]);
