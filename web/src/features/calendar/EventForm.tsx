import { useForm } from 'react-hook-form';
import { calendarLimits, recurringPatterns, type CalendarEvent, type RecurringPattern } from '@hearth/contract/calendar';
import type { FamilyMember } from '@hearth/contract/family';
import { reminderOf, reminderText, type ReminderMinutes } from '@hearth/contract/reminders';
import { ErrorBanner, Loading } from '../../shared/ui/Status.tsx';
import { endFor, seriesTimes } from './dates.ts';
import {
  AddressField, AttendeesField, EventFormFrame, Field, NotesField, ReminderField, TimeFields,
  useEventSave, type FieldErrors,
} from './fields.tsx';
import { useCategories, useSeries, type EventBody } from './queries.ts';
import { calendarTexts as t } from './texts.ts';

/** Where a new event's times come from: the defaults, or a range dragged on the calendar. */
export interface EventDraft { start: string; end: string; allDay: boolean }

type Scope = 'series' | 'single';

interface EventValues {
  title: string;
  description: string;
  location: string;
  address: string;
  allDay: boolean;
  start: string;
  end: string;
  categoryId: string;
  pattern: RecurringPattern | '';
  recurringEndDate: string;
  attendeeIds: string[];
  /** Minutes as text, '' for none (the select's value). */
  reminder: string;
  scope: Scope;
}

/** The form's field for each of the contract's fields, where a message is shown. */
const fieldOf: Partial<Record<string, keyof EventValues>> = {
  startTime: 'start', endTime: 'end', recurringPattern: 'pattern', reminderMinutes: 'reminder',
};

/** An all-day event is reminded on its day or the day before: a choice under a day means its day. */
const allDayReminder = (reminder: string) => (reminder === '' || reminder === '1440' ? reminder : '0');

/**
 * The Add Event / Edit Event form. An occurrence of a series saves only this occurrence (editType=single), or, when
 * chosen, the whole series (spec §7: PUT with the series id), moved by as much as this occurrence was moved.
 */
