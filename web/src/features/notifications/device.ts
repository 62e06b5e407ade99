import * as api from '@hearth/contract/notifications';
import { call } from '../../shared/api/client.ts';

/** Whether this browser can take Web Push at all. */
export const pushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** This device's push subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Stops Web Push on this device: the server forgets it, then the browser drops it. On sign-out, the server call may
 * fail (offline): the browser's unsubscribe still happens, so the push service answers the next push with 410 and
 * the server removes it then.
 */
export async function stopPushOnThisDevice(options: { strict: boolean }): Promise<void> {
  if (!pushSupported()) return;
  const subscription = await currentSubscription();
  if (!subscription) return;
  const told = call(api.unsubscribePush, { body: { endpoint: subscription.endpoint } });
  if (options.strict) await told;
  else await told.catch(() => undefined);
  await subscription.unsubscribe();
}
