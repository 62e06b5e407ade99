import type { RepeatRule } from '@hearth/contract/todos';
import type { Queryable } from '../../platform/db/client.ts';
import type { StoredRepeat } from '../../platform/db/schema/todos.ts';
import { addDays, firstOccurrence, localDate, nextOccurrence, weekdayOfDate } from '../../platform/recurrence.ts';
import { familyCalendar } from '../family/membership.ts';
import type { FamilyNow } from './repository.ts';

/** A rule as stored: WEEKLY with its days (the due date's when none were chosen), MONTHLY with its mode, others bare. */
export function storedRule(rule: RepeatRule, dueDate: string): StoredRepeat {
  const weekly = rule.frequency === 'WEEKLY';
  return {
    frequency: rule.frequency,
    // Weekdays always repeat every week.
    interval: rule.frequency === 'WEEKDAYS' ? 1 : rule.interval,
    weekdays: weekly ? (rule.weekdays?.length ? rule.weekdays : [weekdayOfDate(dueDate)]) : [],
    monthlyBy: rule.frequency === 'MONTHLY' ? (rule.monthlyBy ?? 'DAY_OF_MONTH') : null,
  };
}

/** Where a series starts: the first date on or after the due date the rule falls on (its anchor and first due date). */
export const seriesStart = (rule: StoredRepeat, dueDate: string) => firstOccurrence(rule, dueDate);

/** Whether `date` is one of the series' occurrences. */
export const isOccurrence = (rule: StoredRepeat, anchor: string, date: string) =>
  date >= anchor && nextOccurrence(rule, anchor, addDays(date, -1)) === date;

/** The first occurrence on or after `from` not in `recorded` (checked off or skipped). */
export function nextOpen(rule: StoredRepeat, anchor: string, from: string, recorded: Set<string>): string {
  let date = isOccurrence(rule, anchor, from) ? from : nextOccurrence(rule, anchor, from);
  while (recorded.has(date)) date = nextOccurrence(rule, anchor, date);
  return date;
}

/** The family's now, today and zone, which due dates and times are read in. */
export async function familyNow(q: Queryable, familyId: string, now: Date): Promise<FamilyNow & { firstDayOfWeek: number }> {
  const { timezone, firstDayOfWeek } = await familyCalendar(q, familyId);
  return { now, today: localDate(now, timezone), timezone, firstDayOfWeek };
}
