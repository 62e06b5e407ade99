import { z } from 'zod';
import { LocalDate, mealTypes } from './calendar.ts';
import { endpoint, Id, IdParams } from './endpoint.ts';

/**
 * The week planner (issue 51): the calendar's meals are the plan, so the planner reads and writes calendar events
 * with `isMeal`; nothing here is a second copy of a meal.
 */

export const MealType = z.enum(mealTypes);
export type MealType = z.infer<typeof MealType>;

export const planLimits = {
  servingsMax: 1000,
  /** Lines one shop may add (a week of 21 recipes of 100 ingredients each, the recipe bound, fits). */
  shopLinesMax: 2100,
} as const;

export const planMessages = {
  weekStartInvalid: 'weekStart must be a date like 2026-03-02',
  servingsInvalid: `Servings must be a whole number from 1 to ${planLimits.servingsMax}`,
  mealNotFound: 'Planned meal not found',
  recipeNotFound: 'Recipe not found',
  repeatingMeal: 'This meal repeats: change it on the calendar',
  dayOutsideWeek: 'Choose days of this week',
  nothingToShop: 'Choose at least one ingredient to add',
  listNotFound: 'Grocery list not found',
} as const;

const Servings = z.number({ error: planMessages.servingsInvalid }).int(planMessages.servingsInvalid)
  .min(1, planMessages.servingsInvalid).max(planLimits.servingsMax, planMessages.servingsInvalid);

export const PlannedMeal = z.object({
  /** The calendar event's id (a repeating meal's series id). */
  id: z.uuid(),
  date: z.string(),
  mealType: MealType,
  title: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  /** "18:00 - 19:00", or "All day". */
  timeString: z.string(),
  recipeId: z.uuid().nullable(),
  recipeName: z.string().nullable(),
  /** The eating-out place, or the event's location. */
  place: z.string().nullable(),
  /** The servings planned: the meal's own, else the recipe's; null when neither says. */
  servings: z.number().int().nullable(),
  recipeServings: z.number().int().nullable(),
  attendeeIds: z.array(z.uuid()),
  isRecurring: z.boolean(),
});
export type PlannedMeal = z.infer<typeof PlannedMeal>;

export const WeekPlan = z.object({
  weekStart: z.string(),
  /** The seven dates of the week, first day first. */
  days: z.array(z.string()),
  meals: z.array(PlannedMeal),
});
export type WeekPlan = z.infer<typeof WeekPlan>;

const WeekQuery = z.object({ weekStart: LocalDate });

export const getWeekPlan = endpoint({
  method: 'GET',
  path: '/api/meal-plan',
  access: 'user',
  summary: 'The meals of the seven days from weekStart, repeating ones included, in one query',
  query: WeekQuery,
  response: WeekPlan,
});

export const PlanMealInput = z.object({
  recipeId: Id,
  date: LocalDate,
  mealType: MealType,
  servings: Servings.nullish().transform((v) => v ?? null),
});
export type PlanMealInput = z.input<typeof PlanMealInput>;

export const planMeal = endpoint({
  method: 'POST',
  path: '/api/meal-plan/meals',
  access: 'user',
  summary: 'Put a recipe in a slot: a meal on the calendar at the slot\'s time (ADMIN or EDIT)',
  body: PlanMealInput,
  response: PlannedMeal,
  status: 201,
});

const SlotInput = z.object({ date: LocalDate, mealType: MealType });

export const MovePlannedMealInput = z.object({
  date: LocalDate.optional(),
  mealType: MealType.optional(),
  /** null goes back to the recipe's servings. */
  servings: Servings.nullish(),
});

export const updatePlannedMeal = endpoint({
  method: 'PATCH',
  path: '/api/meal-plan/meals/{id}',
  access: 'user',
  summary: 'Move a planned meal to another slot, or set its servings (ADMIN or EDIT; a repeating meal: 422)',
  params: IdParams,
  body: MovePlannedMealInput,
  response: PlannedMeal,
});

