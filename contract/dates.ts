/**
 * A calendar date `YYYY-MM-DD` that exists (no February 30th) in the years PostgreSQL's `date` stores as written:
 * 0001 to 9999. Year 0000 passes JavaScript's Date but not PostgreSQL, so it is refused here, in the contract.
 */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-\d{2}-\d{2}$/.exec(value);
  if (!match || Number(match[1]) < 1) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
