import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ReminderMinutes } from '@hearth/contract/reminders';
import type { CalendarEvent } from '@hearth/contract/calendar';
import { accessMessages } from '@hearth/contract/permissions';
import { ApiError } from '../../shared/api/client.ts';
import { useOnline } from '../../shared/offline/online.ts';
import { attends, MemberLegend } from '../../shared/ui/MemberLegend.tsx';
import { Modal } from '../../shared/ui/Modal.tsx';
import { ErrorBanner, Loading, Notice } from '../../shared/ui/Status.tsx';
import { useCan } from '../../shared/useCan.ts';
import { useCurrentUser } from '../../shared/useCurrentUser.ts';
import { useTitle } from '../../shared/useTitle.ts';
import { useBirthdays, useFamilySettings, useMembers } from '../family/queries.ts';
import { CalendarView, type CalendarViewName, type EventMove } from './CalendarView.tsx';
import { addMinutes, endFor, loadWindow, nextFullHour, nowIn } from './dates.ts';
import { DayAgenda } from './DayAgenda.tsx';
import { DeleteDialog } from './DeleteDialog.tsx';
import { EventForm, type EventDraft } from './EventForm.tsx';
import { ExportDialog } from './ExportDialog.tsx';
import { MealForm } from './MealForm.tsx';
import { inSeries, MoveScopeDialog, useMoveEvent } from './MoveDialog.tsx';
import { isPhone, usePhone } from './phone.ts';
import { useEvents } from './queries.ts';
import { calendarTexts as t } from './texts.ts';
import './calendar.css';

type Editing =
  | { kind: 'event'; event: CalendarEvent | null; draft: EventDraft }
  | { kind: 'meal'; event: CalendarEvent | null };

/** The event a link asked to open (`paths.calendarEvent`): its id and the date its occurrence starts on. */
function useLinkedEvent(): { id: string; date: string } | null {
  const [params] = useSearchParams();
  const id = params.get('event');
  const date = params.get('date');
  return id && date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? { id, date } : null;
}

/** `/calendar`: the family's events and meals (spec part 2 §2). */
export function CalendarPage() {
  useTitle(t.title);
  const me = useCurrentUser();
  const settings = useFamilySettings();
  const heading = settings.data ? `${settings.data.familyName}${t.headingSuffix}` : t.title;
  if (me.data && !me.data.familyId) {
    return <main className="page"><h1>{t.title}</h1><Notice>{accessMessages.noFamily}</Notice></main>;
  }
  return (
    <main className="page stack calendar-page">
      {me.data?.familyId && settings.isSuccess ? <Calendar familyId={me.data.familyId} heading={heading}
        timezone={settings.data.timezone} defaultReminder={settings.data.defaultReminderMinutes as ReminderMinutes | null}
        firstDay={settings.data.firstDayOfWeek} /> : (
        <>
          <h1>{heading}</h1>
          {settings.isError ? <ErrorBanner message={t.loadFailed} />
            : settings.fetchStatus === 'paused' ? <Notice>{t.offlineNotSeen}</Notice> : <Loading text={t.loading} />}
        </>
      )}
    </main>
  );
}

