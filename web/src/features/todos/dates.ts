import { weekdayNames, type StoredRepeatRule } from '@hearth/contract/todos';
import { formatTime } from '../../shared/time.ts';

/**
 * The to-dos' dates are the family's calendar dates (`YYYY-MM-DD`) and times (`HH:mm`), shown as written: read as
 * UTC so no zone moves them.
 */
const utc = (date: string) => new Date(`${date}T00:00:00Z`);

export function addDays(date: string, days: number): string {
  return new Date(utc(date).getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

const ordinals = ['first', 'second', 'third', 'fourth', 'fifth'];

/** "second Tuesday": the date's weekday and its place in the month. */
export function monthlyWeekdayText(date: string): string {
  const d = utc(date);
  return `${ordinals[Math.ceil(d.getUTCDate() / 7) - 1]} ${weekdayNames[d.getUTCDay()]}`;
}

const shortDay = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' });
const weekdayShort = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short' });
const dayOfMonth = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });

/** "Mon, Mar 2". */
export const dayText = (date: string) => shortDay.format(utc(date));
/** "Mon". */
export const weekdayText = (date: string) => weekdayShort.format(utc(date));
/** "Mar 2". */
export const monthDayText = (date: string) => dayOfMonth.format(utc(date));

/** "Today", "Tomorrow", "Yesterday" or "Mon, Mar 2", with the time when there is one. */
export function dueText(dueDate: string, dueTime: string | null, today: string): string {
  const day = dueDate === today ? 'Today'
    : dueDate === addDays(today, 1) ? 'Tomorrow'
      : dueDate === addDays(today, -1) ? 'Yesterday'
        : dayText(dueDate);
  return dueTime ? `${day} ${formatTime(`${dueDate}T${dueTime}:00`)}` : day;
}

const units = { DAILY: 'day', WEEKLY: 'week', MONTHLY: 'month', YEARLY: 'year' } as const;

/** "Weekly on Mon, Thu", "Every 2 weeks on Sat", "Monthly on the second Tuesday", "Every weekday". */
export function repeatText(rule: StoredRepeatRule, dueDate: string | null): string {
  if (rule.frequency === 'WEEKDAYS') return 'Every weekday';
  const unit = units[rule.frequency];
  const every = rule.interval === 1
    ? { DAILY: 'Daily', WEEKLY: 'Weekly', MONTHLY: 'Monthly', YEARLY: 'Yearly' }[rule.frequency]
    : `Every ${rule.interval} ${unit}s`;
  if (rule.frequency === 'WEEKLY' && rule.weekdays.length > 0) {
    return `${every} on ${rule.weekdays.map((d) => weekdayNames[d]!.slice(0, 3)).join(', ')}`;
  }
  if (rule.frequency === 'MONTHLY' && rule.monthlyBy === 'WEEKDAY_OF_MONTH' && dueDate) {
    return `${every} on the ${monthlyWeekdayText(dueDate)}`;
  }
  return every;
}
