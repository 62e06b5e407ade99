import {
  calendarCategories, calendarLimits, calendarMessages as m, eventLengthProblem, type CalendarEvent, type EventInput,
  type RecurringPattern,
} from '@hearth/contract/calendar';
import type { EventType } from '@hearth/contract/events';
import { requireEditor, requireFamily, type FamilyCaller } from '../../platform/auth/family-access.ts';
import type { Caller } from '../../platform/auth/sessions.ts';
import type { Queryable, Tx } from '../../platform/db/client.ts';
import { lockFamilyRow } from '../../platform/db/tenancy.ts';
import type { Deps } from '../../platform/deps.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import { addRecipeItemsToList } from '../grocery/public.ts';
import { saveLocation } from '../locations/public.ts';
import { createRecipe, findRecipe, recipeIngredients } from '../meals/public.ts';
import { daysBetween, nextDay, occurrenceOn, previousDay } from './expand.ts';
import { ownOccurrence, toEvent } from './mapper.ts';
import { attendeeMap, occurrencesInWindow } from './occurrences.ts';
import * as repo from './repository.ts';

type Row = repo.EventRow;
const seriesOf = (row: Row) => ({ ...row, recurringPattern: row.recurringPattern as RecurringPattern });

/** The contract refuses a longer event already; the service holds the bound for any other caller too. */
function requireBoundedLength(input: EventInput): void {
  const problem = eventLengthProblem(input);
  if (problem) throw invalid(problem);
}

export class CalendarService {
  private readonly deps: Deps;

  constructor(deps: Deps) {
    this.deps = deps;
  }

  private record(tx: Tx, member: FamilyCaller, type: EventType, subjectId: string, data?: Record<string, unknown>) {
    return this.deps.events.record(tx, { familyId: member.familyId, actorId: member.userId, type, subjectId, data });
  }

  private async answer(q: Queryable, row: Row): Promise<CalendarEvent> {
    return toEvent(row, ownOccurrence(row), (await attendeeMap(q, [row.id])).get(row.id) ?? []);
  }

  private async find(q: Queryable, familyId: string, id: string, lock = false): Promise<Row> {
    const row = await repo.findEvent(q, familyId, id, lock);
    if (!row) throw notFound(m.eventNotFound);
    return row;
  }

  async categories() {
    return calendarCategories.map((c) => ({ ...c }));
  }

  async list(caller: Caller, startDate: string, endDate: string) {
    const member = requireFamily(caller);
    if (endDate < startDate) throw invalid(m.windowInvalid);
    if (daysBetween(startDate, endDate) > calendarLimits.windowDaysMax) throw invalid(m.windowTooWide);
    return occurrencesInWindow(this.deps.db, member.familyId, startDate, nextDay(endDate), calendarLimits.windowEventsMax);
  }

  async get(caller: Caller, id: string) {
    const member = requireFamily(caller);
    return this.answer(this.deps.db, await this.find(this.deps.db, member.familyId, id));
  }

  /** Attendees must be members of the caller's family; another family's member answers 404 like a made-up id. */
  private async checkAttendees(tx: Tx, familyId: string, ids: string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    if (await repo.countFamilyMembers(tx, familyId, unique) !== unique.length) throw notFound(m.memberNotFound);
    return unique;
  }

  /**
   * The meal form's side effects, inside the event's transaction: the recipe (chosen or created by name), its
   * ingredients onto a grocery list, the restaurant into saved locations. Answers the fields the row keeps.
   */
  private async mealFields(tx: Tx, member: FamilyCaller, input: EventInput) {
    if (!input.isMeal) return { isMeal: false, mealId: null, location: input.location, address: input.address };
    let mealId: string | null = null;
    if (input.recipeId) {
      if (!await findRecipe(tx, member.familyId, input.recipeId, 'share')) throw notFound(m.recipeNotFound);
      mealId = input.recipeId;
    } else if (input.newRecipeName) {
      mealId = (await createRecipe(tx, this.deps, { familyId: member.familyId, actorId: member.userId, name: input.newRecipeName })).id;
    } else if (input.mealId) {
      if (!await findRecipe(tx, member.familyId, input.mealId, 'share')) throw notFound(m.recipeNotFound);
      mealId = input.mealId;
    }
    if (input.addToGroceryList && mealId) {
      await addRecipeItemsToList(tx, this.deps, {
        familyId: member.familyId, userId: member.userId, listId: input.selectedGroceryListId!, recipeId: mealId,
        items: await recipeIngredients(tx, member.familyId, mealId),
      });
    }
    const location = input.isEatingOut ? input.restaurantName : input.location;
    const address = input.isEatingOut ? input.restaurantAddress : input.address;
    if (input.isEatingOut && input.addToLocations && location) {
      await saveLocation(tx, this.deps, { familyId: member.familyId, actorId: member.userId, name: location, address });
    }
    return { isMeal: true, mealId, location, address };
  }

