import {
  calendarLimits, calendarMessages, mealSlotHours, type MealType, type RecurringPattern,
} from '@hearth/contract/calendar';
import type { EventType } from '@hearth/contract/events';
import { planMessages as m, type PlannedMeal, type ShopLine, type WeekPlan } from '@hearth/contract/meal-plan';
import { roundQuantity } from '@hearth/contract/quantity';
import { requireEditor, requireFamily, type FamilyCaller } from '../../platform/auth/family-access.ts';
import type { Caller } from '../../platform/auth/sessions.ts';
import type { Queryable, Tx } from '../../platform/db/client.ts';
import { lockFamilyRow } from '../../platform/db/tenancy.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, conflict, invalid, notFound } from '../../platform/errors.ts';
import { addDays } from '../../platform/recurrence.ts';
import { familyToday } from '../family/membership.ts';
import { addItemsToList } from '../grocery/public.ts';
import { findRecipe, recipesForShopping } from '../meals/public.ts';
import { occurrenceOn, shiftDays } from './expand.ts';
import * as plans from './plan-repository.ts';
import { weekDates, weekMeals } from './plan-week.ts';
import * as repo from './repository.ts';
import { inUnit, measureOf, mergeIngredients, type PlannedIngredient } from './shopping-lines.ts';

const slotStart = (date: string, type: MealType) => `${date}T${String(mealSlotHours[type]).padStart(2, '0')}:00:00`;
const minutesOf = (local: string) => Date.parse(`${local}Z`) / 60_000;
const plusMinutes = (local: string, minutes: number) => new Date(Date.parse(`${local}Z`) + minutes * 60_000).toISOString().slice(0, 19);

/**
 * The week planner over the calendar's meals (issue 51): a planned meal is a calendar event with `isMeal`, so the
 * calendar, the newsfeed and the planner show one thing. Reads need a member; writes ADMIN or EDIT.
 */
export class PlanService {
  private readonly deps: Deps;

  constructor(deps: Deps) {
    this.deps = deps;
  }

  private record(tx: Tx, member: FamilyCaller, type: EventType, subjectId: string | null, data?: Record<string, unknown>) {
    return this.deps.events.record(tx, { familyId: member.familyId, actorId: member.userId, type, subjectId, data });
  }

  private meals(q: Queryable, familyId: string, weekStart: string) {
    return weekMeals(q, familyId, weekStart);
  }

  async week(caller: Caller, weekStart: string): Promise<WeekPlan> {
    const member = requireFamily(caller);
    return this.plan(this.deps.db, member.familyId, weekStart);
  }

  private async plan(q: Queryable, familyId: string, weekStart: string): Promise<WeekPlan> {
    return { weekStart, days: weekDates(weekStart), meals: (await this.meals(q, familyId, weekStart)).map((o) => o.meal) };
  }

  private async findMeal(tx: Tx, familyId: string, id: string) {
    const row = await repo.findEvent(tx, familyId, id, true);
    if (!row || !row.isMeal) throw notFound(m.mealNotFound);
    return row;
  }

  /** The planned meal a row is on `date` (its own date for a plain row), read back as the week shows it. */
  private async answer(tx: Tx, familyId: string, id: string, date: string): Promise<PlannedMeal> {
    const weekStart = date;
    const found = (await this.meals(tx, familyId, weekStart)).find((o) => o.row.id === id && o.meal.date === date);
    if (!found) throw notFound(m.mealNotFound);
    return found.meal;
  }

  private async requireRoom(tx: Tx, familyId: string, adding: number) {
    await lockFamilyRow(tx, familyId);
    if (await repo.countEvents(tx, familyId) + adding > calendarLimits.eventsPerFamily) throw conflict(calendarMessages.tooManyEvents);
  }

  async planMeal(caller: Caller, input: { recipeId: string; date: string; mealType: MealType; servings: number | null }) {
    const member = requireEditor(caller);
    return this.deps.db.transaction(async (tx) => {
      await this.requireRoom(tx, member.familyId, 1);
      const recipe = await findRecipe(tx, member.familyId, input.recipeId, 'share');
      if (!recipe) throw notFound(m.recipeNotFound);
      const now = this.deps.clock.now();
      const startTime = slotStart(input.date, input.mealType);
      const row = await repo.insertEvent(tx, {
        familyId: member.familyId, title: recipe.name, startTime, endTime: plusMinutes(startTime, 60), isMeal: true,
        mealId: recipe.id, servings: input.servings, reminderMinutes: await repo.defaultReminder(tx, member.familyId),
        createdByUserId: member.userId, createdAt: now, updatedAt: now,
      });
      await this.record(tx, member, 'meal_planned', row.id, { recipeId: recipe.id, mealType: input.mealType });
      return this.answer(tx, member.familyId, row.id, input.date);
    });
  }

