import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { FamilyMember } from '@hearth/contract/family';
import { todoLimits, weekdayNames, type RepeatFrequency, type TodoTask } from '@hearth/contract/todos';
import { FieldError, invalidIf } from '../../shared/form.tsx';
import { monthlyWeekdayText } from './dates.ts';
import { todoTexts as t } from './texts.ts';
import type { TaskInput } from './writes.ts';

interface Values {
  title: string;
  notes: string;
  assigneeId: string;
  dueDate: string;
  dueTime: string;
  repeat: '' | RepeatFrequency;
  interval: string;
  weekdays: string[];
  monthlyBy: 'DAY_OF_MONTH' | 'WEEKDAY_OF_MONTH';
  chore: boolean;
  stars: string;
}

const repeatChoices: { value: Values['repeat']; label: string }[] = [
  { value: '', label: 'Does not repeat' },
  { value: 'DAILY', label: 'Daily' },
  { value: 'WEEKDAYS', label: 'Every weekday (Mon–Fri)' },
  { value: 'WEEKLY', label: 'Weekly' },
  { value: 'MONTHLY', label: 'Monthly' },
  { value: 'YEARLY', label: 'Yearly' },
];
const intervalUnit: Partial<Record<RepeatFrequency, string>> = { DAILY: 'days', WEEKLY: 'weeks', MONTHLY: 'months', YEARLY: 'years' };

const valuesOf = (task: TodoTask | null): Values => ({
  title: task?.title ?? '',
  notes: task?.notes ?? '',
  assigneeId: task?.assigneeId ?? '',
  dueDate: task?.dueDate ?? '',
  dueTime: task?.dueTime ?? '',
  repeat: task?.repeat?.frequency ?? '',
  interval: String(task?.repeat?.interval ?? 1),
  weekdays: (task?.repeat?.weekdays ?? []).map(String),
  monthlyBy: task?.repeat?.monthlyBy ?? 'DAY_OF_MONTH',
  chore: task?.stars != null,
  stars: String(task?.stars ?? 1),
});

function inputOf(v: Values): TaskInput {
  const frequency = v.repeat || null;
  return {
    title: v.title.trim(),
    notes: v.notes.trim() || null,
    assigneeId: v.assigneeId || null,
    dueDate: v.dueDate || null,
    dueTime: v.dueDate && v.dueTime ? v.dueTime : null,
    repeat: frequency && {
      frequency,
      interval: intervalUnit[frequency] ? Number(v.interval) : 1,
      weekdays: frequency === 'WEEKLY' && v.weekdays.length > 0 ? v.weekdays.map(Number).sort() : undefined,
      ...(frequency === 'MONTHLY' ? { monthlyBy: v.monthlyBy } : {}),
    },
    stars: v.chore ? Number(v.stars) : null,
  };
}

const wholeIn = (min: number, max: number, message: string) => (value: string) =>
  (/^\d+$/.test(value) && Number(value) >= min && Number(value) <= max) || message;

/**
 * A task's fields: the title alone for a quick add, the rest behind "Details" (always open when editing). The rules
 * are the contract's, with its messages; the server checks them again.
 */
