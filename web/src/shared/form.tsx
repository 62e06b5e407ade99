import type { FieldError as Failure, FieldErrors, FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ErrorBanner } from './ui/Status.tsx';

/**
 * The one way a form shows what is wrong (react-hook-form, the schema's messages being the spec's texts):
 * a field's own error under it (`FieldError`, with `invalidIf` on the input), a failed submit in the form's banner
 * (`failSubmit` then `SubmitError`). react-hook-form empties the banner when the form is submitted again.
 */

/** Every message of a field's error: all the rules it broke when the form collects them (criteriaMode 'all'). */
export function messagesOf(error: Failure | undefined): string[] {
  if (!error) return [];
  const all = Object.values(error.types ?? {}).flat().filter((m): m is string => typeof m === 'string' && m !== '');
  if (all.length > 0) return [...new Set(all)];
  return error.message ? [error.message] : [];
}

/** `aria-invalid` for an input: present only while its field has an error. */
export const invalidIf = (error: Failure | undefined) => (error ? true : undefined);

/**
 * The spec's text under a field; a list when it broke several rules. `alert` announces it at once (a field that is
 * checked only on submit, in a dialog where the eye is elsewhere).
 */
export function FieldError({ error, alert = false }: { error: Failure | undefined; alert?: boolean }) {
  const messages = messagesOf(error);
  const role = alert ? 'alert' : undefined;
  if (messages.length === 0) return null;
  if (messages.length === 1) return <span className="field-error" role={role}>{messages[0]}</span>;
  return <ul className="errors field-error" role={role}>{messages.map((m) => <li key={m}>{m}</li>)}</ul>;
}

/**
 * A text field that must not be blank: its value reaches the submit trimmed, and spaces alone stop the submit without
 * a message (one-field forms whose button is the only way on). `register(name, filled)`.
 */
export const filled = { setValueAs: (value: string) => value.trim(), validate: (value: string) => value !== '' };

/** A field the server refused, with every reason it gave (a password's broken rules), shown by its `FieldError`. */
export function failField<T extends FieldValues>(setError: UseFormSetError<T>, name: FieldPath<T>, messages: string[]): void {
  setError(name, { type: 'server', message: messages[0], types: { server: messages } });
}

const submitKey = 'root.server';

/** A failed submit: the spec's text (or the server's reason), shown by `SubmitError` until the next submit. */
export function failSubmit<T extends FieldValues>(setError: UseFormSetError<T>, message: string): void {
  setError(submitKey, { type: 'server', message });
}

/** The message `failSubmit` left, if any. */
export const submitErrorOf = (errors: FieldErrors): string | undefined => errors.root?.server?.message;

/** The form's banner for a failed submit; `onDismiss` (clearErrors('root.server')) makes it closable. */
export function SubmitError({ errors, onDismiss }: { errors: FieldErrors; onDismiss?: () => void }) {
  return <ErrorBanner message={submitErrorOf(errors)} onDismiss={onDismiss} />;
}
