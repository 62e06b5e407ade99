import { useEffect, useRef, useState } from 'react';
import FullCalendar, {
  type CalendarRef, type DateClickInfo, type EventChangeInfo, type EventClickInfo, type EventDisplayInfo, type EventInput,
} from '@fullcalendar/react';
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
import { colors, eventColor, inMemberOrder, textOn } from './colors.ts';
import { addDays, addMinutes, defaultScrollTime, fromCalendarDate, scrollTimeFor } from './dates.ts';
import { calendarTexts as t } from './texts.ts';

const maxDots = 5;

export type CalendarViewName = 'listWeek' | 'dayGridMonth' | 'timeGridWeek' | 'timeGrid3Day' | 'timeGridDay';

/** What a drag or a resize did to an event: its new times (wall clock, an all-day end is its last day). */
export interface EventMove { event: CalendarEvent; start: string; end: string; allDay: boolean; revert: () => void }

/** A FullCalendar date as FullCalendar hands it to a formatter. */
interface FormatDate { marker: Date }
/** Every time FullCalendar writes comes from the app's one time format (issue 49). */
const timeText = (info: { start: FormatDate; end?: FormatDate | null }) => (info.end
  ? formatTimeRange(fromCalendarDate(info.start.marker), fromCalendarDate(info.end.marker))
  : formatTime(fromCalendarDate(info.start.marker)));

/**
 * The list: the 7 days from the day it opens at, paged a week at a time (issue 49). The time grids' headers carry
 * the date; a phone shows 3 days where a wider screen shows the week, so each day is wide enough to read.
 */
const viewsFor = (phone: boolean) => ({
  listWeek: { duration: { days: 7 } },
  dayGridMonth: { dayHeaderFormat: { weekday: phone ? 'narrow' : 'short' } },
  timeGrid: { dayHeaderFormat: { weekday: 'short', day: 'numeric' } },
  timeGrid3Day: { type: 'timeGrid', duration: { days: 3 } },
} as const);
/** The 7-day list has no calendar unit for FullCalendar to name; it pages by a week like the week grid. */
const unitText = (text: string) => text || 'Week';
const threeDaysText = '3 Days';

/** The time grids scroll within this height; the list and the month grow with what they show. */
const timeGridHeight = 'max(24rem, 70vh)';

/** An all-day event's last day is inclusive here, exclusive in FullCalendar. */
const endOf = (e: CalendarEvent) => (e.allDay ? addDays(e.endTime.slice(0, 10), 1) : e.endTime);

function Pin() {
  return (
    <svg width="11" height="11" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z" />
    </svg>
  );
}

/** The attendees in the family's order, as dots, then "+n"; `skipFirst` leaves out the one whose colour the tile has. */
export function AttendeeDots({ ids, members, skipFirst }: { ids: string[]; members: Map<string, FamilyMember>; skipFirst: boolean }) {
  const ordered = inMemberOrder(ids, members);
  const rest = skipFirst ? ordered.slice(1) : ordered;
  const shown = rest.slice(0, maxDots);
  const more = rest.length - shown.length;
  if (shown.length === 0) return null;
  return (
    <span className="cal-dots">
      {shown.map((id) => {
        const member = members.get(id);
        return <span key={id} className="member-dot" role="img" aria-label={member?.name ?? ''} title={member?.name}
          style={{ background: member?.color ?? colors.member }} />;
      })}
      {more > 0 && <span className="cal-more">{t.more(more)}</span>}
    </span>
  );
}

function Tile({ info, members }: { info: EventDisplayInfo; members: Map<string, FamilyMember> }) {
  const e = info.event.extendedProps.event as CalendarEvent | undefined;
  // The range being dragged (select mirror) is no saved event: it shows its times only.
  if (!e) return <div className="cal-tile"><span className="cal-tile-time">{info.timeText}</span></div>;
  const place = e.location ?? e.address;
  const list = info.view.type === 'listWeek';
  return (
    <div className={`cal-tile${list ? '' : ' compact'}`}>
      {info.timeText && <span className="cal-tile-time">{info.timeText}</span>}
      <span className="cal-tile-title">{e.isRecurring && <span aria-label="Recurring event" role="img">↻ </span>}{e.title}</span>
      {/* The place is text: the tile is one control, its map link is in the event's form. */}
      {place && <span className="cal-place" title={place}>{list ? place : <><Pin /><span className="cal-sr-only">{place}</span></>}</span>}
      {/* A grid tile wears the first attendee's colour, so its dots are the others'; the list names them all. */}
      <AttendeeDots ids={e.attendeeIds} members={members} skipFirst={!list && !e.isMeal} />
    </div>
  );
}

