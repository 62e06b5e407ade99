import type { ReactNode } from 'react';

export function Loading({ text = 'Loading...' }: { text?: string }) {
  return (
    <div className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}

/** The one red banner for failures: nothing when there is no message; dismissible when `onDismiss` is given. */
export function ErrorBanner({ message, onDismiss }: { message: ReactNode; onDismiss?: () => void }) {
  if (!message) return null;
  return (
    <div className="banner error" role="alert">
      <div>{message}</div>
      {onDismiss && <button type="button" aria-label="Dismiss" onClick={onDismiss}>×</button>}
    </div>
  );
}

/** One block of text: the banner lays out as a row, which would space a sentence's text and links apart. */
export function Notice({ kind = 'info', children }: { kind?: 'info' | 'success'; children: ReactNode }) {
  return <div className={`banner ${kind}`} role="status"><div>{children}</div></div>;
}
