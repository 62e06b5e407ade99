import { useEffect, useRef, useState } from 'react';
import FullCalendar, { type CalendarRef, type EventClickInfo, type EventDisplayInfo, type EventInput } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import type { CalendarEvent } from '@hearth/contract/calendar';
import type { Birthday, FamilyMember } from '@hearth/contract/family';
import { allDayText, formatTime, formatTimeRange } from '../../shared/time.ts';
import { BirthdayTile, birthdayInput, birthdayOf } from './birthdays.tsx';
import { addDays, defaultScrollTime, fromCalendarDate, scrollTimeFor } from './dates.ts';
import { calendarTexts as t } from './texts.ts';

/** Spec §9: regular events blue, meals orange; a member without a colour is grey. */
const colors = { event: '#2563eb', meal: '#ea580c', member: '#999999' };
const maxDots = 5;

export type CalendarViewName = 'listWeek' | 'dayGridMonth' | 'timeGridWeek' | 'timeGridDay';

/** A FullCalendar date as FullCalendar hands it to a formatter. */
interface FormatDate { marker: Date }
/** Every time FullCalendar writes comes from the app's one time format (issue 49). */
const timeText = (info: { start: FormatDate; end?: FormatDate | null }) => (info.end
  ? formatTimeRange(fromCalendarDate(info.start.marker), fromCalendarDate(info.end.marker))
  : formatTime(fromCalendarDate(info.start.marker)));

/** The list: the 7 days from the day it opens at, paged a week at a time (issue 49). */
const views = { listWeek: { duration: { days: 7 } } };
/** The 7-day list has no calendar unit for FullCalendar to name; it pages by a week like the week grid. */
const unitText = (text: string) => text || 'Week';
/** The time grids scroll within this height; the list and the month grow with what they show. */
const timeGridHeight = 'max(24rem, 70vh)';

