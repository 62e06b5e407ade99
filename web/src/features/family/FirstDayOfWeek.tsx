import { weekdayNames, type FamilySettings } from '@hearth/contract/family';
import { reasonOf, useSetFirstDayOfWeek } from './queries.ts';
import { familyMessages as msg } from './texts.ts';

/**
 * The day the family's weeks start on, in the calendar, the week planner and the chore chart; an admin changes it, it
 * saves at once, like the timezone beside it.
 */
export function FirstDayOfWeek({ settings, isAdmin, onError }: {
  settings: FamilySettings; isAdmin: boolean; onError: (message: string | null) => void;
}) {
  const set = useSetFirstDayOfWeek();
  const change = (day: number) => {
    onError(null);
    set.mutate(day, { onError: (error) => onError(msg.updateFirstDayOfWeekError(reasonOf(error))) });
  };
  return (
    <label className="timezone-label">
      {msg.firstDayOfWeekLabel}
      <select value={settings.firstDayOfWeek} disabled={!isAdmin || set.isPending}
        onChange={(e) => change(Number(e.target.value))}>
        {weekdayNames.map((name, day) => <option key={name} value={day}>{name}</option>)}
      </select>
    </label>
  );
}