export const copyPlannedMeal = endpoint({
  method: 'POST',
  path: '/api/meal-plan/meals/{id}/copy',
  access: 'user',
  summary: 'Copy a meal (recipe or place, attendees, servings) into another slot (ADMIN or EDIT)',
  params: IdParams,
  body: SlotInput,
  response: PlannedMeal,
  status: 201,
});

export const removePlannedMeal = endpoint({
  method: 'DELETE',
  path: '/api/meal-plan/meals/{id}',
  access: 'user',
  summary: 'Take a meal off the plan; a repeating one only on `date` (ADMIN or EDIT)',
  params: IdParams,
  query: z.object({ date: LocalDate.optional() }),
  response: z.null(),
});

export const copyLastWeek = endpoint({
  method: 'POST',
  path: '/api/meal-plan/copy-last-week',
  access: 'user',
  summary: 'Copy the week before\'s meals to the same days and times of this week, skipping those already there (ADMIN or EDIT)',
  body: WeekQuery,
  response: z.object({ copied: z.number().int(), plan: WeekPlan }),
});

export const clearWeek = endpoint({
  method: 'POST',
  path: '/api/meal-plan/clear',
  access: 'user',
  summary: 'Take every meal of the week off the calendar, repeating ones on these days only (ADMIN or EDIT)',
  body: WeekQuery,
  response: z.object({ removed: z.number().int() }),
});

export const ShopLine = z.object({
  /** The ingredient and its kind of measure: the same key on every run for the same week. */
  key: z.string(),
  name: z.string(),
  /** The whole week's need (3 decimals); null when no meal says how much. */
  quantity: z.number().nullable(),
  unit: z.string().nullable(),
  /** What an add would put on a list now: the need less what earlier runs for this week added. */
  toAdd: z.number().nullable(),
  /** Earlier runs for this week added all of it. */
  done: z.boolean(),
  meals: z.array(z.object({ title: z.string(), date: z.string() })),
});
export type ShopLine = z.infer<typeof ShopLine>;

const Dates = z.array(LocalDate).max(7).optional();

export const shoppingForWeek = endpoint({
  method: 'GET',
  path: '/api/meal-plan/shopping',
  access: 'user',
  summary: 'The review sheet: planned recipes\' ingredients from today (or the chosen days) to the week\'s end, scaled and merged',
  query: z.object({
    weekStart: LocalDate,
    /** Comma-separated dates of the week; none: from today (or the week's start) to its end. */
    dates: z.string().optional().transform((v, ctx) => {
      const list = v ? v.split(',') : undefined;
      const checked = Dates.safeParse(list);
      if (!checked.success) ctx.addIssue({ code: 'custom', message: planMessages.dayOutsideWeek });
      return checked.data;
    }),
  }),
  response: z.object({ dates: z.array(z.string()), lines: z.array(ShopLine) }),
});

export const shopForWeek = endpoint({
  method: 'POST',
  path: '/api/meal-plan/shopping',
  access: 'user',
  summary: 'Add the ticked lines to a list, each merged as an add by hand is; a second run adds only what is new or grew (ADMIN or EDIT)',
  body: z.object({
    weekStart: LocalDate,
    dates: Dates,
    listId: Id,
    keys: z.array(z.string().max(600)).min(1, planMessages.nothingToShop).max(planLimits.shopLinesMax),
  }),
  response: z.object({ added: z.number().int() }),
});

export const listMealNotes = endpoint({
  method: 'GET',
  path: '/api/meal-plan/list-notes/{listId}',
  access: 'user',
  summary: 'Which meals each item shopped from the plan is for (["Tacos", "Chili"]), by item id',
  params: z.object({ listId: Id }),
  response: z.array(z.object({ itemId: z.uuid(), meals: z.array(z.string()) })),
});
