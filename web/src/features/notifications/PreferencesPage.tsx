import { useEffect, useState } from 'react';
import { notificationKinds, type NotificationKind, type NotificationPreferences } from '@hearth/contract/notifications';
import { ApiError } from '../../shared/api/client.ts';
import { ErrorBanner, Loading, Notice } from '../../shared/ui/Status.tsx';
import { useCurrentUser } from '../../shared/useCurrentUser.ts';
import { useTitle } from '../../shared/useTitle.ts';
import { useLists } from '../grocery/queries.ts';
import { PushControl } from './PushControl.tsx';
import { usePreferences, useSavePreferences } from './queries.ts';
import { notificationKindLabels, notificationTexts as t } from './texts.ts';
import './notifications.css';

/** /notifications/settings: which kinds, muted lists, quiet hours, and this device's push. */
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

function Form({ saved, timezone }: { saved: NotificationPreferences; timezone: string }) {
  const [draft, setDraft] = useState(saved);
  const [done, setDone] = useState(false);
  const save = useSavePreferences();
  const me = useCurrentUser();
  const lists = useLists(me.data?.familyId ?? '');
  useEffect(() => setDraft(saved), [saved]);

  const toggleKind = (kind: NotificationKind, told: boolean) => {
    setDone(false);
    setDraft({ ...draft, mutedKinds: told ? draft.mutedKinds.filter((k) => k !== kind) : [...draft.mutedKinds, kind] });
  };
  const listName = (id: string) => lists.data?.find((l) => l.id === id)?.title ?? '…';
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    save.mutate(draft, { onSuccess: () => setDone(true) });
  };

  return (
    <form className="card stack" onSubmit={submit}>
      <fieldset>
        <legend>{t.kindsHeading}</legend>
        {notificationKinds.map((kind) => (
          <label key={kind} className="check">
            <input type="checkbox" checked={!draft.mutedKinds.includes(kind)} onChange={(e) => toggleKind(kind, e.target.checked)} />
            {notificationKindLabels[kind]}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>{t.quietHeading}</legend>
        <label className="check">
          <input type="checkbox" checked={draft.quietHours !== null}
            onChange={(e) => { setDone(false); setDraft({ ...draft, quietHours: e.target.checked ? { start: '22:00', end: '07:00' } : null }); }} />
          {t.quietOn}
        </label>
        {draft.quietHours && (
          <div className="times">
            <label>{t.quietFrom} <input type="time" required value={draft.quietHours.start}
              onChange={(e) => setDraft({ ...draft, quietHours: { ...draft.quietHours!, start: e.target.value } })} /></label>
            <label>{t.quietUntil} <input type="time" required value={draft.quietHours.end}
              onChange={(e) => setDraft({ ...draft, quietHours: { ...draft.quietHours!, end: e.target.value } })} /></label>
          </div>
        )}
        <p className="muted">{t.quietZone(timezone)}</p>
      </fieldset>
      <fieldset>
        <legend>{t.mutedHeading}</legend>
        {draft.mutedListIds.length === 0 && <p className="muted">{t.mutedNone}</p>}
        {draft.mutedListIds.map((id) => (
          <div key={id} className="spread">
            <span>{listName(id)}</span>
            <button type="button" className="secondary" aria-label={`${t.unmute} ${listName(id)}`}
              onClick={() => setDraft({ ...draft, mutedListIds: draft.mutedListIds.filter((x) => x !== id) })}>{t.unmute}</button>
          </div>
        ))}
      </fieldset>
      <ErrorBanner message={save.isError ? (save.error instanceof ApiError ? save.error.message : t.saveFailed) : null} />
      {done && <Notice kind="success">{t.saved}</Notice>}
      <div><button type="submit" disabled={save.isPending}>{t.save}</button></div>
    </form>
  );
}
