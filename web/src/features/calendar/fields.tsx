import { cloneElement, useId, useState, type FormEvent, type ReactElement, type ReactNode } from 'react';
import { calendarLimits, EventInput, type CalendarEvent } from '@hearth/contract/calendar';
import type { FamilyMember } from '@hearth/contract/family';
import { errorMessage } from '../../shared/api/errors.ts';
import { ErrorBanner } from '../../shared/ui/Status.tsx';
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
  label: string; error?: string | undefined; children: ReactElement<{ 'aria-describedby'?: string; 'aria-invalid'?: boolean }>;
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

/** The state both forms keep: what every event has, the field errors, the save and its failure. */
export function useEventFields(event: CalendarEvent | null, times: { start: string; end: string }) {
  const [title, setTitle] = useState(event?.title ?? '');
  const [description, setDescription] = useState(event?.description ?? '');
  const [start, setStart] = useState(times.start);
  const [end, setEnd] = useState(times.end);
  const [attendeeIds, setAttendeeIds] = useState(event?.attendeeIds ?? []);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveEvent();

  /** Checks `checked` (the body as the form shows it), then saves `input`; `failed` is the text when saving fails. */
  const submit = async (input: SaveInput, checked: EventBody, failed: string, onDone: () => void) => {
    const invalid = validate(checked);
    setErrors(invalid ?? {});
    if (invalid) return;
    try {
      await save.mutateAsync(input);
      onDone();
    } catch (err) {
      setFailure(errorMessage(err, failed));
    }
  };
  return {
    title, setTitle, description, setDescription, start, setStart, end, setEnd, attendeeIds, setAttendeeIds,
    errors, failure, setFailure, saving: save.isPending, submit,
  };
}
export type EventFields = ReturnType<typeof useEventFields>;

/** The form around either middle: its failure, the fields (disabled for a read-only member) and the actions. */
export function EventFormFrame({ fields, event, canEdit, submitLabel, onSubmit, onDone, onDelete, children }: {
  fields: EventFields;
  event: CalendarEvent | null;
  canEdit: boolean;
  submitLabel: string;
  onSubmit: () => Promise<void>;
  onDone: () => void;
  onDelete: (event: CalendarEvent) => void;
  children: ReactNode;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void onSubmit();
  };
  return (
    <form className="stack cal-form" onSubmit={submit} noValidate>
      <ErrorBanner message={fields.failure} onDismiss={() => fields.setFailure(null)} />
      <fieldset className="stack cal-fields" disabled={!canEdit}>
        <Field label="Title" error={fields.errors.title}>
          <input value={fields.title} onChange={(e) => fields.setTitle(e.target.value)} maxLength={calendarLimits.titleMax}
            autoFocus={canEdit} />
        </Field>
        {children}
      </fieldset>
      <div className="row cal-actions">
        {canEdit && <button type="submit" disabled={fields.saving}>{event ? 'Save Changes' : submitLabel}</button>}
        <button type="button" className="secondary" onClick={onDone}>{canEdit ? 'Cancel' : 'Close'}</button>
        {canEdit && event && <button type="button" className="danger cal-delete" onClick={() => onDelete(event)}>Delete</button>}
      </div>
    </form>
  );
}

/** Start and end, as dates for an all-day event, else as date and time; `onStart` applies the form's end rule. */
export function TimeFields({ fields, allDay, onStart }: { fields: EventFields; allDay: boolean; onStart: (start: string) => void }) {
  const type = allDay ? 'date' : 'datetime-local';
  return (
    <div className="cal-times">
      <Field label="Start" error={fields.errors.startTime}>
        <input type={type} value={toInput(fields.start, allDay)} onChange={(e) => onStart(fromInput(e.target.value))} />
      </Field>
      <Field label="End" error={fields.errors.endTime}>
        <input type={type} value={toInput(fields.end, allDay)} onChange={(e) => fields.setEnd(fromInput(e.target.value))} />
      </Field>
    </div>
  );
}

/** A one-line text field of the form. */
export function TextField({ label, value, onChange, max, error }: {
  label: string; value: string; onChange: (value: string) => void; max: number; error?: string | undefined;
}) {
  return (
    <Field label={label} error={error}>
      <input value={value} onChange={(e) => onChange(e.target.value)} maxLength={max} />
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

/** The description (the meal form calls it Notes). */
export function NotesField({ label, fields }: { label: string; fields: EventFields }) {
  return (
    <Field label={label} error={fields.errors.description}>
      <textarea rows={3} value={fields.description} onChange={(e) => fields.setDescription(e.target.value)}
        maxLength={calendarLimits.descriptionMax} />
    </Field>
  );
}

export function AttendeesField({ members, fields }: { members: FamilyMember[]; fields: EventFields }) {
  const value = fields.attendeeIds;
  return (
    <fieldset className="cal-attendees">
      <legend>{t.attendeesLabel}</legend>
      {members.map((m) => (
        <label key={m.id} className="inline chip-choice">
          <input type="checkbox" checked={value.includes(m.id)}
            onChange={(e) => fields.setAttendeeIds(e.target.checked ? [...value, m.id] : value.filter((id) => id !== m.id))} />
          <span className="member-dot" style={{ background: m.color }} aria-hidden="true" />
          {m.name}
        </label>
      ))}
    </fieldset>
  );
}