function Calendar({ familyId, heading, timezone, defaultReminder, firstDay }: {
  familyId: string; heading: string; timezone: string; defaultReminder: ReminderMinutes | null; firstDay: number;
}) {
  const can = useCan();
  // Offline the calendar is read-only: it shows what was last seen, and changes wait for the network (issue 49).
  const online = useOnline();
  const canEdit = can.edit && online;
  const members = useMembers();
  const now = useCallback(() => nowIn(timezone), [timezone]);
  const today = now().slice(0, 10);
  const linked = useLinkedEvent();
  // The calendar opens at the linked event's date, and the event opens once that date's window has loaded.
  const [opening, setOpening] = useState(linked);
  const [startDate] = useState(linked?.date ?? today);
  const [loadAround, setLoadAround] = useState(startDate);
  const loaded = useMemo(() => loadWindow(loadAround), [loadAround]);
  const events = useEvents(loaded);
  const birthdays = useBirthdays(loaded);
  const phone = usePhone();
  const [initialView, setInitialView] = useState<CalendarViewName | null>(null);
  const [view, setView] = useState<CalendarViewName | null>(null);
  // The day a phone's month lists under the grid: today, or the day tapped.
  const [day, setDay] = useState(startDate);
  const [moving, setMoving] = useState<EventMove | null>(null);
  const [moveError, setMoveError] = useState<string | null>(null);
  const moveEvent = useMoveEvent();
  const [selected, setSelected] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<CalendarEvent | null>(null);
  const [exporting, setExporting] = useState(false);
  const memberMap = useMemo(() => new Map((members.data ?? []).map((m) => [m.id, m])), [members.data]);
  const shown = useMemo(() => (events.data ?? []).filter(attends(selected)), [events.data, selected]);
  const shownBirthdays = useMemo(() => (birthdays.data ?? []).filter((b) => selected === null || b.memberId === selected),
    [birthdays.data, selected]);

  // The first view depends on the first window's answer (spec §2): the week list with events, the month without.
  if (initialView === null && events.isSuccess && !events.isPlaceholderData) {
    // Phones start on the week list, whatever the window holds (spec: the list is the phone's view).
    setInitialView(isPhone() || events.data.length > 0 ? 'listWeek' : 'dayGridMonth');
  }

  // Navigating outside the loaded window loads the window around the newly shown dates (spec §9).
  const onRange = useCallback((range: { start: string; end: string; current: string; view: CalendarViewName }) => {
    if (range.start < loaded.startDate || range.end > loaded.endDate) setLoadAround(range.current);
    setView(range.view);
    // A month paged to keeps a picked day of its own: today when it is in it, else its first day.
    if (range.view === 'dayGridMonth') {
      setDay((picked) => (picked.slice(0, 7) === range.current.slice(0, 7) ? picked
        : today.slice(0, 7) === range.current.slice(0, 7) ? today : range.current));
    }
  }, [loaded, today]);

  const addEvent = (draft?: EventDraft) => {
    const start = nextFullHour(now());
    setEditing({ kind: 'event', event: null, draft: draft ?? { start, end: endFor(start, false), allDay: false } });
  };
  // A tapped slot adds an hour there; a day (from a phone's month) adds at the next full hour's time that day.
  const addAt = (at: string) => {
    const start = at.length === 10 ? `${at}${nextFullHour(now()).slice(10)}` : at;
    addEvent({ start, end: addMinutes(start, 60), allDay: false });
  };
  const move = async (change: EventMove, scope: 'single' | 'series') => {
    setMoving(null);
    setMoveError(await moveEvent(change, scope));
  };
  const open = (event: CalendarEvent) => setEditing(event.isMeal
    ? { kind: 'meal', event }
    : { kind: 'event', event, draft: { start: event.startTime, end: event.endTime, allDay: event.allDay } });

  if (opening && events.isSuccess && !events.isPlaceholderData) {
    setOpening(null);
    const found = events.data.filter((e) => e.id === opening.id);
    const event = found.find((e) => e.startTime.startsWith(opening.date)) ?? found[0];
    if (event) open(event);
  }
  const toDelete = (event: CalendarEvent) => {
    setEditing(null);
    setDeleting(event);
  };
  const close = () => setEditing(null);
  const formTitle = editing?.kind === 'meal' ? (editing.event ? t.editMeal : t.newMeal) : (editing?.event ? t.editEvent : t.newEvent);

  return (
    <>
      <div className="spread cal-head">
        <h1>{heading}</h1>
        <div className="row">
          {canEdit && <button type="button" onClick={() => addEvent()}>{t.addEvent}</button>}
          {canEdit && <button type="button" onClick={() => setEditing({ kind: 'meal', event: null })}>{t.addMeal}</button>}
          <button type="button" className="secondary" onClick={() => setExporting(true)}>{t.export}</button>
        </div>
      </div>
      {members.data && members.data.length > 0 && (
        <MemberLegend members={members.data} selected={selected} onSelect={setSelected} label={t.membersLabel} clearLabel={t.clearFilter} />
      )}
      {!online && <Notice>{t.offline}</Notice>}
      {events.isPlaceholderData && events.fetchStatus === 'paused' && <Notice>{t.offlineNotSeen}</Notice>}
      <ErrorBanner message={moveError} onDismiss={() => setMoveError(null)} />
      {events.isError && <ErrorBanner message={events.error instanceof ApiError ? t.loadFailed : t.loadError} />}
      {initialView === null ? (!events.isError && (events.fetchStatus === 'paused'
        ? <Notice>{t.offlineNotSeen}</Notice> : <Loading text={t.loading} />)) : (
        <div className={`cal-frame${events.isFetching ? ' fetching' : ''}`}>
          <CalendarView events={shown} birthdays={shownBirthdays} members={memberMap} initialView={initialView}
            initialDate={startDate} firstDay={firstDay} now={now} canEdit={canEdit} phone={phone} day={day} onRange={onRange} onOpen={open}
            onDay={setDay} onAdd={addAt}
            onSelect={(range) => addEvent({ start: range.start, end: range.end, allDay: range.allDay })}
            onMove={(change) => (inSeries(change.event) ? setMoving(change) : void move(change, 'series'))} />
        </div>
      )}
      {phone && view === 'dayGridMonth' && (
        <DayAgenda date={day} events={shown} birthdays={shownBirthdays} members={memberMap} canEdit={canEdit} onOpen={open} onAdd={addAt} />
      )}
      <MoveScopeDialog move={moving} onChoose={(scope) => moving && void move(moving, scope)}
        onCancel={() => { moving?.revert(); setMoving(null); }} />
      <Modal title={formTitle} open={editing !== null} onClose={close}>
        {editing?.kind === 'event' && (
          <EventForm key={editing.event?.id ?? 'new'} event={editing.event} draft={editing.draft} members={members.data ?? []}
            defaultReminder={defaultReminder} canEdit={canEdit} onDone={close} onDelete={toDelete} />
        )}
        {editing?.kind === 'meal' && (
          <MealForm event={editing.event} familyId={familyId} today={today} members={members.data ?? []}
            defaultReminder={defaultReminder} canEdit={canEdit} onDone={close} onDelete={toDelete} />
        )}
      </Modal>
      <DeleteDialog event={deleting} onClose={() => setDeleting(null)} onDeleted={() => setDeleting(null)} />
      <ExportDialog open={exporting} onClose={() => setExporting(false)} isAdmin={can.admin} />
    </>
  );
}
