import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  digestTexts, notificationKinds, notificationMessages, timeOfDayPattern, type NotificationKind, type NotificationPreferences,
} from '@hearth/contract/notifications';
import { ApiError } from '../../shared/api/client.ts';
import { FieldError, invalidIf } from '../../shared/form.tsx';
import { ErrorBanner, Loading, Notice } from '../../shared/ui/Status.tsx';
import { useCurrentUser } from '../../shared/useCurrentUser.ts';
import { useTitle } from '../../shared/useTitle.ts';
import { useLists } from '../grocery/queries.ts';
import { PushControl } from './PushControl.tsx';
import { usePreferences, useSavePreferences } from './queries.ts';
import { notificationKindLabels, notificationTexts as t } from './texts.ts';
import './notifications.css';

/** /notifications/settings: which kinds, muted lists, quiet hours, the morning email, and this device's push. */
export function PreferencesPage() {
  useTitle(t.preferencesTitle);
  const prefs = usePreferences();
  return (
    <main className="page stack preferences">
      <h1>{t.preferencesTitle}</h1>
      {prefs.isPending && <Loading />}
      {prefs.isError && <ErrorBanner message={prefs.error instanceof ApiError ? prefs.error.message : t.saveFailed} />}
      {prefs.data && <Form saved={prefs.data} timezone={prefs.data.timezone} />}
      <section className="card stack" aria-labelledby="device-heading">
        <h2 id="device-heading">{t.deviceHeading}</h2>
        <PushControl />
      </section>
    </main>
  );
}

/** What the inputs hold; turned into the API's preferences on submit. */
const FormValues = z.object({
  told: z.record(z.enum(notificationKinds), z.boolean()),
  quiet: z.boolean(),
  start: z.string(),
  end: z.string(),
  mutedListIds: z.array(z.string()),
  digest: z.boolean(),
}).superRefine((v, ctx) => {
  if (!v.quiet) return;
  if (!timeOfDayPattern.test(v.start)) ctx.addIssue({ code: 'custom', path: ['start'], message: notificationMessages.timeInvalid });
  if (!timeOfDayPattern.test(v.end)) ctx.addIssue({ code: 'custom', path: ['end'], message: notificationMessages.timeInvalid });
  else if (v.start === v.end) ctx.addIssue({ code: 'custom', path: ['end'], message: notificationMessages.quietHoursBoth });
});
type FormValues = z.infer<typeof FormValues>;

const defaultQuiet = { start: '22:00', end: '07:00' };

function toFormValues(saved: NotificationPreferences): FormValues {
  return {
    told: Object.fromEntries(notificationKinds.map((k) => [k, !saved.mutedKinds.includes(k)])) as Record<NotificationKind, boolean>,
    quiet: saved.quietHours !== null,
    ...(saved.quietHours ?? defaultQuiet),
    mutedListIds: saved.mutedListIds,
    digest: saved.digest,
  };
}

function toPreferences(v: FormValues): NotificationPreferences {
  return {
    mutedKinds: notificationKinds.filter((k) => !v.told[k]),
    mutedListIds: v.mutedListIds,
    quietHours: v.quiet ? { start: v.start, end: v.end } : null,
    digest: v.digest,
  };
}

function Form({ saved, timezone }: { saved: NotificationPreferences; timezone: string }) {
  const save = useSavePreferences();
  const me = useCurrentUser();
  const lists = useLists(me.data?.familyId ?? '');
  const { register, handleSubmit, watch, setValue, reset, formState: { errors, isSubmitting, isDirty } } = useForm({
    resolver: zodResolver(FormValues),
    defaultValues: toFormValues(saved),
  });
  // The saved answer becomes the form's new starting point: "Saved." shows until the next change.
  useEffect(() => reset(toFormValues(saved)), [saved, reset]);
  const quiet = watch('quiet');
  const mutedListIds = watch('mutedListIds');

  const listName = (id: string) => lists.data?.find((l) => l.id === id)?.title ?? '…';
  const submit = async (values: FormValues) => {
    // A refusal shows from the mutation's error below the form.
    await save.mutateAsync(toPreferences(values)).catch(() => undefined);
  };

  return (
    <form className="card stack" onSubmit={handleSubmit(submit)} noValidate aria-label={t.preferencesTitle}>
      <fieldset>
        <legend>{t.kindsHeading}</legend>
        {notificationKinds.map((kind) => (
          <label key={kind} className="check">
            <input type="checkbox" {...register(`told.${kind}`)} />
            {notificationKindLabels[kind]}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>{t.quietHeading}</legend>
        <label className="check">
          <input type="checkbox" {...register('quiet')} />
          {t.quietOn}
        </label>
        {quiet && (
          <div className="times">
            <label>{t.quietFrom} <input type="time" required {...register('start')} aria-invalid={invalidIf(errors.start)} />
              <FieldError error={errors.start} /></label>
            <label>{t.quietUntil} <input type="time" required {...register('end')} aria-invalid={invalidIf(errors.end)} />
              <FieldError error={errors.end} /></label>
          </div>
        )}
        <p className="muted">{t.quietZone(timezone)}</p>
      </fieldset>
      <fieldset>
        <legend>{t.mutedHeading}</legend>
        {mutedListIds.length === 0 && <p className="muted">{t.mutedNone}</p>}
        {mutedListIds.map((id) => (
          <div key={id} className="spread">
            <span>{listName(id)}</span>
            <button type="button" className="secondary" aria-label={`${t.unmute} ${listName(id)}`}
              onClick={() => setValue('mutedListIds', mutedListIds.filter((x) => x !== id), { shouldDirty: true })}>{t.unmute}</button>
          </div>
        ))}
      </fieldset>
      <fieldset>
        <legend>{t.digestHeading}</legend>
        <label className="check">
          <input type="checkbox" {...register('digest')} />
          {digestTexts.label}
        </label>
        <p className="muted">{t.digestNote(timezone)}</p>
      </fieldset>
      <ErrorBanner message={save.isError ? (save.error instanceof ApiError ? save.error.message : t.saveFailed) : null} />
      {save.isSuccess && !isDirty && <Notice kind="success">{t.saved}</Notice>}
      <div><button type="submit" disabled={isSubmitting}>{t.save}</button></div>
    </form>
  );
}
