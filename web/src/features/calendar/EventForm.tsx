import { useState, type FormEvent } from 'react';
import { calendarLimits, recurringPatterns, type CalendarEvent, type RecurringPattern } from '@hearth/contract/calendar';
import type { FamilyMember } from '@hearth/contract/family';
import { errorMessage } from '../../shared/api/errors.ts';
import { ErrorBanner, Loading } from '../../shared/ui/Status.tsx';
import { difference, endFor, fromInput, shift, toInput } from './dates.ts';
import { AttendeesField, Field, validate, type FieldErrors } from './fields.tsx';
import { PlaceField } from './PlaceField.tsx';
import { useCategories, useSaveEvent, useSeries, type EventBody } from './queries.ts';
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
  const [title, setTitle] = useState(event?.title ?? '');
  const [description, setDescription] = useState(event?.description ?? '');
  const [location, setLocation] = useState(event?.location ?? '');
  const [address, setAddress] = useState(event?.address ?? '');
  const [start, setStart] = useState(event?.startTime ?? draft.start);
  const [end, setEnd] = useState(event?.endTime ?? draft.end);
  const [allDay, setAllDay] = useState(event?.allDay ?? draft.allDay);
  const [categoryId, setCategoryId] = useState(event?.categoryId ?? '');
  const [attendeeIds, setAttendeeIds] = useState(event?.attendeeIds ?? []);
  const [pattern, setPattern] = useState<RecurringPattern | ''>(event?.recurringPattern ?? '');
  const [recurringEndDate, setRecurringEndDate] = useState(event?.recurringEndDate ?? '');
  const inSeries = event !== null && event.recurringPattern !== null;
  // An occurrence's edit changes that occurrence unless the whole series is chosen (issue 49: the safe default).
  const [scope, setScope] = useState<Scope>(inSeries ? 'single' : 'series');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const categories = useCategories();
  const series = useSeries(inSeries ? event.id : null);
  const save = useSaveEvent();

  if (inSeries && series.isPending) return <Loading />;
  if (inSeries && series.isError) return <ErrorBanner message={t.loadEventFailed} />;

  const changeStart = (value: string) => {
    const next = fromInput(value);
    setStart(next);
    if (next) setEnd(endFor(next, allDay));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const single = inSeries && scope === 'single';
    // The whole series moves by as much as this occurrence did, from the series' own first date.
    const seriesStart = inSeries && !single && series.data ? shift(series.data.startTime, difference(event.startTime, start)) : start;
    const seriesEnd = inSeries && !single && series.data ? shift(series.data.endTime, difference(event.endTime, end)) : end;
    const body: EventBody = {
      title, description, location, address, allDay, categoryId, attendeeIds, isMeal: false,
      startTime: start && seriesStart, endTime: end && seriesEnd,
      recurringPattern: single ? null : pattern, recurringEndDate: single || !pattern ? null : recurringEndDate,
    };
    const invalid = validate({ ...body, startTime: start, endTime: end });
    setErrors(invalid ?? {});
    if (invalid) return;
    try {
      await save.mutateAsync({ id: event?.id, occurrenceDate: single ? event.occurrenceDate : undefined, body });
      onDone();
    } catch (err) {
      setFailure(errorMessage(err, event ? t.updateFailed : t.createFailed));
    }
  };

  const timeType = allDay ? 'date' : 'datetime-local';
  return (
    <form className="stack cal-form" onSubmit={submit} noValidate>
      <ErrorBanner message={failure} onDismiss={() => setFailure(null)} />
      <fieldset className="stack cal-fields" disabled={!canEdit}>
        <Field label="Title" error={errors.title}>
          <input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={calendarLimits.titleMax} autoFocus={canEdit} />
        </Field>
        <label className="inline">
          <input type="checkbox" checked={allDay} onChange={(e) => {
            setAllDay(e.target.checked);
            if (e.target.checked && end.slice(0, 10) < start.slice(0, 10)) setEnd(endFor(start, true));
          }} />
          All day
        </label>
        <div className="cal-times">
          <Field label="Start" error={errors.startTime}>
            <input type={timeType} value={toInput(start, allDay)} onChange={(e) => changeStart(e.target.value)} />
          </Field>
          <Field label="End" error={errors.endTime}>
            <input type={timeType} value={toInput(end, allDay)} onChange={(e) => setEnd(fromInput(e.target.value))} />
          </Field>
        </div>
        <Field label="Location" error={errors.location}>
          <input value={location} onChange={(e) => setLocation(e.target.value)} maxLength={calendarLimits.locationMax} />
        </Field>
        <PlaceField label="Address" kind="address" value={address} maxLength={calendarLimits.addressMax} error={errors.address}
          onChange={setAddress} onChoose={(s) => setAddress(s.address.slice(0, calendarLimits.addressMax))} />
        <Field label="Description" error={errors.description}>
          <textarea rows={3} value={description} onChange={(e) => setDescription(e.target.value)}
            maxLength={calendarLimits.descriptionMax} />
        </Field>
        <Field label="Category" error={errors.categoryId}>
          <select value={categoryId} onChange={(e) => setCategoryId(e.target.value)}>
            <option value="">{t.noCategory}</option>
            {(categories.data ?? []).map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </select>
        </Field>
        <AttendeesField members={members} value={attendeeIds} onChange={setAttendeeIds} />
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
            <Field label="Repeats" error={errors.recurringPattern}>
              <select value={pattern} onChange={(e) => setPattern(e.target.value as RecurringPattern | '')}>
                <option value="">{t.noRecurrence}</option>
                {recurringPatterns.map((p) => <option key={p} value={p}>{t.patterns[p]}</option>)}
              </select>
            </Field>
            {pattern && (
              <Field label="Repeat until" error={errors.recurringEndDate}>
                <input type="date" value={recurringEndDate} onChange={(e) => setRecurringEndDate(e.target.value)} />
              </Field>
            )}
          </div>
        )}
      </fieldset>
      <div className="row cal-actions">
        {canEdit && <button type="submit" disabled={save.isPending}>{event ? 'Save Changes' : t.addEvent}</button>}
        <button type="button" className="secondary" onClick={onDone}>{canEdit ? 'Cancel' : 'Close'}</button>
        {canEdit && event && <button type="button" className="danger cal-delete" onClick={() => onDelete(event)}>Delete</button>}
      </div>
    </form>
  );
}
