import {
  cloneElement, useId, type AriaAttributes, type FormEvent, type InputHTMLAttributes, type ReactElement, type ReactNode,
  type SelectHTMLAttributes, type TextareaHTMLAttributes,
} from 'react';
import { calendarLimits, EventInput, type CalendarEvent } from '@hearth/contract/calendar';
import type { FamilyMember } from '@hearth/contract/family';
import {
  allDayReminderLabels, reminderChoices, reminderLabels, reminderMessages,
} from '@hearth/contract/reminders';
import type { FieldErrors as FormErrors, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorMessage } from '../../shared/api/errors.ts';
import { failSubmit, SubmitError } from '../../shared/form.tsx';
import { fromInput, toInput } from './dates.ts';
import { PlaceField } from './PlaceField.tsx';
import { useSaveEvent, type EventBody, type SaveInput } from './queries.ts';
import { calendarTexts as t } from './texts.ts';

/*
 * The event form and the meal form are one form with different middles: the state, fields and actions they share
 * live here once.
 */

export type FieldErrors = Partial<Record<string, string>>;

/** Checks the payload with the contract's own rules, so the form shows the server's messages before sending. */
export function validate(body: EventBody): FieldErrors | null {
  const result = EventInput.safeParse(body);
  if (result.success) return null;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** A labelled control; its error sits outside the label (so the label stays the control's name) and describes it. */
export function Field({ label, error, children }: {
  label: string; error?: string | undefined; children: ReactElement<Pick<AriaAttributes, 'aria-describedby' | 'aria-invalid'>>;
}) {
  const errorId = useId();
  return (
    <div className="cal-field">
      <label>
        {label}
        {cloneElement(children, error ? { 'aria-describedby': errorId, 'aria-invalid': true } : {})}
      </label>
      {error && <span id={errorId} className="field-error" role="alert">{error}</span>}
    </div>
  );
}

/**
 * The save both forms make: checks the payload with the contract first (its messages go on the form's fields,
 * `fieldOf` naming the form's field for a contract's field), and puts a failed save in the form's banner.
 */
export function useEventSave<T extends FieldValues>(setError: UseFormSetError<T>, fieldOf: Partial<Record<string, Path<T>>>) {
  const save = useSaveEvent();
  /** Checks `checked` (the body as the form shows it), then saves `input`; `failed` is the text when saving fails. */
  const submit = async (input: SaveInput, checked: EventBody, failed: string, onDone: () => void) => {
    const invalid = validate(checked);
    if (invalid) {
      for (const [field, message] of Object.entries(invalid)) setError(fieldOf[field] ?? (field as Path<T>), { message });
      return;
    }
    try {
      await save.mutateAsync(input);
      onDone();
    } catch (err) {
      failSubmit(setError, errorMessage(err, failed));
    }
  };
  return { saving: save.isPending, submit };
}

/** The form around either middle: its failure, the title and fields (disabled for a read-only member) and the actions. */
export function EventFormFrame({ title, titleError, errors, onDismissFailure, saving, event, canEdit, submitLabel, onSubmit, onDone,
  onDelete, children }: {
  /** The title's input: the form's own control. */
  title: ReactElement<InputHTMLAttributes<HTMLInputElement>>;
  titleError: string | undefined;
  /** The form's errors: a failed save shows in its banner. */
  errors: FormErrors;
  onDismissFailure: () => void;
  saving: boolean;
  event: CalendarEvent | null;
  canEdit: boolean;
  submitLabel: string;
  onSubmit: (e: FormEvent) => void;
  onDone: () => void;
  onDelete: (event: CalendarEvent) => void;
  children: ReactNode;
}) {
  return (
    <form className="stack cal-form" onSubmit={onSubmit} noValidate>
      <SubmitError errors={errors} onDismiss={onDismissFailure} />
      <fieldset className="stack cal-fields" disabled={!canEdit}>
        <Field label="Title" error={titleError}>
          {cloneElement(title, { maxLength: calendarLimits.titleMax, autoFocus: canEdit })}
        </Field>
        {children}
      </fieldset>
      <div className="row cal-actions">
        {canEdit && <button type="submit" disabled={saving}>{event ? 'Save Changes' : submitLabel}</button>}
        <button type="button" className="secondary" onClick={onDone}>{canEdit ? 'Cancel' : 'Close'}</button>
        {canEdit && event && <button type="button" className="danger cal-delete" onClick={() => onDelete(event)}>Delete</button>}
      </div>
    </form>
  );
}

/** Start and end, as dates for an all-day event, else as date and time; `onStart` applies the form's end rule. */
export function TimeFields({ start, end, allDay, errors, onStart, onEnd }: {
  start: string; end: string; allDay: boolean; errors: FieldErrors; onStart: (start: string) => void; onEnd: (end: string) => void;
}) {
  const type = allDay ? 'date' : 'datetime-local';
  return (
    <div className="cal-times">
      <Field label="Start" error={errors.startTime}>
        <input type={type} value={toInput(start, allDay)} onChange={(e) => onStart(fromInput(e.target.value))} />
      </Field>
      <Field label="End" error={errors.endTime}>
        <input type={type} value={toInput(end, allDay)} onChange={(e) => onEnd(fromInput(e.target.value))} />
      </Field>
    </div>
  );
}

/**
 * When attendees are reminded: the choices, or what they mean for an all-day event (08:00 on the day or the day
 * before). `select`: the form's own control, a select whose value is the minutes as text ('' for none).
 */
export function ReminderField({ allDay, error, select }: {
  allDay: boolean; error?: string | undefined; select: ReactElement<SelectHTMLAttributes<HTMLSelectElement>>;
}) {
  const labels = allDay ? allDayReminderLabels : reminderLabels;
  // An all-day event offers its two times once each: any choice under a day means 08:00 on the day.
  const choices = allDay ? reminderChoices.filter((m) => m === 0 || m === 1440) : reminderChoices;
  return (
    <Field label={reminderMessages.label} error={error}>
      {/* Named by its label alone: a select's label would otherwise read its options too ("At start"). */}
      {cloneElement(select, { 'aria-label': reminderMessages.label }, <>
        <option value="">{reminderMessages.none}</option>
        {choices.map((m) => <option key={m} value={String(m)}>{labels[m]}</option>)}
      </>)}
    </Field>
  );
}

/** An address (the event's, or the restaurant's), with a link to it on a map once there is one. */
export function AddressField({ label, value, onChange, error, place }: {
  label: string; value: string; onChange: (value: string) => void; error?: string | undefined; place: string;
}) {
  const shown = value.trim() || place.trim();
  return (
    <div className="stack cal-address">
      <PlaceField label={label} kind="address" value={value} maxLength={calendarLimits.addressMax} error={error}
        onChange={onChange} onChoose={(s) => onChange(s.address.slice(0, calendarLimits.addressMax))} />
      {shown && (
        <a className="cal-map" href={mapsLink(shown)} target="_blank" rel="noopener noreferrer">{t.mapsLink(place.trim() || shown)}</a>
      )}
    </div>
  );
}

export const mapsLink = (place: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`;

/** The description (the meal form calls it Notes); `textarea`: the form's own control. */
export function NotesField({ label, error, textarea }: {
  label: string; error?: string | undefined; textarea: ReactElement<TextareaHTMLAttributes<HTMLTextAreaElement>>;
}) {
  return (
    <Field label={label} error={error}>
      {cloneElement(textarea, { rows: 3, maxLength: calendarLimits.descriptionMax })}
    </Field>
  );
}

export function AttendeesField({ members, value, onChange }: {
  members: FamilyMember[]; value: string[]; onChange: (ids: string[]) => void;
}) {
  return (
    <fieldset className="cal-attendees">
      <legend>{t.attendeesLabel}</legend>
      {members.map((m) => (
        <label key={m.id} className="inline chip-choice">
          <input type="checkbox" checked={value.includes(m.id)}
            onChange={(e) => onChange(e.target.checked ? [...value, m.id] : value.filter((id) => id !== m.id))} />
          <span className="member-dot" style={{ background: m.color }} aria-hidden="true" />
          {m.name}
        </label>
      ))}
    </fieldset>
  );
}
