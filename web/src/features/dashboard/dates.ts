import { newsfeedTexts as t } from './texts.ts';

/**
 * The newsfeed's dates are the family's local dates (`YYYY-MM-DD`, from the server); labels compare them with
 * today in the family's timezone, so a phone abroad still calls the family's today "Today".
 */

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const weekday = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' });

/** 'Today', 'Tomorrow', or the weekday with month and day ("Thursday, March 5"). */
export function dayLabel(date: string, today: string): string {
  if (date === today) return t.today;
  if (date === addDays(today, 1)) return t.tomorrow;
  return weekday.format(new Date(`${date}T00:00:00Z`));
}
