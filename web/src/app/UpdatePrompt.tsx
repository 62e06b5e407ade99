import { useRegisterSW } from 'virtual:pwa-register/react';

/**
 * Registers the service worker (the offline app shell). A new version waits until the person chooses to
 * reload, so a page never runs half old, half new code.
 */
export function UpdatePrompt() {
  const { needRefresh: [needRefresh], updateServiceWorker } = useRegisterSW();
  if (!needRefresh) return null;
  return (
    <div className="update-prompt" role="status">
      <span>New version available</span>
      <button type="button" onClick={() => void updateServiceWorker(true)}>Reload</button>
    </div>
  );
}