/** A phone's month cell shows an event as a bar in its colour; the day's list under the grid names it. */
function Bar({ info }: { info: EventDisplayInfo }) {
  return <span className="cal-bar"><span className="cal-sr-only">{info.event.title}</span></span>;
}

/**
 * FullCalendar 7 runs in its 'UTC' zone, so the family's wall-clock text shows as written and its selections come
 * back as the same text; `now` is the family's wall clock, so Today and the today highlight are the family's.
 * The list starts on the day it is opened at (today) and shows 7 days; the time grids hold the whole day in a
 * scroller opened at the first event shown (issue 49). On a phone the month shows bars per day and a tap picks the
 * day (`onDay`), and a tap on an empty slot adds an event there (`onAdd`).
 */
export function CalendarView({ events, birthdays, members, initialView, initialDate, firstDay, now, canEdit, phone, day, onRange, onSelect,
  onAdd, onDay, onOpen, onMove }: {
  events: CalendarEvent[];
  /** Read-only all-day entries beside the events. */
  birthdays: Birthday[];
  members: Map<string, FamilyMember>;
  initialView: CalendarViewName;
  initialDate: string;
  /** The family's first day of the week, 0 Sunday … 6 Saturday. */
  firstDay: number;
  now: () => string;
  canEdit: boolean;
  phone: boolean;
  /** The day picked in a phone's month. */
  day: string;
  onRange: (range: { start: string; end: string; current: string; view: CalendarViewName }) => void;
  onSelect: (range: { start: string; end: string; allDay: boolean }) => void;
  onAdd: (start: string) => void;
  onDay: (date: string) => void;
  onOpen: (event: CalendarEvent) => void;
  onMove: (move: EventMove) => void;
}) {
  const calendar = useRef<CalendarRef>(null);
  const [days, setDays] = useState<{ from: string; to: string; view: string } | null>(null);
  const scrollTime = days ? scrollTimeFor(events, days.from, days.to) : defaultScrollTime;
  const phoneMonth = phone && days?.view === 'dayGridMonth';
  // FullCalendar scrolls on its own only when the dates change, before the new dates' first event is known.
  useEffect(() => {
    calendar.current?.getApi().scrollToTime(scrollTime);
  }, [scrollTime, days]);
  // Turning a phone into a wider screen (or back) swaps its 3 days for the week.
  useEffect(() => {
    const api = calendar.current?.getApi();
    const swap = phone ? ['timeGridWeek', 'timeGrid3Day'] : ['timeGrid3Day', 'timeGridWeek'];
    if (api && api.view.type === swap[0]) api.changeView(swap[1]!);
  }, [phone]);
  const threeDays = days?.view === 'timeGrid3Day';

  const click = (info: EventClickInfo) => {
    if (birthdayOf(info)) return;
    info.jsEvent.preventDefault();
    onOpen(info.event.extendedProps.event as CalendarEvent);
  };
  // A tap (touch only: a mouse click selects, below) adds an event at the slot, or picks the day in a phone's month.
  const dateClick = (info: DateClickInfo) => {
    const date = fromCalendarDate(info.date);
    if (phone && info.view.type === 'dayGridMonth') {
      onDay(date.slice(0, 10));
      return;
    }
    if (!canEdit || !info.jsEvent.type.startsWith('touch')) return;
    onAdd(info.allDay ? date.slice(0, 10) : date);
  };
  const moved = (info: EventChangeInfo) => {
    const event = info.oldEvent.extendedProps.event as CalendarEvent;
    const start = fromCalendarDate(info.event.start!);
    const allDay = info.event.allDay;
    const end = info.event.end
      ? fromCalendarDate(info.event.end)
      : allDay ? `${addDays(start.slice(0, 10), 1)}T00:00:00` : addMinutes(start, 60);
    onMove({ event, start, end: allDay ? `${addDays(end.slice(0, 10), -1)}T00:00:00` : end, allDay, revert: info.revert });
  };

  const toInput = (e: CalendarEvent): EventInput => {
    const color = eventColor(e, members);
    return {
      id: `${e.id}|${e.occurrenceDate}`,
      title: e.title,
      start: e.allDay ? e.startTime.slice(0, 10) : e.startTime,
      end: endOf(e),
      allDay: e.allDay,
      color,
      contrastColor: textOn(color),
      extendedProps: { event: e },
    };
  };

  return (
    <FullCalendar
      ref={calendar}
      plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin, classicTheme]}
      timeZone="UTC"
      now={now}
      initialView={initialView}
      initialDate={initialDate}
      firstDay={firstDay}
      // The button reads "Today" in every view: its name is what it shows.
      todayHint="Today"
      prevHint={(text) => `Previous ${threeDays ? threeDaysText : unitText(text)}`}
      nextHint={(text) => `Next ${threeDays ? threeDaysText : unitText(text)}`}
      headerToolbar={{
        start: 'prev,next today', center: 'title',
        end: `listWeek,dayGridMonth,${phone ? 'timeGrid3Day' : 'timeGridWeek'},timeGridDay`,
      }}
      buttons={{
        listWeek: { text: 'List' },
        dayGridMonth: { text: 'Month' },
        timeGridWeek: { text: 'Week' },
        timeGrid3Day: { text: threeDaysText },
        timeGridDay: { text: 'Day' },
      }}
      views={viewsFor(phone)}
      slotDuration="00:30:00"
      // One slot height at every width, tall enough to touch: the grid's first scroll is measured in these heights.
      slotMinHeight={28}
      scrollTime={scrollTime}
      eventTimeFormat={timeText}
      allDayText={allDayText}
      slotHeaderFormat={timeText}
      height={days?.view.startsWith('timeGrid') ? timeGridHeight : 'auto'}
      dayMaxEvents={phoneMonth ? 3 : 4}
      moreLinkContent={phoneMonth ? (info) => `+${info.num}` : undefined}
      // On a phone the "+n" picks the day too: its events are listed under the grid.
      moreLinkClick={phoneMonth ? (info) => { onDay(fromCalendarDate(info.date).slice(0, 10)); return 'dayGridMonth'; } : undefined}
      dayCellClass={(info) => (phoneMonth && fromCalendarDate(info.date).slice(0, 10) === day ? 'cal-picked' : '')}
      eventInteractive={!phoneMonth}
      eventClass={phoneMonth ? 'cal-inert' : ''}
      moreLinkClass={phoneMonth ? 'cal-inert' : ''}
      nowIndicator
      editable={canEdit && !phoneMonth}
      eventDrop={moved}
      eventResize={moved}
      selectable={canEdit}
      selectMirror
      selectLongPressDelay={300}
      select={(info) => onSelect({
        start: fromCalendarDate(info.start),
        // A dragged all-day range ends at midnight after its last day; the form's all-day end is that last day.
        end: info.allDay ? `${addDays(fromCalendarDate(info.end).slice(0, 10), -1)}T00:00:00` : fromCalendarDate(info.end),
        allDay: info.allDay,
      })}
      dateClick={dateClick}
      datesSet={(info) => {
        const from = fromCalendarDate(info.view.activeStart).slice(0, 10);
        const to = fromCalendarDate(info.view.activeEnd).slice(0, 10);
        setDays({ from, to, view: info.view.type });
        onRange({
          start: from, end: addDays(to, -1), current: fromCalendarDate(info.view.currentStart).slice(0, 10),
          view: info.view.type as CalendarViewName,
        });
      }}
      eventClick={click}
      events={[...events.map(toInput), ...birthdays.map(birthdayInput)]}
      eventContent={(info: EventDisplayInfo) => {
        if (phoneMonth) return <Bar info={info} />;
        const birthday = birthdayOf(info);
        return birthday ? <BirthdayTile birthday={birthday} /> : <Tile info={info} members={members} />;
      }}
    />
  );
}
