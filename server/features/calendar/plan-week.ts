import { mealTypeAt, type RecurringPattern } from '@hearth/contract/calendar';
import type { PlannedMeal } from '@hearth/contract/meal-plan';
import type { Queryable } from '../../platform/db/client.ts';
import { addDays } from '../../platform/recurrence.ts';
import { expand } from './expand.ts';
import * as plans from './plan-repository.ts';
import * as repo from './repository.ts';

/** The planner's week read (issue 51), apart from its writes so other features can read a week through public.ts. */

/** The seven local dates of the week starting on `weekStart` (`YYYY-MM-DD`), in order. */
export function weekDates(weekStart: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
}

function toPlanned(row: plans.PlanRow, o: { startTime: string; endTime: string }): PlannedMeal {
  const recipeServings = row.recipe?.[1] ?? null;
  return {
    id: row.id, date: o.startTime.slice(0, 10), mealType: mealTypeAt(o.startTime), title: row.title,
    startTime: o.startTime, endTime: o.endTime,
    timeString: row.allDay ? 'All day' : `${o.startTime.slice(11, 16)} - ${o.endTime.slice(11, 16)}`,
    recipeId: row.recipe ? row.mealId : null, recipeName: row.recipe?.[0] ?? null, place: row.location,
    servings: row.servings ?? recipeServings, recipeServings, attendeeIds: row.attendeeIds ?? [],
    isRecurring: row.recurringPattern !== null || row.seriesId !== null,
  };
}

/** Each row's occurrences starting in [from, toExclusive), in start order. */
function occurrences(rows: plans.PlanRow[], from: string, toExclusive: string) {
  const out: { row: plans.PlanRow; meal: PlannedMeal }[] = [];
  for (const row of rows) {
    const found = row.recurringPattern === null ? [row]
      : expand({ ...row, recurringPattern: row.recurringPattern as RecurringPattern }, from, toExclusive, new Set(row.skip));
    for (const o of found) if (o.startTime >= from && o.startTime < toExclusive) out.push({ row, meal: toPlanned(row, o) });
  }
  return out.sort((a, b) => (a.meal.startTime < b.meal.startTime ? -1 : a.meal.startTime > b.meal.startTime ? 1 : 0));
}

/** The family's meals of the seven days from weekStart, repeating ones expanded, in start order. */
export function weekMeals(q: Queryable, familyId: string, weekStart: string) {
  const from = `${weekStart}T00:00:00`;
  const to = `${addDays(weekStart, 7)}T00:00:00`;
  return plans.mealsInWindow(q, familyId, from, to, addDays(weekStart, -repo.seriesLookbackDays))
    .then((rows) => occurrences(rows, from, to));
}

