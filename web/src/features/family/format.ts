/** Short US dates (spec part 1 §9), e.g. 6/1/2015. */
const usDate = new Intl.DateTimeFormat('en-US', { month: 'numeric', day: 'numeric', year: 'numeric' });

/** A calendar date (YYYY-MM-DD) as a short US date; it has no time zone, so none may shift it. */
export function shortDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return usDate.format(new Date(y!, m! - 1, d!));
}

/** A moment (ISO date-time) as a short US date in the viewer's time zone. */
export function shortDateOf(isoDateTime: string): string {
  return usDate.format(new Date(isoDateTime));
}
