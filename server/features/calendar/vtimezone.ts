import { setImmediate } from 'node:timers/promises';
import { DateTime } from 'luxon';

const made = new Map<string, string>();
/** Zones kept: a server's families use a few. */
const madeMax = 64;

/**
 * A VTIMEZONE for the feed from the zone data luxon reads (Intl): each offset change in the years around the
 * events becomes its own STANDARD or DAYLIGHT part, so subscribers place TZID times exactly without a zone library.
 * Made once per zone and years, a year in each turn of the event loop, then kept.
 */
export async function vtimezone(zone: string, fromYear: number, toYear: number): Promise<string> {
  const key = `${zone} ${fromYear} ${toYear}`;
  let text = made.get(key);
  if (text === undefined) {
    text = await makeVtimezone(zone, fromYear, toYear);
    if (made.size >= madeMax) made.delete(made.keys().next().value!);
    made.set(key, text);
  }
  return text;
}

async function makeVtimezone(zone: string, fromYear: number, toYear: number): Promise<string> {
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
  let year = at.year;
  while (at < end) {
    if (at.year !== year) {
      year = at.year;
      await setImmediate();
    }
    // A week at a time while the offset holds; a week with a change is walked by days, then hours, to find its hour.
    const week = at.plus({ days: 7 });
    if (week < end && week.offset === at.offset) {
      at = week;
      continue;
    }
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
