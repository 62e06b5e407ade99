import { useSyncExternalStore } from 'react';

/** Phone widths: the calendar shows its phone layouts (the week list first, the month as dots with the day's list). */
const query = '(max-width: 640px)';

export const isPhone = () => window.matchMedia(query).matches;

const subscribe = (onChange: () => void) => {
  const media = window.matchMedia(query);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
};

/** Whether the window is phone-wide now, following rotations and resizes. */
export const usePhone = () => useSyncExternalStore(subscribe, isPhone);
