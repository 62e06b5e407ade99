import type { EventClickInfo, EventDisplayInfo, EventInput } from '@fullcalendar/react';
import type { Birthday } from '@hearth/contract/family';
import { CakeIcon } from '../../shared/ui/CakeIcon.tsx';

/** Birthdays are neither events (blue) nor meals (orange): violet, with white text at AA contrast. */
const birthdayColor = '#6d28d9';

/** A member's birthday as a read-only all-day entry of the calendar: it opens no form and cannot be moved. */
export function birthdayInput(b: Birthday): EventInput {
  return {
    id: `birthday|${b.memberId}|${b.date}`,
    title: b.title,
    start: b.date,
    allDay: true,
    color: birthdayColor,
    editable: false,
    extendedProps: { birthday: b },
  };
}

export const birthdayOf = (info: EventDisplayInfo | EventClickInfo): Birthday | undefined =>
  info.event.extendedProps.birthday as Birthday | undefined;

export function BirthdayTile({ birthday }: { birthday: Birthday }) {
  return (
    <div className="cal-tile compact cal-birthday">
      <span className="cal-tile-title"><CakeIcon /> {birthday.title}</span>
    </div>
  );
}
