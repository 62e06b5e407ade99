import type { FamilySettings } from '@hearth/contract/family';
import { reminderChoices, reminderLabels, reminderMessages, reminderOf, reminderText } from '@hearth/contract/reminders';
import { reasonOf, useSetDefaultReminder } from './queries.ts';
import { familyMessages as msg } from './texts.ts';

/**
 * The reminder new events start with (issue 50), beside the timezone; an admin changes it, it saves at once (the
 * timezone's "Admin only" says so for both).
 */
export function DefaultReminder({ settings, isAdmin, onError }: {
  settings: FamilySettings; isAdmin: boolean; onError: (message: string | null) => void;
}) {
  const set = useSetDefaultReminder();
  const change = (value: string) => {
    onError(null);
    set.mutate(reminderOf(value),
      { onError: (error) => onError(msg.updateDefaultReminderError(reasonOf(error))) });
  };
  return (
    <label className="timezone-label">
      {reminderMessages.defaultLabel}
      <select aria-label={reminderMessages.defaultLabel}
        value={reminderText(settings.defaultReminderMinutes)}
        disabled={!isAdmin || set.isPending} onChange={(e) => change(e.target.value)}>
        <option value="">{reminderMessages.none}</option>
        {reminderChoices.map((m) => <option key={m} value={String(m)}>{reminderLabels[m]}</option>)}
      </select>
    </label>
  );
}
