import { addDays } from '../dates.ts';

/** The first day of the week holding a local date (`YYYY-MM-DD`), weeks starting on the family's `firstDay` (0 = Sunday). */
export function weekStartOf(date: string, firstDay: number): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday - firstDay + 7) % 7));
}

const dayNames = new Intl.DateTimeFormat('en', { weekday: 'short', timeZone: 'UTC' });
const dayLabels = new Intl.DateTimeFormat('en', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const at = (date: string) => new Date(`${date}T00:00:00Z`);

/** "Tue". */
export const shortDay = (date: string) => dayNames.format(at(date));
/** "Tue, 3 Mar". */
export const dayLabel = (date: string) => dayLabels.format(at(date));

/** "Tacos (Tue), Chili (Thu)": the meals a review line is for. */
export const mealsLabel = (meals: { title: string; date: string }[]) =>
  meals.map((m) => `${m.title} (${shortDay(m.date)})`).join(', ');
