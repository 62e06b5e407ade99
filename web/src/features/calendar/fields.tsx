import { cloneElement, useId, type ReactElement } from 'react';
import { EventInput } from '@hearth/contract/calendar';
import type { FamilyMember } from '@hearth/contract/family';
import type { EventBody } from './queries.ts';
import { calendarTexts as t } from './texts.ts';

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
  label: string; error?: string; children: ReactElement<{ 'aria-describedby'?: string; 'aria-invalid'?: boolean }>;
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