export function TaskForm({ task = null, members, onSubmit, onCancel }: {
  task?: TodoTask | null;
  members: FamilyMember[];
  onSubmit: (input: TaskInput) => void;
  onCancel?: () => void;
}) {
  const editing = task !== null;
  const [details, setDetails] = useState(editing);
  const { register, handleSubmit, reset, watch, formState: { errors } } = useForm<Values>({
    defaultValues: valuesOf(task), criteriaMode: 'all',
  });
  const [repeat, dueDate, chore] = watch(['repeat', 'dueDate', 'chore']);
  const submit = (values: Values) => {
    onSubmit(inputOf(values));
    if (!editing) reset({ ...valuesOf(null), assigneeId: values.assigneeId });
  };
  const id = editing ? `task-${task.id}` : 'new-task';

  return (
    <form className={editing ? 'stack' : 'card stack add-task'} onSubmit={handleSubmit(submit)} aria-label={editing ? t.editTask : t.addTask} noValidate>
      <div className="add-task-main">
        <label className="grow">
          <span className={editing ? undefined : 'sr-only'}>{t.title}</span>
          <input
            placeholder={t.titlePlaceholder} maxLength={todoLimits.titleMax} aria-invalid={invalidIf(errors.title)}
            {...register('title', { validate: (v) => v.trim() !== '' || t.titleRequired })}
          />
          <FieldError error={errors.title} />
        </label>
        {!editing && (
          <div className="row add-task-actions">
            <button type="button" className="secondary" aria-expanded={details} aria-controls={`${id}-details`} onClick={() => setDetails(!details)}>
              {details ? t.fewerDetails : t.moreDetails}
            </button>
            <button type="submit">{t.addTask}</button>
          </div>
        )}
      </div>
      {details && (
        <div id={`${id}-details`} className="task-details">
          <label>
            {t.assignee}
            <select {...register('assigneeId')}>
              <option value="">{t.nobody}</option>
              {members.map((m) => <option key={m.id} value={m.id}>{m.name}</option>)}
            </select>
          </label>
          <label>
            {t.dueDate}
            <input type="date" {...register('dueDate')} />
          </label>
          <label>
            {t.dueTime}
            <input
              type="time" aria-invalid={invalidIf(errors.dueTime)}
              {...register('dueTime', { validate: (v, all) => !v || all.dueDate !== '' || t.timeNeedsDate })}
            />
            <FieldError error={errors.dueTime} />
          </label>
          <label>
            {t.repeat}
            <select aria-invalid={invalidIf(errors.repeat)} {...register('repeat', { validate: (v, all) => !v || all.dueDate !== '' || t.repeatNeedsDate })}>
              {repeatChoices.map((c) => <option key={c.value} value={c.value}>{c.label}</option>)}
            </select>
            <FieldError error={errors.repeat} />
          </label>
          {repeat && intervalUnit[repeat] && (
            <label>
              {`${t.every} (${intervalUnit[repeat]})`}
              <input
                type="number" inputMode="numeric" min={1} max={todoLimits.intervalMax} aria-invalid={invalidIf(errors.interval)}
                {...register('interval', { validate: wholeIn(1, todoLimits.intervalMax, t.intervalInvalid) })}
              />
              <FieldError error={errors.interval} />
            </label>
          )}
          {repeat === 'WEEKLY' && (
            <fieldset className="weekdays">
              <legend>{t.onDays}</legend>
              {weekdayNames.map((name, day) => (
                <label key={name} className="inline">
                  <input type="checkbox" value={String(day)} {...register('weekdays')} />
                  {name.slice(0, 3)}
                </label>
              ))}
            </fieldset>
          )}
          {repeat === 'MONTHLY' && (
            <label>
              {t.monthlyBy}
              <select {...register('monthlyBy')}>
                <option value="DAY_OF_MONTH">{dueDate ? `Day ${Number(dueDate.slice(8, 10))}` : 'The same day of the month'}</option>
                <option value="WEEKDAY_OF_MONTH">{dueDate ? `The ${monthlyWeekdayText(dueDate)}` : 'The same weekday of the month'}</option>
              </select>
            </label>
          )}
          <label className="inline chore-toggle">
            <input type="checkbox" {...register('chore')} />
            {t.chore}
          </label>
          {chore && (
            <label>
              {t.stars}
              <input
                type="number" inputMode="numeric" min={todoLimits.starsMin} max={todoLimits.starsMax}
                aria-invalid={invalidIf(errors.stars)}
                {...register('stars', {
                  validate: {
                    range: wholeIn(todoLimits.starsMin, todoLimits.starsMax, t.starsInvalid),
                    assignee: (_, all) => all.assigneeId !== '' || t.choreNeedsAssignee,
                  },
                })}
              />
              <FieldError error={errors.stars} />
            </label>
          )}
          <label className="notes">
            {t.notes}
            <textarea rows={2} maxLength={todoLimits.notesMax} aria-invalid={invalidIf(errors.notes)}
              {...register('notes', { maxLength: { value: todoLimits.notesMax, message: t.notesTooLong } })} />
            <FieldError error={errors.notes} />
          </label>
        </div>
      )}
      {editing && (
        <div className="row">
          <button type="submit">{t.saveTask}</button>
          {onCancel && <button type="button" className="secondary" onClick={onCancel}>{t.cancel}</button>}
        </div>
      )}
    </form>
  );
}
