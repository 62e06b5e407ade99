import { DateTime } from 'luxon';
import { defaultTimezone } from './recurrence.ts';

/** The local date (`YYYY-MM-DD`) at an instant in a family's timezone; an unknown zone reads as the default one. */
export function localDate(at: Date, timezone: string): string {
  let local = DateTime.fromJSDate(at, { zone: timezone });
  if (!local.isValid) local = DateTime.fromJSDate(at, { zone: defaultTimezone });
  return local.toISODate()!;
}
