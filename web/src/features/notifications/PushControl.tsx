import { useEffect, useState } from 'react';
import * as api from '@hearth/contract/notifications';
import { call } from '../../shared/api/client.ts';
import { ErrorBanner, Notice } from '../../shared/ui/Status.tsx';
import { currentSubscription, pushSupported, stopPushOnThisDevice } from './device.ts';
import { notificationTexts as t } from './texts.ts';


/** A VAPID public key (base64url) as subscribe() takes it. */
function keyBytes(key: string): Uint8Array<ArrayBuffer> {
  const raw = atob(key.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (key.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/** "Enable notifications on this device": asks the browser's permission only when pressed. */
export function PushControl() {
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [denied, setDenied] = useState(pushSupported() && Notification.permission === 'denied');

  useEffect(() => {
    if (!pushSupported()) return;
    void currentSubscription().then((s) => setOn(s !== null), () => setOn(false));
  }, []);

  if (!pushSupported()) {
    return <div className="stack"><p>{t.unsupported}</p><p className="muted">{t.ios}</p></div>;
  }

  const enable = async () => {
    setBusy(true);
    setError(null);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setDenied(permission === 'denied');
        return;
      }
      const registration = await navigator.serviceWorker.ready;
      const { publicKey } = await call(api.pushKey);
      const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
      await call(api.subscribePush, { body: subscription.toJSON() as api.PushSubscriptionInput });
      setOn(true);
    } catch {
      setError(t.deviceFailed);
    } finally {
      setBusy(false);
    }
  };

  const disable = async () => {
    setBusy(true);
    setError(null);
    try {
      await stopPushOnThisDevice({ strict: true });
      setOn(false);
    } catch {
      setError(t.deviceFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="stack">
      <ErrorBanner message={error} onDismiss={() => setError(null)} />
      {denied && <p>{t.denied}</p>}
      {on && <Notice kind="success">{t.enabled}</Notice>}
      {on === false && !denied && <button type="button" disabled={busy} onClick={() => void enable()}>{t.enable}</button>}
      {on && <button type="button" className="secondary" disabled={busy} onClick={() => void disable()}>{t.disable}</button>}
      <p className="muted">{t.ios}</p>
    </div>
  );
}