  async update(caller: Caller, id: string, input: { date?: string; mealType?: MealType; servings?: number | null }) {
    const member = requireEditor(caller);
    return this.deps.db.transaction(async (tx) => {
      const row = await this.findMeal(tx, member.familyId, id);
      const moving = input.date !== undefined || input.mealType !== undefined;
      if (moving && row.recurringPattern !== null) throw new AppError('UNPROCESSABLE', m.repeatingMeal);
      let date = row.startTime.slice(0, 10);
      if (moving) {
        date = input.date ?? date;
        const startTime = input.mealType ? slotStart(date, input.mealType) : `${date}${row.startTime.slice(10)}`;
        const length = minutesOf(row.endTime) - minutesOf(row.startTime);
        await repo.updateEvent(tx, member.familyId, id, {
          startTime, endTime: plusMinutes(startTime, length), updatedAt: this.deps.clock.now(),
        });
      }
      if (input.servings !== undefined) await plans.setServings(tx, member.familyId, id, input.servings);
      await this.record(tx, member, 'planned_meal_changed', id, { moved: moving, servings: input.servings !== undefined });
      return this.answer(tx, member.familyId, id, date);
    });
  }

  async copy(caller: Caller, id: string, slot: { date: string; mealType: MealType }) {
    const member = requireEditor(caller);
    return this.deps.db.transaction(async (tx) => {
      await this.requireRoom(tx, member.familyId, 1);
      const row = await this.findMeal(tx, member.familyId, id);
      const copyId = await this.insertCopy(tx, row, slotStart(slot.date, slot.mealType), member.userId);
      await this.record(tx, member, 'meal_planned', copyId, { copiedFrom: id, mealType: slot.mealType });
      return this.answer(tx, member.familyId, copyId, slot.date);
    });
  }

  /** A plain meal like `row` (recipe or place, notes, attendees, servings, reminder) starting at `startTime`, as long as it. */
  private async insertCopy(tx: Tx, row: repo.EventRow, startTime: string, userId: string): Promise<string> {
    const now = this.deps.clock.now();
    const length = minutesOf(row.endTime) - minutesOf(row.startTime);
    const copy = await repo.insertEvent(tx, {
      familyId: row.familyId, title: row.title, description: row.description, location: row.location, address: row.address,
      startTime, endTime: plusMinutes(startTime, length), allDay: row.allDay, categoryId: row.categoryId, isMeal: true,
      mealId: row.mealId, servings: row.servings, reminderMinutes: row.reminderMinutes, createdByUserId: userId,
      createdAt: now, updatedAt: now,
    });
    const attendees = (await repo.attendeesOf(tx, [row.id]))[0]?.memberIds ?? [];
    await repo.replaceAttendees(tx, copy.id, attendees);
    return copy.id;
  }

  async remove(caller: Caller, id: string, date?: string) {
    const member = requireEditor(caller);
    await this.deps.db.transaction(async (tx) => {
      const row = await this.findMeal(tx, member.familyId, id);
      await this.record(tx, member, 'planned_meal_removed', id, { date: date ?? null });
      if (row.recurringPattern === null) return repo.deleteEvent(tx, member.familyId, id);
      const series = { ...row, recurringPattern: row.recurringPattern as RecurringPattern };
      if (!date) throw invalid(calendarMessages.occurrenceDateRequired);
      if (!occurrenceOn(series, date)) throw notFound(m.mealNotFound);
      return repo.addException(tx, id, date);
    });
    return null;
  }

  /** The week before's plain meals onto the same days and times, except those this week already has, in one insert. */
  async copyLastWeek(caller: Caller, weekStart: string) {
    const member = requireEditor(caller);
    return this.deps.db.transaction(async (tx) => {
      await lockFamilyRow(tx, member.familyId);
      const source = (await this.meals(tx, member.familyId, addDays(weekStart, -7))).filter((o) => !o.meal.isRecurring);
      const here = new Set((await this.meals(tx, member.familyId, weekStart))
        .map((o) => `${o.meal.startTime}|${o.meal.title}|${o.meal.recipeId}`));
      const copies = source.filter((o) => !here.has(`${shiftDays(o.meal.startTime, 7)}|${o.meal.title}|${o.meal.recipeId}`));
      await this.requireRoom(tx, member.familyId, copies.length);
      await plans.copyWeekLater(tx, member.familyId, copies.map((o) => o.row.id), member.userId, this.deps.clock.now());
      await this.record(tx, member, 'meal_plan_week_copied', null, { weekStart, count: copies.length });
      return { copied: copies.length, plan: await this.plan(tx, member.familyId, weekStart) };
    });
  }

