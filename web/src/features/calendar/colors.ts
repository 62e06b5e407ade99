import type { CalendarEvent } from '@hearth/contract/calendar';

/** Spec §9: regular events blue, meals orange; a member without a colour is grey. */
export const colors = { event: '#2563eb', meal: '#ea580c', member: '#999999' };

/** An event's attendees in the family's member order (the legend's), so "the first" is the same everywhere. */
export const inMemberOrder = (ids: string[], members: Map<string, { color: string }>) =>
  [...members.keys()].filter((id) => ids.includes(id));

/**
 * An event's colour (issue 49): a meal keeps the meals' colour; any other event takes its first attendee's member
 * colour, and one without attendees (the whole family's) the events' blue.
 */
export function eventColor(e: Pick<CalendarEvent, 'isMeal' | 'attendeeIds'>, members: Map<string, { color: string }>): string {
  if (e.isMeal) return colors.meal;
  if (e.attendeeIds.length === 0) return colors.event;
  const first = inMemberOrder(e.attendeeIds, members)[0];
  return first === undefined ? colors.member : members.get(first)!.color;
}

/** WCAG relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/**
 * The text colour for a tile of `background`, a colour the family chose: black or white, whichever contrasts more.
 * The better of the two is at least 4.58:1 on any colour, so every member colour reads at WCAG AA.
 */
export function textOn(background: string): string {
  if (!/^#[0-9a-f]{6}$/i.test(background)) return '#ffffff';
  const l = luminance(background);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}

/** The contrast ratio of two `#rrggbb` colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