  private async fields(tx: Tx, member: FamilyCaller, input: EventInput) {
    return {
      ...(input.reminderMinutes === undefined ? {} : { reminderMinutes: input.reminderMinutes }),
      title: input.title, description: input.description, startTime: input.startTime, endTime: input.endTime,
      allDay: input.allDay, categoryId: input.categoryId, recurringPattern: input.recurringPattern,
      recurringEndDate: input.recurringPattern ? input.recurringEndDate : null,
      ...await this.mealFields(tx, member, input),
    };
  }

  async create(caller: Caller, input: EventInput) {
    const member = requireEditor(caller);
    requireBoundedLength(input);
    return this.deps.db.transaction(async (tx) => {
      await lockFamilyRow(tx, member.familyId);
      if (await repo.countEvents(tx, member.familyId) >= calendarLimits.eventsPerFamily) throw conflict(m.tooManyEvents);
      const attendees = await this.checkAttendees(tx, member.familyId, input.attendeeIds);
      const now = this.deps.clock.now();
      const row = await repo.insertEvent(tx, {
        familyId: member.familyId, ...await this.fields(tx, member, input),
        // An event whose body leaves the reminder out starts with the family's default (the web's forms always send it).
        reminderMinutes: input.reminderMinutes === undefined ? await repo.defaultReminder(tx, member.familyId) : input.reminderMinutes,
        createdByUserId: member.userId, createdAt: now, updatedAt: now,
      });
      await repo.replaceAttendees(tx, row.id, attendees);
      await this.record(tx, member, 'calendar_event_created', row.id, { isMeal: row.isMeal });
      return this.answer(tx, row);
    });
  }

  async update(caller: Caller, id: string, query: { editType: 'single' | 'series'; occurrenceDate?: string }, input: EventInput) {
    const member = requireEditor(caller);
    requireBoundedLength(input);
    return this.deps.db.transaction(async (tx) => {
      const row = await this.find(tx, member.familyId, id, true);
      const attendees = await this.checkAttendees(tx, member.familyId, input.attendeeIds);
      const now = this.deps.clock.now();
      const fields = await this.fields(tx, member, input);
      let target: Row;
      if (query.editType === 'single' && row.recurringPattern !== null) {
        // One occurrence changes: the series skips that date and a row of its own takes its place.
        const date = query.occurrenceDate;
        if (!date) throw invalid(m.occurrenceDateRequired);
        if (!occurrenceOn(seriesOf(row), date)) throw notFound(m.occurrenceNotFound);
        await repo.addException(tx, row.id, date);
        target = await repo.insertEvent(tx, {
          familyId: member.familyId, reminderMinutes: row.reminderMinutes, ...fields, recurringPattern: null, recurringEndDate: null,
          seriesId: row.id, originalDate: date, createdByUserId: member.userId, createdAt: now, updatedAt: now,
        });
      } else {
        // An edited occurrence stays one occurrence; a series or plain event takes the form as it is.
        const set = row.seriesId ? { ...fields, recurringPattern: null, recurringEndDate: null } : fields;
        await repo.updateEvent(tx, member.familyId, row.id, { ...set, updatedAt: now });
        target = await this.find(tx, member.familyId, row.id);
      }
      await repo.replaceAttendees(tx, target.id, attendees);
      await this.record(tx, member, 'calendar_event_updated', target.id, { editType: query.editType });
      return this.answer(tx, target);
    });
  }

  async delete(caller: Caller, id: string, deleteType: 'single' | 'future' | 'series', occurrenceDate?: string) {
    const member = requireEditor(caller);
    await this.deps.db.transaction(async (tx) => {
      const row = await this.find(tx, member.familyId, id, true);
      // Recorded first: its notification reads the attendees and title the deletion takes away.
      await this.record(tx, member, 'calendar_event_deleted', row.id, { deleteType });
      await this.deleteScoped(tx, member, row, deleteType, occurrenceDate);
    });
    return null;
  }

  private async deleteScoped(
    tx: Tx, member: FamilyCaller, row: Row, deleteType: string, occurrenceDate?: string,
  ): Promise<void> {
    const familyId = member.familyId;
    if (row.seriesId && deleteType !== 'single') {
      // "This and future" or "whole series" from an edited occurrence acts on its series.
      const series = await repo.findEvent(tx, familyId, row.seriesId, true);
      if (series) return this.deleteScoped(tx, member, series, deleteType, row.originalDate ?? occurrenceDate);
    }
    if (row.recurringPattern === null || deleteType === 'series') {
      if (row.recurringPattern !== null) await repo.deleteOverrides(tx, familyId, row.id);
      return repo.deleteEvent(tx, familyId, row.id);
    }
    if (!occurrenceDate) throw invalid(m.occurrenceDateRequired);
    if (!occurrenceOn(seriesOf(row), occurrenceDate)) throw notFound(m.occurrenceNotFound);
    if (deleteType === 'single') {
      return repo.addException(tx, row.id, occurrenceDate);
    }
    // future: the series ends the day before; from its first date that is the whole series.
    await repo.deleteOverrides(tx, familyId, row.id, occurrenceDate);
    if (occurrenceDate <= row.startTime.slice(0, 10)) return repo.deleteEvent(tx, familyId, row.id);
    await repo.updateEvent(tx, familyId, row.id, { recurringEndDate: previousDay(occurrenceDate), updatedAt: this.deps.clock.now() });
  }
}