  /** Every meal of the week off the calendar: plain ones deleted, repeating ones skipped on these days. */
  async clearWeek(caller: Caller, weekStart: string) {
    const member = requireEditor(caller);
    return this.deps.db.transaction(async (tx) => {
      await lockFamilyRow(tx, member.familyId);
      const meals = await this.meals(tx, member.familyId, weekStart);
      for (const { row, meal } of meals) {
        if (row.recurringPattern === null) await repo.deleteEvent(tx, member.familyId, row.id);
        else await repo.addException(tx, row.id, meal.date);
      }
      await this.record(tx, member, 'meal_plan_week_cleared', null, { weekStart, count: meals.length });
      return { removed: meals.length };
    });
  }


  /** The chosen days (each of the week), else from today (or the week's first day) to the week's end. */
  private async shopDates(q: Queryable, familyId: string, weekStart: string, chosen?: string[]): Promise<string[]> {
    const week = weekDates(weekStart);
    if (chosen) {
      if (chosen.some((d) => !week.includes(d))) throw invalid(m.dayOutsideWeek);
      return week.filter((d) => chosen.includes(d));
    }
    const today = await familyToday(q, familyId, this.deps.clock.now());
    return week.filter((d) => d >= today);
  }

  /** The review sheet's lines: the days' recipes scaled by their servings, merged, less what earlier runs added. */
  private async lines(q: Queryable, familyId: string, weekStart: string, dates: string[]): Promise<ShopLine[]> {
    const planned = (await this.meals(q, familyId, weekStart))
      .filter((o) => o.meal.recipeId !== null && dates.includes(o.meal.date)).map((o) => o.meal);
    const recipes = new Map((await recipesForShopping(q, familyId, [...new Set(planned.map((p) => p.recipeId!))]))
      .map((r) => [r.id, r]));
    const ingredients: PlannedIngredient[] = [];
    for (const p of planned) {
      const recipe = recipes.get(p.recipeId!);
      if (!recipe) continue;
      const factor = p.servings && recipe.servings ? p.servings / recipe.servings : 1;
      for (const i of recipe.ingredients) ingredients.push({ ...i, factor, meal: { title: p.title, date: p.date } });
    }
    const shopped = new Map((await plans.shoppedLines(q, familyId, weekStart)).map((s) => [s.lineKey, s]));
    return mergeIngredients(ingredients).map((line) => {
      const before = shopped.get(line.key);
      if (line.quantity === null) return { ...line, toAdd: null, done: before !== undefined };
      const had = before?.quantity == null ? 0 : inUnit(before.quantity * measureOf(before.unit).base, line.unit);
      const toAdd = Math.max(0, roundQuantity(line.quantity - had));
      return { ...line, toAdd, done: toAdd === 0 };
    });
  }

  async shoppingSheet(caller: Caller, weekStart: string, chosen?: string[]) {
    const member = requireFamily(caller);
    const dates = await this.shopDates(this.deps.db, member.familyId, weekStart, chosen);
    return { dates, lines: await this.lines(this.deps.db, member.familyId, weekStart, dates) };
  }

  /**
   * Adds the ticked lines' quantities still to add to the list through grocery's add (merged as a hand add is), notes
   * each item's meals, and remembers what the week has had, all in one transaction under the family's lock.
   */
  async shop(caller: Caller, input: { weekStart: string; dates?: string[]; listId: string; keys: string[] }) {
    const member = requireEditor(caller);
    const familyId = member.familyId;
    return this.deps.db.transaction(async (tx) => {
      await lockFamilyRow(tx, familyId);
      const dates = await this.shopDates(tx, familyId, input.weekStart, input.dates);
      const ticked = new Set(input.keys);
      const lines = (await this.lines(tx, familyId, input.weekStart, dates)).filter((l) => ticked.has(l.key) && !l.done);
      const ids = await addItemsToList(tx, this.deps, {
        familyId, listId: input.listId, items: lines.map((l) => ({ name: l.name, quantity: l.toAdd, unit: l.unit })),
      });
      const had = new Map((await plans.itemMeals(tx, familyId, ids)).map((n) => [n.itemId, n.meals]));
      const notes = new Map<string, Set<string>>();
      lines.forEach((l, i) => {
        const id = ids[i]!;
        const titles = notes.get(id) ?? new Set(had.get(id));
        for (const meal of l.meals) titles.add(meal.title);
        notes.set(id, titles);
      });
      await plans.saveItemMeals(tx, familyId, input.listId, [...notes].map(([itemId, t]) => ({ itemId, meals: [...t] })));
      await plans.rememberShopped(tx, familyId, input.weekStart, lines.map((l) => ({ lineKey: l.key, quantity: l.quantity, unit: l.unit })));
      await this.record(tx, member, 'meal_plan_week_shopped', null, { listId: input.listId, weekStart: input.weekStart, ingredientCount: lines.length });
      return { added: lines.length };
    });
  }

  async listNotes(caller: Caller, listId: string) {
    const member = requireFamily(caller);
    return plans.listItemMeals(this.deps.db, member.familyId, listId);
  }
}
