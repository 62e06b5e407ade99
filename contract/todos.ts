import { z } from 'zod';
import { isCalendarDate } from './dates.ts';
import { endpoint, Id, IsoDateTime } from './endpoint.ts';
import { Color } from './family-fields.ts';

/**
 * To-dos and chores (issue 52): lists of tasks, repeating tasks, chores worth stars, the chore chart and rewards.
 * The bounds are the issue's; the field limits ours (docs/DECISIONS.md).
 */
export const todoLimits = {
  listTitleMax: 100,
  titleMax: 200,
  notesMax: 2000,
  rewardTitleMax: 100,
  starsMin: 1,
  starsMax: 10,
  /** A reward's goal: stars a member spends to redeem it. */
  goalStarsMax: 10_000,
  /** "Every N days/weeks/months/years". */
  intervalMax: 99,
  listsPerFamily: 100,
  openTasksPerList: 2000,
  /** Open tasks with stars assigned to one member. */
  choresPerMember: 200,
  rewardsPerMember: 20,
  /** The longest list a single reorder call may carry. */
  reorderMax: 2000,
  /** Done tasks a list answers with showDone, latest first. */
  doneShownMax: 200,
  /** Tasks the across-lists views ("My tasks", "Everyone's tasks") answer, by due date. */
  viewTasksMax: 2000,
  /** Past weeks of star totals the chore chart answers with the week asked for. */
  historyWeeks: 8,
  /** Redemptions the history answers, latest first. */
  redemptionsShownMax: 100,
  /** Today's and overdue tasks the newsfeed shows per member. */
  newsfeedTasksPerMember: 20,
} as const;

/** The server's and the forms' texts (the spec's style: say what is wrong and, where it helps, what to do). */
export const todoMessages = {
  listNotFound: 'To-do list not found',
  taskNotFound: 'Task not found',
  rewardNotFound: 'Reward not found',
  occurrenceNotFound: 'This task has no occurrence on that date.',
  assigneeNotFound: 'Assignee is not a member of this family',
  memberNotFound: 'Member not found',
  listTitleRequired: 'List name is required',
  listTitleTooLong: `List name must be at most ${todoLimits.listTitleMax} characters`,
  titleRequired: 'Task title is required',
  titleTooLong: `Task title must be at most ${todoLimits.titleMax} characters`,
  notesTooLong: `Notes must be at most ${todoLimits.notesMax} characters`,
  dateInvalid: 'Dates must look like YYYY-MM-DD',
  timeInvalid: 'Times must look like HH:mm, e.g. 17:30',
  timeNeedsDate: 'Choose a due date to set a time',
  repeatNeedsDate: 'Choose a due date for a repeating task',
  repeatInvalid: 'Choose how often the task repeats',
  intervalInvalid: `Repeat every must be a whole number from 1 to ${todoLimits.intervalMax}`,
  weekdaysRequired: 'Choose at least one day of the week',
  weekdayInvalid: 'Days of the week are 0 (Sunday) to 6 (Saturday)',
  starsInvalid: `Stars must be a whole number from ${todoLimits.starsMin} to ${todoLimits.starsMax}`,
  choreNeedsAssignee: 'Choose who does this chore to give it stars',
  rewardTitleRequired: 'Reward name is required',
  rewardTitleTooLong: `Reward name must be at most ${todoLimits.rewardTitleMax} characters`,
  goalStarsInvalid: `The goal must be a whole number of stars from 1 to ${todoLimits.goalStarsMax}`,
  notEnoughStars: 'Not enough stars yet to redeem this reward.',
  notRepeating: 'Only a repeating task can skip an occurrence.',
  notDone: 'This task is not done.',
  tooManyLists: `A family can have at most ${todoLimits.listsPerFamily} to-do lists.`,
  listFull: `A list can have at most ${todoLimits.openTasksPerList} open tasks. Finish or remove some to add more.`,
  tooManyChores: `A member can have at most ${todoLimits.choresPerMember} chores. Finish or remove some to add more.`,
  tooManyRewards: `A member can have at most ${todoLimits.rewardsPerMember} rewards.`,
  reorderEmpty: 'The new order must list at least one task',
  reorderTooLong: `A list can be reordered with at most ${todoLimits.reorderMax} tasks`,
  reorderIncomplete: 'The new order must contain every open task of the list exactly once',
  reorderPositions: 'Positions must be 0, 1, 2, ... with each used once',
  weekStartInvalid: 'weekStart must be a date like 2026-03-02',
} as const;

