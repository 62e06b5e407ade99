/**
 * Event and meal reminders (issue 50): how long before an occurrence its attendees are reminded. Plain values, no
 * zod, so the forms that show the choices carry no schema library; calendar.ts and family.ts build the fields.
 */

/** Minutes before the start; null is no reminder. 1440 is the same local time the day before (daylight saving aside). */
export const reminderChoices = [0, 10, 30, 60, 1440] as const;
export type ReminderMinutes = (typeof reminderChoices)[number];

/** All-day events are reminded at this local hour, on their day (any choice but a day) or the day before. */
export const allDayReminderHour = 8;

export const reminderLabels: Record<ReminderMinutes, string> = {
  0: 'At start',
  10: '10 minutes before',
  30: '30 minutes before',
  60: '1 hour before',
  1440: '1 day before',
};

/** What the choices mean for an all-day event: 08:00 on the day, or 08:00 the day before. */
export const allDayReminderLabels: Record<ReminderMinutes, string> = {
  0: 'On the day at 08:00',
  10: 'On the day at 08:00',
  30: 'On the day at 08:00',
  60: 'On the day at 08:00',
  1440: 'The day before at 08:00',
};

/** A reminder as a select holds it ('' for none), and back. */
export const reminderText = (minutes: number | null) => (minutes === null ? '' : String(minutes));
export const reminderOf = (text: string) => (text === '' ? null : Number(text) as ReminderMinutes);

export const reminderMessages = {
  label: 'Reminder',
  defaultLabel: 'Default reminder for new events',
  none: 'None',
  invalid: 'Reminder must be none, at start, 10 minutes, 30 minutes, 1 hour or 1 day before',
} as const;
