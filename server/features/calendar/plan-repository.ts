import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { rawRows, type Queryable } from '../../platform/db/client.ts';
import {
  calendarEventAttendees, calendarEventExceptions, calendarEvents, mealPlanItemMeals, mealPlanShopped,
} from '../../platform/db/schema/calendar.ts';
import { recipeNameAndServingsSql } from '../meals/public.ts';

/** A meal row of the planner's week, with what its occurrences and slots need. */
export interface PlanRow {
  id: string;
  title: string;
  location: string | null;
  startTime: string;
  endTime: string;
  allDay: boolean;
  recurringPattern: string | null;
  recurringEndDate: string | null;
  seriesId: string | null;
  mealId: string | null;
  servings: number | null;
  skip: string[] | null;
  attendeeIds: string[] | null;
  recipe: [string, number | null] | null;
}

type PlanTuple = [
  string, string, string | null, string, string, boolean, string | null, string | null, string | null, string | null,
  number | null, string[] | null, string[] | null, [string, number | null] | null,
];

const planColumns = sql`json_build_array(id, title, location, start_time, end_time, all_day, recurring_pattern,
  recurring_end_date, series_id, meal_id, servings,
  case when recurring_pattern is not null then
    (select array_agg(x.occurrence_date) from ${calendarEventExceptions} x where x.event_id = e.id) end,
  (select array_agg(a.member_id order by a.member_id) from ${calendarEventAttendees} a where a.event_id = e.id),
  ${recipeNameAndServingsSql(sql`e.meal_id`, sql`e.family_id`)}) as r`;

/**
 * The family's meals that can start in [from, toExclusive), with attendees, skipped dates and their recipe's name
 * and servings, in one statement: plain meals by start (a meal is a near row unless it repeats or is very long),
 * repeating and long ones through the far rows' index, as the calendar's window reads them.
 */
export async function mealsInWindow(
  q: Queryable, familyId: string, from: string, toExclusive: string, lookbackFrom: string,
): Promise<PlanRow[]> {
  const [row] = await rawRows<{ rows: string }>(q, sql`select coalesce(json_agg(w.r), '[]')::text as rows from (
    select ${planColumns} from ${calendarEvents} e
    where family_id = ${familyId} and is_meal and not reaches_far and start_time >= ${from} and start_time < ${toExclusive}
    union all
    select ${planColumns} from ${calendarEvents} e
    where family_id = ${familyId} and is_meal and reaches_far and start_time < ${toExclusive}
      and (recurring_pattern is not null and (recurring_end_date is null or recurring_end_date >= ${lookbackFrom})
        or recurring_pattern is null and end_time > ${from})
  ) w`);
  return (JSON.parse(row!.rows) as PlanTuple[]).map((t) => ({
    id: t[0], title: t[1], location: t[2], startTime: t[3], endTime: t[4], allDay: t[5], recurringPattern: t[6],
    recurringEndDate: t[7], seriesId: t[8], mealId: t[9], servings: t[10], skip: t[11], attendeeIds: t[12], recipe: t[13],
  }));
}

/**
 * Copies plain meals seven days later, as the caller's, with their attendees, in one statement: the new rows and
 * their attendees go in together (the foreign keys are checked at the statement's end).
 */
export async function copyWeekLater(q: Queryable, familyId: string, ids: string[], userId: string, now: Date): Promise<void> {
  if (ids.length === 0) return;
  const later = (column: SQL) => sql`to_char(${column}::timestamp + interval '7 days', 'YYYY-MM-DD"T"HH24:MI:SS')`;
  await q.execute(sql`with src as materialized (
      select e.*, gen_random_uuid() as new_id from ${calendarEvents} e
      where e.family_id = ${familyId} and e.id = any(${sql.param(ids)}::uuid[])
    ), copied as (
      insert into ${calendarEvents} (id, family_id, title, description, location, address, start_time, end_time, all_day,
        category_id, is_meal, meal_id, servings, reminder_minutes, created_by_user_id, created_at, updated_at)
      select new_id, family_id, title, description, location, address, ${later(sql`start_time`)}, ${later(sql`end_time`)},
        all_day, category_id, true, meal_id, servings, reminder_minutes, ${userId}::uuid, ${now.toISOString()}::timestamptz,
        ${now.toISOString()}::timestamptz from src
    )
    insert into ${calendarEventAttendees} (event_id, member_id)
    select s.new_id, a.member_id from src s join ${calendarEventAttendees} a on a.event_id = s.id`);
}

export async function setServings(q: Queryable, familyId: string, id: string, servings: number | null): Promise<void> {
  await q.update(calendarEvents).set({ servings })
    .where(and(eq(calendarEvents.id, id), eq(calendarEvents.familyId, familyId)));
}

/** What earlier shops for the week added, by line key. */
export function shoppedLines(q: Queryable, familyId: string, weekStart: string) {
  const s = mealPlanShopped;
  return q.select({ lineKey: s.lineKey, quantity: s.quantity, unit: s.unit }).from(s)
    .where(and(eq(s.familyId, familyId), eq(s.weekStart, weekStart)));
}

export async function rememberShopped(
  q: Queryable, familyId: string, weekStart: string, lines: { lineKey: string; quantity: number | null; unit: string | null }[],
): Promise<void> {
  if (lines.length === 0) return;
  await q.insert(mealPlanShopped).values(lines.map((l) => ({ familyId, weekStart, ...l })))
    .onConflictDoUpdate({
      target: [mealPlanShopped.familyId, mealPlanShopped.weekStart, mealPlanShopped.lineKey],
      set: { quantity: sql`excluded.quantity`, unit: sql`excluded.unit` },
    });
}

export async function itemMeals(q: Queryable, familyId: string, itemIds: string[]) {
  if (itemIds.length === 0) return [];
  return q.select({ itemId: mealPlanItemMeals.itemId, meals: mealPlanItemMeals.meals }).from(mealPlanItemMeals)
    .where(and(eq(mealPlanItemMeals.familyId, familyId), inArray(mealPlanItemMeals.itemId, itemIds)));
}

export async function saveItemMeals(
  q: Queryable, familyId: string, listId: string, notes: { itemId: string; meals: string[] }[],
): Promise<void> {
  if (notes.length === 0) return;
  await q.insert(mealPlanItemMeals).values(notes.map((n) => ({ familyId, listId, ...n })))
    .onConflictDoUpdate({ target: mealPlanItemMeals.itemId, set: { meals: sql`excluded.meals` } });
}

export function listItemMeals(q: Queryable, familyId: string, listId: string) {
  return q.select({ itemId: mealPlanItemMeals.itemId, meals: mealPlanItemMeals.meals }).from(mealPlanItemMeals)
    .where(and(eq(mealPlanItemMeals.familyId, familyId), eq(mealPlanItemMeals.listId, listId)));
}
