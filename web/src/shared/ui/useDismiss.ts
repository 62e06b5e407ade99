import { useEffect, type RefObject } from 'react';

/**
 * While `open`, a press outside `panel` or Escape calls `close`; Escape also gives focus back to `opener`, the button
 * that opened the panel, not to the page's body. For the top bar's menu and notification panel.
 */
export function useDismiss(open: boolean, close: () => void, panel: RefObject<HTMLElement | null>,
  opener: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (!open) return;
    const onEvent = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent) {
        if (e.key !== 'Escape') return;
        close();
        opener.current?.focus();
      } else if (!panel.current?.contains(e.target as Node)) {
        close();
      }
    };
    document.addEventListener('mousedown', onEvent);
    document.addEventListener('keydown', onEvent);
    return () => {
      document.removeEventListener('mousedown', onEvent);
      document.removeEventListener('keydown', onEvent);
    };
  }, [open, close, panel, opener]);
}