export function EventForm({ event, draft, members, defaultReminder, canEdit, onDone, onDelete }: {
  event: CalendarEvent | null;
  draft: EventDraft;
  members: FamilyMember[];
  /** The family's reminder for new events. */
  defaultReminder: ReminderMinutes | null;
  canEdit: boolean;
  onDone: () => void;
  onDelete: (event: CalendarEvent) => void;
}) {
  const inSeries = event !== null && event.recurringPattern !== null;
  const allDay = event?.allDay ?? draft.allDay;
  const reminder = reminderText(event ? event.reminderMinutes : defaultReminder);
  const { register, handleSubmit, watch, setValue, setError, clearErrors, formState: { errors } } = useForm<EventValues>({
    defaultValues: {
      title: event?.title ?? '', description: event?.description ?? '', location: event?.location ?? '',
      address: event?.address ?? '', allDay, start: event?.startTime ?? draft.start, end: event?.endTime ?? draft.end,
      categoryId: event?.categoryId ?? '', pattern: event?.recurringPattern ?? '', recurringEndDate: event?.recurringEndDate ?? '',
      attendeeIds: event?.attendeeIds ?? [], reminder: allDay ? allDayReminder(reminder) : reminder,
      // An occurrence's edit changes that occurrence unless the whole series is chosen (issue 49: the safe default).
      scope: inSeries ? 'single' : 'series',
    },
  });
  const save = useEventSave(setError, fieldOf);
  const categories = useCategories();
  const series = useSeries(inSeries ? event.id : null);
  const values = watch();

  if (inSeries && series.isPending) return <Loading />;
  if (inSeries && series.isError) return <ErrorBanner message={t.loadEventFailed} />;

  const dirty = { shouldDirty: true };
  const changeStart = (next: string) => {
    setValue('start', next, dirty);
    if (next) setValue('end', endFor(next, values.allDay), dirty);
  };
  const changeAllDay = (checked: boolean) => {
    setValue('allDay', checked, dirty);
    if (checked && values.end.slice(0, 10) < values.start.slice(0, 10)) setValue('end', endFor(values.start, true), dirty);
    if (checked) setValue('reminder', allDayReminder(values.reminder), dirty);
  };

  const submit = async (v: EventValues) => {
    const single = inSeries && v.scope === 'single';
    // The whole series moves by as much as this occurrence did, from the series' own first date.
    const times = inSeries && !single && series.data ? seriesTimes(event, series.data, v.start, v.end) : { start: v.start, end: v.end };
    const body: EventBody = {
      title: v.title, description: v.description, location: v.location, address: v.address, allDay: v.allDay,
      categoryId: v.categoryId, attendeeIds: v.attendeeIds, isMeal: false, reminderMinutes: reminderOf(v.reminder),
      startTime: v.start && times.start, endTime: v.end && times.end,
      recurringPattern: single ? null : v.pattern, recurringEndDate: single || !v.pattern ? null : v.recurringEndDate,
    };
    await save.submit({ id: event?.id, occurrenceDate: single ? event.occurrenceDate : undefined, body },
      { ...body, startTime: v.start, endTime: v.end }, event ? t.updateFailed : t.createFailed, onDone);
  };

  const error = (name: keyof EventValues) => errors[name]?.message;
  const shownErrors: FieldErrors = { startTime: error('start'), endTime: error('end') };
  return (
    <EventFormFrame title={<input {...register('title')} />} titleError={error('title')} errors={errors}
      onDismissFailure={() => clearErrors('root.server')} saving={save.saving} event={event} canEdit={canEdit} submitLabel={t.addEvent}
      onSubmit={(e) => {
        // The contract checks the whole payload on each save: last save's messages go (handleSubmit would stop at them).
        clearErrors();
        void handleSubmit(submit)(e);
      }} onDone={onDone} onDelete={onDelete}>
      <label className="inline">
        <input type="checkbox" checked={values.allDay} onChange={(e) => changeAllDay(e.target.checked)} />
        All day
      </label>
      <TimeFields start={values.start} end={values.end} allDay={values.allDay} errors={shownErrors} onStart={changeStart}
        onEnd={(end) => setValue('end', end, dirty)} />
      <ReminderField allDay={values.allDay} error={error('reminder')} select={<select {...register('reminder')} />} />
      <Field label="Location" error={error('location')}>
        <input {...register('location')} maxLength={calendarLimits.locationMax} />
      </Field>
      <AddressField label="Address" value={values.address} onChange={(address) => setValue('address', address, dirty)} error={error('address')}
        place={values.location} />
      <NotesField label="Description" error={error('description')} textarea={<textarea {...register('description')} />} />
      <Field label="Category" error={error('categoryId')}>
        <select {...register('categoryId')}>
          <option value="">{t.noCategory}</option>
          {(categories.data ?? []).map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
        </select>
      </Field>
      <AttendeesField members={members} value={values.attendeeIds} onChange={(ids) => setValue('attendeeIds', ids, dirty)} />
      {inSeries && (
        <fieldset className="row cal-scope">
          <legend>{t.editScope}</legend>
          <label className="inline">
            <input type="radio" value="single" {...register('scope')} />
            {t.editSingle}
          </label>
          <label className="inline">
            <input type="radio" value="series" {...register('scope')} />
            {t.editSeries}
          </label>
        </fieldset>
      )}
      {values.scope === 'series' && (
        <div className="cal-times">
          <Field label="Repeats" error={error('pattern')}>
            <select {...register('pattern')}>
              <option value="">{t.noRecurrence}</option>
              {recurringPatterns.map((p) => <option key={p} value={p}>{t.patterns[p]}</option>)}
            </select>
          </Field>
          {values.pattern && (
            <Field label="Repeat until" error={error('recurringEndDate')}>
              <input type="date" {...register('recurringEndDate')} />
            </Field>
          )}
        </div>
      )}
    </EventFormFrame>
  );
}