const mapsLink = (place: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`;

/** An occurrence as FullCalendar takes it; an all-day event's last day is inclusive here, exclusive there. */
function toInput(e: CalendarEvent): EventInput {
  return {
    id: `${e.id}|${e.occurrenceDate}`,
    title: e.title,
    start: e.allDay ? e.startTime.slice(0, 10) : e.startTime,
    end: e.allDay ? addDays(e.endTime.slice(0, 10), 1) : e.endTime,
    allDay: e.allDay,
    color: e.isMeal ? colors.meal : colors.event,
    extendedProps: { event: e },
  };
}

function Pin() {
  return (
    <svg width="11" height="11" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z" />
    </svg>
  );
}

function Tile({ info, members }: { info: EventDisplayInfo; members: Map<string, FamilyMember> }) {
  const e = info.event.extendedProps.event as CalendarEvent | undefined;
  // The range being dragged (select mirror) is no saved event: it shows its times only.
  if (!e) return <div className="cal-tile"><span className="cal-tile-time">{info.timeText}</span></div>;
  const place = e.location ?? e.address;
  const shown = e.attendeeIds.slice(0, maxDots);
  const more = e.attendeeIds.length - shown.length;
  // Only the list has room to stack; grid tiles run their parts on together and show the place as a pin.
  const compact = info.view.type !== 'listWeek';
  // A phone's month cell is a few letters wide: the title alone, the rest is a tap away.
  if (compact && info.isNarrow) return <div className="cal-tile compact"><span className="cal-tile-title">{e.title}</span></div>;
  return (
    <div className={`cal-tile${compact ? ' compact' : ''}`}>
      {info.timeText && <span className="cal-tile-time">{info.timeText}</span>}
      <span className="cal-tile-title">{e.isRecurring && <span aria-label="Recurring event" role="img">↻ </span>}{e.title}</span>
      {place && (
        <a className="cal-map" href={mapsLink(e.address ?? place)} target="_blank" rel="noopener noreferrer"
          aria-label={t.mapsLink(place)} title={place}>
          {compact ? <Pin /> : place}
        </a>
      )}
      {shown.length > 0 && (
        <span className="cal-dots">
          {shown.map((id) => {
            const member = members.get(id);
            return <span key={id} className="member-dot" role="img" aria-label={member?.name ?? ''} title={member?.name}
              style={{ background: member?.color ?? colors.member }} />;
          })}
          {more > 0 && <span className="cal-more">{t.more(more)}</span>}
        </span>
      )}
    </div>
  );
}

/**
 * FullCalendar 7 runs in its 'UTC' zone, so the family's wall-clock text shows as written and its selections come
 * back as the same text; `now` is the family's wall clock, so Today and the today highlight are the family's.
 * The list starts on the day it is opened at (today) and shows 7 days; the time grids hold the whole day in a
 * scroller opened at the first event shown (issue 49).
 */
export function CalendarView({ events, birthdays, members, initialView, initialDate, now, canEdit, onRange, onSelect, onOpen }: {
  events: CalendarEvent[];
  /** Read-only all-day entries beside the events. */
  birthdays: Birthday[];
  members: Map<string, FamilyMember>;
  initialView: CalendarViewName;
  initialDate: string;
  now: () => string;
  canEdit: boolean;
  onRange: (range: { start: string; end: string; current: string }) => void;
  onSelect: (range: { start: string; end: string; allDay: boolean }) => void;
  onOpen: (event: CalendarEvent) => void;
}) {
  const calendar = useRef<CalendarRef>(null);
  const [days, setDays] = useState<{ from: string; to: string; view: string } | null>(null);
  const scrollTime = days ? scrollTimeFor(events, days.from, days.to) : defaultScrollTime;
  // FullCalendar scrolls on its own only when the dates change, before the new dates' first event is known.
  useEffect(() => {
    calendar.current?.getApi().scrollToTime(scrollTime);
  }, [scrollTime, days]);

  const click = (info: EventClickInfo) => {
    if (birthdayOf(info)) return;
    // The tile's maps link opens the map, not the form.
    if ((info.jsEvent.target as Element | null)?.closest('a.cal-map')) return;
    info.jsEvent.preventDefault();
    onOpen(info.event.extendedProps.event as CalendarEvent);
  };
  return (
    <FullCalendar
      ref={calendar}
      plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin, classicTheme]}
      timeZone="UTC"
      now={now}
      initialView={initialView}
      initialDate={initialDate}
      todayHint={(text, unit) => (unit === 'day' ? 'Today' : `This ${unitText(text)}`)}
      prevHint={(text) => `Previous ${unitText(text)}`}
      nextHint={(text) => `Next ${unitText(text)}`}
      headerToolbar={{ start: 'prev,next today', center: 'title', end: 'listWeek,dayGridMonth,timeGridWeek,timeGridDay' }}
      buttons={{
        listWeek: { text: 'List' },
        dayGridMonth: { text: 'Month' },
        timeGridWeek: { text: 'Week' },
        timeGridDay: { text: 'Day' },
      }}
      views={views}
      slotDuration="00:30:00"
      // One slot height at every width, tall enough to touch: the grid's first scroll is measured in these heights.
      slotMinHeight={28}
      scrollTime={scrollTime}
      eventTimeFormat={timeText}
      allDayText={allDayText}
      slotHeaderFormat={timeText}
      height={days?.view.startsWith('timeGrid') ? timeGridHeight : 'auto'}
      dayMaxEvents={4}
      nowIndicator
      editable={false}
      selectable={canEdit}
      selectMirror
      selectLongPressDelay={300}
      select={(info) => onSelect({
        start: fromCalendarDate(info.start),
        // A dragged all-day range ends at midnight after its last day; the form's all-day end is that last day.
        end: info.allDay ? `${addDays(fromCalendarDate(info.end).slice(0, 10), -1)}T00:00:00` : fromCalendarDate(info.end),
        allDay: info.allDay,
      })}
      datesSet={(info) => {
        const from = fromCalendarDate(info.view.activeStart).slice(0, 10);
        const to = fromCalendarDate(info.view.activeEnd).slice(0, 10);
        setDays({ from, to, view: info.view.type });
        onRange({ start: from, end: addDays(to, -1), current: fromCalendarDate(info.view.currentStart).slice(0, 10) });
      }}
      eventClick={click}
      events={[...events.map(toInput), ...birthdays.map(birthdayInput)]}
      eventContent={(info: EventDisplayInfo) => {
        const birthday = birthdayOf(info);
        return birthday ? <BirthdayTile birthday={birthday} /> : <Tile info={info} members={members} />;
      }}
    />
  );
}
