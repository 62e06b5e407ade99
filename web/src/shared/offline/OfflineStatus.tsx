import { useEffect, useState } from 'react';
import { useOnline } from './online.ts';
import { dismissNotice, useNotices, useWaitingChanges } from './queue.ts';

export const offlineTexts = {
  offline: 'Offline — changes will sync when you\'re back online',
  waiting: (n: number) => (n === 1 ? '1 change waiting' : `${n} changes waiting`),
  synced: 'Synced',
};
const syncedShownMs = 3000;

/**
 * The signed-in frame's word on the network: offline, how many changes wait, a quiet "Synced" once changes that
 * waited have all been sent, and notices about queued changes the server dropped.
 */
export function OfflineStatus() {
  const online = useOnline();
  const waiting = useWaitingChanges();
  const notices = useNotices();
  // Changes that had to wait (offline, or restored after a reload) earn a "Synced"; everyday saves do not.
  const [held, setHeld] = useState(false);
  const [synced, setSynced] = useState(false);
  if (waiting > 0 && !online && !held) setHeld(true);
  if (held && online && waiting === 0) {
    setHeld(false);
    setSynced(true);
  }
  useEffect(() => {
    if (!synced) return;
    const timer = setTimeout(() => setSynced(false), syncedShownMs);
    return () => clearTimeout(timer);
  }, [synced]);

  return (
    <div className="offline-status" role="status">
      {!online && <p className="offline-banner">{offlineTexts.offline}</p>}
      {waiting > 0 && (held || !online) && <p className="offline-waiting">{offlineTexts.waiting(waiting)}</p>}
      {synced && <p className="offline-synced">{offlineTexts.synced}</p>}
      {notices.map((n) => (
        <p key={n} className="offline-notice">
          {n} <button type="button" className="link" onClick={() => dismissNotice(n)}>Dismiss</button>
        </p>
      ))}
    </div>
  );
}