/** Days of the week as the family settings number them: 0 = Sunday ... 6 = Saturday. */
export const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

const TodoDate = z.string({ error: todoMessages.dateInvalid }).refine(isCalendarDate, todoMessages.dateInvalid);
const TodoTime = z.string({ error: todoMessages.timeInvalid }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, todoMessages.timeInvalid);

/**
 * How a task repeats, counted from its first due date (the series' anchor) in the family's calendar:
 * - DAILY: every `interval` days;
 * - WEEKDAYS: Monday to Friday;
 * - WEEKLY: every `interval` weeks on `weekdays` (the weeks counted from the anchor's week, weeks starting Sunday);
 * - MONTHLY: every `interval` months, on the anchor's day of the month (`DAY_OF_MONTH`; the month's last day where
 *   it has fewer days) or on the anchor's weekday and week ("second Tuesday", `WEEKDAY_OF_MONTH`; a fifth one means
 *   the last in months that have four);
 * - YEARLY: every `interval` years on the anchor's date (29 February on the 28th in other years).
 */
export const repeatFrequencies = ['DAILY', 'WEEKDAYS', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export const RepeatFrequency = z.enum(repeatFrequencies, { error: todoMessages.repeatInvalid });
export type RepeatFrequency = z.infer<typeof RepeatFrequency>;
export const monthlyModes = ['DAY_OF_MONTH', 'WEEKDAY_OF_MONTH'] as const;

export const RepeatRule = z.object({
  frequency: RepeatFrequency,
  interval: z.number({ error: todoMessages.intervalInvalid }).int(todoMessages.intervalInvalid)
    .min(1, todoMessages.intervalInvalid).max(todoLimits.intervalMax, todoMessages.intervalInvalid).default(1),
  /** WEEKLY only: the days, 0 = Sunday; left out, the due date's day. Answered sorted, each once. */
  weekdays: z.array(z.number({ error: todoMessages.weekdayInvalid }).int(todoMessages.weekdayInvalid)
    .min(0, todoMessages.weekdayInvalid).max(6, todoMessages.weekdayInvalid))
    .max(7).optional()
    .transform((days) => (days ? [...new Set(days)].sort((a, b) => a - b) : undefined)),
  /** MONTHLY only; left out, DAY_OF_MONTH. */
  monthlyBy: z.enum(monthlyModes, { error: todoMessages.repeatInvalid }).optional(),
}).superRefine((r, ctx) => {
  if (r.frequency === 'WEEKLY' && r.weekdays && r.weekdays.length === 0) {
    ctx.addIssue({ code: 'custom', message: todoMessages.weekdaysRequired, path: ['weekdays'] });
  }
});
export type RepeatRule = z.output<typeof RepeatRule>;
/** A rule as answered: every field filled in (weekdays for WEEKLY, monthlyBy for MONTHLY, else empty / null). */
export const StoredRepeatRule = z.object({
  frequency: RepeatFrequency,
  interval: z.number().int(),
  weekdays: z.array(z.number().int()),
  monthlyBy: z.enum(monthlyModes).nullable(),
});
export type StoredRepeatRule = z.infer<typeof StoredRepeatRule>;

export const TodoList = z.object({
  id: z.uuid(),
  familyId: z.uuid(),
  title: z.string(),
  /** #rrggbb. */
  color: z.string(),
  /** Tasks not done (a repeating task is always open). */
  openTaskCount: z.number().int(),
  /** Open tasks whose due date (and time) has passed in the family's timezone. */
  overdueCount: z.number().int(),
  createdAt: IsoDateTime,
});
export type TodoList = z.infer<typeof TodoList>;

export const TodoTask = z.object({
  id: z.uuid(),
  listId: z.uuid(),
  familyId: z.uuid(),
  title: z.string(),
  notes: z.string().nullable(),
  /** A family member (children without accounts included), or nobody. */
  assigneeId: z.uuid().nullable(),
  /** The due date in the family's timezone; for a repeating task, its next open occurrence. */
  dueDate: z.string().nullable(),
  /** HH:mm in the family's timezone, or null for any time that day. */
  dueTime: z.string().nullable(),
  repeat: StoredRepeatRule.nullable(),
  /** A chore's worth (1–10); null for a plain task. */
  stars: z.number().int().nullable(),
  /** Order among the list's open tasks, 0 at the top. */
  position: z.number().int(),
  /** A plain task checked off; a repeating task is never done (checking it off moves it to its next occurrence). */
  isDone: z.boolean(),
  doneAt: IsoDateTime.nullable(),
  /** Open, and its due date (and time) has passed in the family's timezone. */
  isOverdue: z.boolean(),
  createdAt: IsoDateTime,
});
export type TodoTask = z.infer<typeof TodoTask>;

/** One occurrence checked off or skipped; a plain task's check-off is its one occurrence (its due date, or the day done). */
export const TaskCompletion = z.object({
  id: z.uuid(),
  taskId: z.uuid(),
  /** The occurrence's date; the day it counts on in the chore chart. */
  occurrenceDate: z.string(),
  status: z.enum(['DONE', 'SKIPPED']),
  /** Who the stars went to (the assignee when it was done), or null. */
  memberId: z.uuid().nullable(),
  /** Stars given (0 for a plain task or a skip). */
  stars: z.number().int(),
  completedAt: IsoDateTime,
});
export type TaskCompletion = z.infer<typeof TaskCompletion>;

/** The answer of check off, skip and undo: the task as it is now and the occurrence acted on. */
export const CompletionResult = z.object({ task: TodoTask, completion: TaskCompletion });
export type CompletionResult = z.infer<typeof CompletionResult>;

const ListTitle = z.string({ error: todoMessages.listTitleRequired }).trim()
  .min(1, todoMessages.listTitleRequired).max(todoLimits.listTitleMax, todoMessages.listTitleTooLong);
const TaskTitle = z.string({ error: todoMessages.titleRequired }).trim()
  .min(1, todoMessages.titleRequired).max(todoLimits.titleMax, todoMessages.titleTooLong);
/** Blank becomes null; left out stays undefined (PATCH keeps the value). */
const Notes = z.string({ error: todoMessages.notesTooLong }).trim().max(todoLimits.notesMax, todoMessages.notesTooLong)
  .nullable().transform((v) => (v ? v : null)).optional();
const Stars = z.number({ error: todoMessages.starsInvalid }).int(todoMessages.starsInvalid)
  .min(todoLimits.starsMin, todoMessages.starsInvalid).max(todoLimits.starsMax, todoMessages.starsInvalid);
const emptyToNull = (v: unknown) => (v === '' ? null : v);

/** The task form's fields; on a PATCH a field left out keeps its value, null clears it. */
const taskFields = {
  title: TaskTitle,
  notes: Notes,
  assigneeId: z.preprocess(emptyToNull, Id.nullable()).optional(),
  dueDate: z.preprocess(emptyToNull, TodoDate.nullable()).optional(),
  dueTime: z.preprocess(emptyToNull, TodoTime.nullable()).optional(),
  repeat: RepeatRule.nullable().optional(),
  /** Null or left out on a create: a plain task. */
  stars: Stars.nullable().optional(),
};
type TaskFields = { dueDate?: string | null; dueTime?: string | null; repeat?: RepeatRule | null; stars?: number | null; assigneeId?: string | null };
/** The rules between fields the body itself holds; the server checks them again against the stored task on a PATCH. */
export function taskFieldProblems(t: TaskFields): { message: string; path: string }[] {
  const problems: { message: string; path: string }[] = [];
  if (t.dueTime && t.dueDate === null) problems.push({ message: todoMessages.timeNeedsDate, path: 'dueTime' });
  if (t.repeat && t.dueDate === null) problems.push({ message: todoMessages.repeatNeedsDate, path: 'repeat' });
  if (t.stars != null && t.assigneeId === null) problems.push({ message: todoMessages.choreNeedsAssignee, path: 'stars' });
  return problems;
}

export const NewTask = z.object({
  listId: Id,
  ...taskFields,
}).superRefine((t, ctx) => {
  // On a create, left out is none.
  const problems = taskFieldProblems({
    dueDate: t.dueDate ?? null, dueTime: t.dueTime, repeat: t.repeat, stars: t.stars, assigneeId: t.assigneeId ?? null,
  });
  for (const p of problems) ctx.addIssue({ code: 'custom', message: p.message, path: [p.path] });
});
export type NewTask = z.output<typeof NewTask>;

export const TaskUpdate = z.object({
  ...taskFields,
  title: TaskTitle.optional(),
  /** Move the task to another list of the family (at its top). */
  listId: Id.optional(),
}).superRefine((t, ctx) => {
  for (const p of taskFieldProblems(t)) ctx.addIssue({ code: 'custom', message: p.message, path: [p.path] });
});
export type TaskUpdate = z.output<typeof TaskUpdate>;

const ListParams = z.object({ listId: Id });
const TaskParams = z.object({ taskId: Id });
const RewardParams = z.object({ rewardId: Id });
/** Which occurrence: left out, the task's current due date (a plain task's only one). */
const OccurrenceBody = z.object({ occurrenceDate: TodoDate.optional() }).nullish().transform((b) => b ?? {});

export const getTodoLists = endpoint({
  method: 'GET',
  path: '/api/todo-lists',
  access: 'user',
  summary: 'The to-do lists of the caller\'s family, oldest first, with their open and overdue counts',
  response: z.array(TodoList),
});

export const createTodoList = endpoint({
  idempotent: true,
  method: 'POST',
  path: '/api/todo-lists',
  access: 'user',
  summary: `Create a to-do list (editors); at most ${todoLimits.listsPerFamily} per family`,
  body: z.object({ title: ListTitle, color: Color.optional() }),
  response: TodoList,
  status: 201,
});

export const updateTodoList = endpoint({
  method: 'PATCH',
  path: '/api/todo-lists/{listId}',
  access: 'user',
  summary: 'Rename or recolour a to-do list (editors); fields left out keep their value',
  params: ListParams,
  body: z.object({ title: ListTitle.optional(), color: Color.optional() }),
  response: TodoList,
});

export const deleteTodoList = endpoint({
  method: 'DELETE',
  path: '/api/todo-lists/{listId}',
  access: 'user',
  summary: 'Delete a to-do list with its tasks (editors); stars already earned stay',
  params: ListParams,
  response: z.null(),
});

export const getListTasks = endpoint({
  method: 'GET',
  path: '/api/todo-lists/{listId}/tasks',
  access: 'user',
  summary: `The open tasks of a list by position; with showDone=true also its done tasks after them, latest first (at most ${todoLimits.doneShownMax})`,
  params: ListParams,
  query: z.object({ showDone: z.enum(['true', 'false']).transform((v) => v === 'true').optional() }),
  response: z.array(TodoTask),
});

export const getTasks = endpoint({
  method: 'GET',
  path: '/api/todos/tasks',
  access: 'user',
  summary: `Open tasks across the family's lists ("Everyone's tasks"), or with assigneeId one member's ("My tasks": the caller's member id), by due date (undated last), then list and position; at most ${todoLimits.viewTasksMax}. With showDone=true also done tasks, latest first.`,
  query: z.object({
    assigneeId: Id.optional(),
    showDone: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  }),
  response: z.array(TodoTask),
});

export const createTask = endpoint({
  idempotent: true,
  method: 'POST',
  path: '/api/todos/tasks',
  access: 'user',
  summary: `Add a task at the top of a list (editors); with stars it is a chore. At most ${todoLimits.openTasksPerList} open tasks per list and ${todoLimits.choresPerMember} chores per member.`,
  body: NewTask,
  response: TodoTask,
  status: 201,
});

export const updateTask = endpoint({
  method: 'PATCH',
  path: '/api/todos/tasks/{taskId}',
  access: 'user',
  summary: 'Change a task (editors); fields left out keep their value. A new repeat rule or due date restarts the series from the due date.',
  params: TaskParams,
  body: TaskUpdate,
  response: TodoTask,
});

export const deleteTask = endpoint({
  method: 'DELETE',
  path: '/api/todos/tasks/{taskId}',
  access: 'user',
  summary: 'Delete a task (a repeating one with all its occurrences) (editors); stars already earned stay',
  params: TaskParams,
  response: z.null(),
});

export const completeTask = endpoint({
  idempotent: true,
  method: 'POST',
  path: '/api/todos/tasks/{taskId}/complete',
  access: 'user',
  summary: 'Check off an occurrence (editors): a plain task becomes done; a repeating one moves to its next open occurrence. A chore gives its stars to its assignee once: checking off an occurrence already done answers it again and gives nothing more.',
  params: TaskParams,
  body: OccurrenceBody,
  response: CompletionResult,
});

export const skipTask = endpoint({
  idempotent: true,
  method: 'POST',
  path: '/api/todos/tasks/{taskId}/skip',
  access: 'user',
  summary: 'Skip an occurrence of a repeating task (editors): no stars, and the task moves to its next open occurrence',
  params: TaskParams,
  body: OccurrenceBody,
  response: CompletionResult,
});

export const undoTask = endpoint({
  method: 'POST',
  path: '/api/todos/tasks/{taskId}/undo',
  access: 'user',
  summary: 'Undo checking off or skipping an occurrence (editors): a plain task is open again, a repeating one is due on that occurrence again if it is earlier; a chore\'s stars are taken back. Undoing what is not done answers 409.',
  params: TaskParams,
  body: OccurrenceBody,
  response: CompletionResult,
});

export const reorderTasks = endpoint({
  method: 'PUT',
  path: '/api/todo-lists/{listId}/order',
  access: 'user',
  summary: 'Apply the new order of a list\'s open tasks: every open task once, positions 0..n-1 (editors). With rebase=true (an order made offline) the order is laid over the list as it is now: ids no longer open on it are ignored, tasks it does not name keep their places.',
  params: ListParams,
  query: z.object({ rebase: z.enum(['true', 'false']).transform((v) => v === 'true').optional() }),
  body: z.array(z.object({ id: Id, position: z.number().int().min(0) }))
    .min(1, todoMessages.reorderEmpty).max(todoLimits.reorderMax, todoMessages.reorderTooLong),
  response: z.array(TodoTask),
});

/** One chore on one day of the chart. */
export const ChartChore = z.object({
  taskId: z.uuid(),
  listId: z.uuid(),
  title: z.string(),
  stars: z.number().int(),
  /** The occurrence the cell stands for: complete, skip and undo name it. */
  occurrenceDate: z.string(),
  dueTime: z.string().nullable(),
  status: z.enum(['OPEN', 'DONE', 'SKIPPED']),
  isRepeating: z.boolean(),
});
export type ChartChore = z.infer<typeof ChartChore>;

export const ChartRow = z.object({
  memberId: z.uuid(),
  name: z.string(),
  color: z.string(),
  /** Null for a member without an account (a child). */
  userId: z.uuid().nullable(),
  /** The week's seven days in order, each day's chores by time (untimed first), then title. */
  days: z.array(z.object({ date: z.string(), chores: z.array(ChartChore) })),
  /** Chores with no due date: shown beside the week; done ones count on the day they were done. */
  anytime: z.array(ChartChore),
  /** Stars of chores done on this week's days. */
  starsThisWeek: z.number().int(),
  /** Stars earned ever minus stars spent on rewards (what rewards are measured against; may be below 0 after an undo). */
  balance: z.number().int(),
});
export type ChartRow = z.infer<typeof ChartRow>;

export const ChoreChart = z.object({
  /** The first day of the week shown (the family's first day of the week). */
  weekStart: z.string(),
  /** Today in the family's timezone. */
  today: z.string(),
  /** Every member, in the family's member order. */
  members: z.array(ChartRow),
  /** The week shown and the ones before it, latest first: stars per member (members with none left out). */
  history: z.array(z.object({
    weekStart: z.string(),
    totals: z.array(z.object({ memberId: z.uuid(), stars: z.number().int() })),
  })),
});
export type ChoreChart = z.infer<typeof ChoreChart>;

export const getChoreChart = endpoint({
  method: 'GET',
  path: '/api/todos/chart',
  access: 'user',
  summary: `The chore chart: the week holding weekStart (left out: this week), starting on the family's first day of the week, as members × days with each day's chores, stars this week, balances, and the last ${todoLimits.historyWeeks} weeks' totals`,
  query: z.object({ weekStart: z.string().refine(isCalendarDate, todoMessages.weekStartInvalid).optional() }),
  response: ChoreChart,
});

export const Reward = z.object({
  id: z.uuid(),
  familyId: z.uuid(),
  memberId: z.uuid(),
  /** "Movie night". */
  title: z.string(),
  goalStars: z.number().int(),
  /** The member's balance now, and min(balance, goal) / goal as 0..1 for the progress bar. */
  balance: z.number().int(),
  progress: z.number(),
  canRedeem: z.boolean(),
  createdAt: IsoDateTime,
});
export type Reward = z.infer<typeof Reward>;

export const Redemption = z.object({
  id: z.uuid(),
  memberId: z.uuid(),
  /** Null once the reward is deleted; the title stays. */
  rewardId: z.uuid().nullable(),
  title: z.string(),
  stars: z.number().int(),
  /** The admin who redeemed it, by the name they had then. */
  redeemedByName: z.string(),
  redeemedAt: IsoDateTime,
});
export type Redemption = z.infer<typeof Redemption>;

const RewardTitle = z.string({ error: todoMessages.rewardTitleRequired }).trim()
  .min(1, todoMessages.rewardTitleRequired).max(todoLimits.rewardTitleMax, todoMessages.rewardTitleTooLong);
const GoalStars = z.number({ error: todoMessages.goalStarsInvalid }).int(todoMessages.goalStarsInvalid)
  .min(1, todoMessages.goalStarsInvalid).max(todoLimits.goalStarsMax, todoMessages.goalStarsInvalid);

export const getRewards = endpoint({
  method: 'GET',
  path: '/api/todos/rewards',
  access: 'user',
  summary: 'The family\'s rewards, by member order then goal, each with its member\'s balance and progress',
  response: z.array(Reward),
});

export const createReward = endpoint({
  idempotent: true,
  method: 'POST',
  path: '/api/todos/rewards',
  access: 'user',
  summary: `Set a goal for a member: "50 stars = movie night" (ADMIN); at most ${todoLimits.rewardsPerMember} per member`,
  body: z.object({ memberId: Id, title: RewardTitle, goalStars: GoalStars }),
  response: Reward,
  status: 201,
});

export const updateReward = endpoint({
  method: 'PATCH',
  path: '/api/todos/rewards/{rewardId}',
  access: 'user',
  summary: 'Change a reward\'s name or goal (ADMIN); fields left out keep their value',
  params: RewardParams,
  body: z.object({ title: RewardTitle.optional(), goalStars: GoalStars.optional() }),
  response: Reward,
});

export const deleteReward = endpoint({
  method: 'DELETE',
  path: '/api/todos/rewards/{rewardId}',
  access: 'user',
  summary: 'Delete a reward (ADMIN); its redemptions stay in the history',
  params: RewardParams,
  response: z.null(),
});

export const redeemReward = endpoint({
  idempotent: true,
  method: 'POST',
  path: '/api/todos/rewards/{rewardId}/redeem',
  access: 'user',
  summary: 'Spend the goal\'s stars from the member\'s balance (ADMIN); 409 when the balance is short. Send an Idempotency-Key: a repeated tap is answered once.',
  params: RewardParams,
  response: z.object({ redemption: Redemption, reward: Reward }),
  status: 201,
});

export const getRedemptions = endpoint({
  method: 'GET',
  path: '/api/todos/redemptions',
  access: 'user',
  summary: `What was redeemed, latest first (at most ${todoLimits.redemptionsShownMax}); with memberId one member's`,
  query: z.object({ memberId: Id.optional() }),
  response: z.array(Redemption),
});

/** A task on the newsfeed: due today or overdue. */
export const NewsfeedTask = z.object({
  id: z.uuid(),
  listId: z.uuid(),
  listTitle: z.string(),
  title: z.string(),
  dueDate: z.string(),
  dueTime: z.string().nullable(),
  isOverdue: z.boolean(),
  stars: z.number().int().nullable(),
  isRepeating: z.boolean(),
});
export type NewsfeedTask = z.infer<typeof NewsfeedTask>;

/** One member's (or nobody's: memberId null) tasks due today or overdue, overdue first then by due date and time. */
export const NewsfeedTaskGroup = z.object({
  memberId: z.uuid().nullable(),
  tasks: z.array(NewsfeedTask),
  /** All of them, when more than the tasks shown. */
  total: z.number().int(),
});
export type NewsfeedTaskGroup = z.infer<typeof NewsfeedTaskGroup>;
