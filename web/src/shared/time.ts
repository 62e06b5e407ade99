/**
 * Times of day as the reader's browser writes them (its locale's short time: "4:30 PM" in en-US, "16:30" in
 * en-GB). The newsfeed and the calendar show every time through here, so they agree. The times are the
 * family's wall-clock text (`YYYY-MM-DDTHH:mm:ss`, no zone), formatted as UTC so no zone shifts them.
 */

// Made at first use: a page's first date format loads the browser's locale data.
const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(locale: string | undefined): Intl.DateTimeFormat {
  const key = locale ?? '';
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: 'UTC' });
    formats.set(key, format);
  }
  return format;
}

/** "4:30 PM" / "16:30": the time of a wall-clock text; `locale` is the browser's unless given. */
export function formatTime(local: string, locale?: string): string {
  return formatFor(locale).format(Date.parse(`${local.slice(0, 19)}Z`));
}

/** "4:30 PM - 5:30 PM" / "16:30 - 17:30". */
export function formatTimeRange(start: string, end: string, locale?: string): string {
  return `${formatTime(start, locale)} - ${formatTime(end, locale)}`;
}

export const allDayText = 'All day';

/** An event's times as every screen shows them: its range, or "All day". */
export function eventTimeText(e: { startTime: string; endTime: string; allDay: boolean }, locale?: string): string {
  return e.allDay ? allDayText : formatTimeRange(e.startTime, e.endTime, locale);
}

/** Today (`YYYY-MM-DD`) in `timezone` (the browser's zone while the family's is unknown or not one the browser knows). */
export function todayIn(timezone: string | undefined, now = new Date()): string {
  const format = (timeZone?: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  try {
    return format(timezone);
  } catch {
    return format();
  }
}
