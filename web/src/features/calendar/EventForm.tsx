import { useState } from 'react';
import { calendarLimits, recurringPatterns, type CalendarEvent, type RecurringPattern } from '@hearth/contract/calendar';
import type { FamilyMember } from '@hearth/contract/family';
import { ErrorBanner, Loading } from '../../shared/ui/Status.tsx';
import { endFor, seriesTimes } from './dates.ts';
import { AddressField, AttendeesField, EventFormFrame, Field, NotesField, TextField, TimeFields, useEventFields } from './fields.tsx';
import { useCategories, useSeries, type EventBody } from './queries.ts';
import { calendarTexts as t } from './texts.ts';

/** Where a new event's times come from: the defaults, or a range dragged on the calendar. */
export interface EventDraft { start: string; end: string; allDay: boolean }

type Scope = 'series' | 'single';

/**
 * The Add Event / Edit Event form. An occurrence of a series saves only this occurrence (editType=single), or, when
 * chosen, the whole series (spec §7: PUT with the series id), moved by as much as this occurrence was moved.
 */
export function EventForm({ event, draft, members, canEdit, onDone, onDelete }: {
  event: CalendarEvent | null;
  draft: EventDraft;
  members: FamilyMember[];
  canEdit: boolean;
  onDone: () => void;
  onDelete: (event: CalendarEvent) => void;
}) {
  const fields = useEventFields(event, { start: event?.startTime ?? draft.start, end: event?.endTime ?? draft.end });
  const [location, setLocation] = useState(event?.location ?? '');
  const [address, setAddress] = useState(event?.address ?? '');
  const [allDay, setAllDay] = useState(event?.allDay ?? draft.allDay);
  const [categoryId, setCategoryId] = useState(event?.categoryId ?? '');
  const [pattern, setPattern] = useState<RecurringPattern | ''>(event?.recurringPattern ?? '');
  const [recurringEndDate, setRecurringEndDate] = useState(event?.recurringEndDate ?? '');
  const inSeries = event !== null && event.recurringPattern !== null;
  // An occurrence's edit changes that occurrence unless the whole series is chosen (issue 49: the safe default).
  const [scope, setScope] = useState<Scope>(inSeries ? 'single' : 'series');
  const categories = useCategories();
  const series = useSeries(inSeries ? event.id : null);

  if (inSeries && series.isPending) return <Loading />;
  if (inSeries && series.isError) return <ErrorBanner message={t.loadEventFailed} />;

  const { start, end } = fields;
  const changeStart = (next: string) => {
    fields.setStart(next);
    if (next) fields.setEnd(endFor(next, allDay));
  };

  const submit = () => {
    const single = inSeries && scope === 'single';
    // The whole series moves by as much as this occurrence did, from the series' own first date.
    const times = inSeries && !single && series.data ? seriesTimes(event, series.data, start, end) : { start, end };
    const body: EventBody = {
      title: fields.title, description: fields.description, location, address, allDay, categoryId,
      attendeeIds: fields.attendeeIds, isMeal: false,
      startTime: start && times.start, endTime: end && times.end,
      recurringPattern: single ? null : pattern, recurringEndDate: single || !pattern ? null : recurringEndDate,
    };
    return fields.submit({ id: event?.id, occurrenceDate: single ? event.occurrenceDate : undefined, body },
      { ...body, startTime: start, endTime: end }, event ? t.updateFailed : t.createFailed, onDone);
  };

  return (
    <EventFormFrame fields={fields} event={event} canEdit={canEdit} submitLabel={t.addEvent} onSubmit={submit} onDone={onDone}
      onDelete={onDelete}>
      <label className="inline">
        <input type="checkbox" checked={allDay} onChange={(e) => {
          setAllDay(e.target.checked);
          if (e.target.checked && end.slice(0, 10) < start.slice(0, 10)) fields.setEnd(endFor(start, true));
        }} />
        All day
      </label>
      <TimeFields fields={fields} allDay={allDay} onStart={changeStart} />
      <TextField label="Location" value={location} onChange={setLocation} max={calendarLimits.locationMax} error={fields.errors.location} />
      <AddressField label="Address" value={address} onChange={setAddress} error={fields.errors.address} place={location} />
      <NotesField label="Description" fields={fields} />
      <Field label="Category" error={fields.errors.categoryId}>
        <select value={categoryId} onChange={(e) => setCategoryId(e.target.value)}>
          <option value="">{t.noCategory}</option>
          {(categories.data ?? []).map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
        </select>
      </Field>
      <AttendeesField members={members} fields={fields} />
      {inSeries && (
        <fieldset className="row cal-scope">
          <legend>{t.editScope}</legend>
          <label className="inline">
            <input type="radio" name="scope" checked={scope === 'single'} onChange={() => setScope('single')} />
            {t.editSingle}
          </label>
          <label className="inline">
            <input type="radio" name="scope" checked={scope === 'series'} onChange={() => setScope('series')} />
            {t.editSeries}
          </label>
        </fieldset>
      )}
      {scope === 'series' && (
        <div className="cal-times">
          <Field label="Repeats" error={fields.errors.recurringPattern}>
            <select value={pattern} onChange={(e) => setPattern(e.target.value as RecurringPattern | '')}>
              <option value="">{t.noRecurrence}</option>
              {recurringPatterns.map((p) => <option key={p} value={p}>{t.patterns[p]}</option>)}
            </select>
          </Field>
          {pattern && (
            <Field label="Repeat until" error={fields.errors.recurringEndDate}>
              <input type="date" value={recurringEndDate} onChange={(e) => setRecurringEndDate(e.target.value)} />
            </Field>
          )}
        </div>
      )}
    </EventFormFrame>
  );
}
