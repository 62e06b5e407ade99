import type { CalendarEvent } from '@hearth/contract/calendar';
import type { Birthday, FamilyMember } from '@hearth/contract/family';
import { CakeIcon } from '../../shared/ui/CakeIcon.tsx';
import { allDayText, eventTimeText } from '../../shared/time.ts';
import { AttendeeDots } from './CalendarView.tsx';
import { eventColor } from './colors.ts';
import { calendarTexts as t } from './texts.ts';

const longDate = (date: string) => new Date(`${date}T00:00:00Z`)
  .toLocaleDateString(undefined, { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' });

/** Whether an occurrence is on `date` (an all-day one's last day counts; a timed one ending at midnight does not). */
const isOn = (e: CalendarEvent, date: string) => e.startTime.slice(0, 10) <= date
  && (e.allDay ? e.endTime.slice(0, 10) >= date : e.endTime > `${date}T00:00:00`);

/** Under a phone's month: the picked day's events, each opening its form, and a way to add one that day. */
export function DayAgenda({ date, events, birthdays, members, canEdit, onOpen, onAdd }: {
  date: string;
  events: CalendarEvent[];
  /** Read-only entries, listed first. */
  birthdays: Birthday[];
  members: Map<string, FamilyMember>;
  canEdit: boolean;
  onOpen: (event: CalendarEvent) => void;
  onAdd: (date: string) => void;
}) {
  const shown = events.filter((e) => isOn(e, date))
    .sort((a, b) => Number(b.allDay) - Number(a.allDay) || a.startTime.localeCompare(b.startTime));
  const todays = birthdays.filter((b) => b.date === date);
  const title = longDate(date);
  return (
    <section className="card stack cal-day-agenda" aria-label={t.dayEvents(title)}>
      <div className="spread">
        <h2>{title}</h2>
        {canEdit && <button type="button" className="secondary" onClick={() => onAdd(date)}>{t.addEvent}</button>}
      </div>
      {shown.length + todays.length === 0 ? <p className="muted">{t.noEventsOnDay}</p> : (
        <ul className="cal-day-list">
          {todays.map((b) => (
            <li key={`birthday|${b.memberId}`} className="cal-day-event">
              <span className="cal-day-time">{allDayText}</span>
              <span className="cal-day-title cal-birthday"><CakeIcon /> {b.title}</span>
            </li>
          ))}
          {shown.map((e) => (
            <li key={`${e.id}|${e.occurrenceDate}`}>
              <button type="button" className="cal-day-event" onClick={() => onOpen(e)}>
                <span className="cal-day-color" style={{ background: eventColor(e, members) }} aria-hidden="true" />
                <span className="cal-day-time">{eventTimeText(e)}</span>
                <span className="cal-day-title">{e.title}</span>
                {(e.location ?? e.address) && <span className="cal-day-place">{e.location ?? e.address}</span>}
                <AttendeeDots ids={e.attendeeIds} members={members} skipFirst={false} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
