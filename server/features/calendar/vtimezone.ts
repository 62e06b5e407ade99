import { DateTime } from 'luxon';

/**
 * A VTIMEZONE for the feed from the zone data luxon reads (Intl): each offset change in the years around the
 * events becomes its own STANDARD or DAYLIGHT part, so subscribers place TZID times exactly without a zone library.
 */
export function vtimezone(zone: string, fromYear: number, toYear: number): string {
  const fmt = (minutes: number) => {
    const sign = minutes < 0 ? '-' : '+';
    const abs = Math.abs(minutes);
    return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
  };
  const parts: string[] = [];
  let at = DateTime.fromObject({ year: fromYear }, { zone });
  const end = DateTime.fromObject({ year: toYear + 1 }, { zone });
  // Daylight time is any offset above the year's lower one (January's in the north, July's in the south).
  const kind = (t: DateTime) => t.offset > Math.min(
    DateTime.fromObject({ year: t.year, month: 1, day: 1 }, { zone }).offset,
    DateTime.fromObject({ year: t.year, month: 7, day: 1 }, { zone }).offset,
  ) ? 'DAYLIGHT' : 'STANDARD';
  parts.push(part(kind(at), at, at.offset, at.offset));
  while (at < end) {
    // Days first, then hours, to find the hour the offset changes.
    let next = at.plus({ days: 1 });
    if (next.offset !== at.offset) {
      let hour = at;
      while (hour.plus({ hours: 1 }).offset === at.offset) hour = hour.plus({ hours: 1 });
      const change = hour.plus({ hours: 1 });
      parts.push(part(kind(change), change, at.offset, change.offset));
      next = change;
    }
    at = next;
  }
  return ['BEGIN:VTIMEZONE', `TZID:${zone}`, ...parts, 'END:VTIMEZONE'].join('\r\n');

  function part(kind: string, start: DateTime, from: number, to: number) {
    // DTSTART is the local time before the change, as RFC 5545 counts it.
    const local = start.setZone(`UTC${from === 0 ? '' : fmt(from).replace(/(\d\d)(\d\d)$/, '$1:$2')}`);
    return [
      `BEGIN:${kind}`, `DTSTART:${local.toFormat("yyyyMMdd'T'HHmmss")}`,
      `TZOFFSETFROM:${fmt(from)}`, `TZOFFSETTO:${fmt(to)}`, `END:${kind}`,
    ].join('\r\n');
  }
}
