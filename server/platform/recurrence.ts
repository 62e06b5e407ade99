import { DateTime } from 'luxon';

export const defaultTimezone = 'America/New_York';

/** How often something comes back: grocery's recurring items use the first three, the calendar all four. */
export type RecurrencePattern = 'WEEKLY' | 'BI_WEEKLY' | 'MONTHLY' | 'YEARLY';

/** One period of each pattern, in calendar units of the family's zone. */
export const periods: Record<RecurrencePattern, { unit: 'weeks' | 'months' | 'years'; size: number }> = {
  WEEKLY: { unit: 'weeks', size: 1 },
  BI_WEEKLY: { unit: 'weeks', size: 2 },
  MONTHLY: { unit: 'months', size: 1 },
  YEARLY: { unit: 'years', size: 1 },
};

/**
 * The first `anchor + k periods` (k ≥ 1) strictly after `after`, in calendar arithmetic of the family's zone:
 * the local wall-clock time stays the same across daylight-saving changes, and counting every step from
 * the anchor keeps a 31st from drifting to the 28th after February.
 */
export function nextDueAt(anchor: Date, frequency: RecurrencePattern, timezone: string, after: Date): Date {
  let start = DateTime.fromJSDate(anchor, { zone: timezone });
  if (!start.isValid) start = DateTime.fromJSDate(anchor, { zone: defaultTimezone });
  const { unit, size } = periods[frequency];
  const at = (k: number) => start.plus({ [unit]: k * size }).toJSDate();
  const elapsed = DateTime.fromJSDate(after).diff(start, unit).get(unit);
  let k = Math.max(1, Math.floor(elapsed / size) - 1);
  while (at(k).getTime() <= after.getTime()) k++;
  return at(k);
}
