import { useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';

const isOnline = () => onlineManager.isOnline();
const subscribe = (listener: () => void) => onlineManager.subscribe(listener);

/** Whether the app has a network, as the query client sees it (queries and queued changes wait without one). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline);
}
