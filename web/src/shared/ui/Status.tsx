import type { ReactNode } from 'react';

export function Loading({ text = 'Loading...' }: { text?: string }) {
  return (
    <div className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}

/** A red banner; dismissible when `onDismiss` is given. */
export function ErrorBanner({ message, onDismiss }: { message: string | null | undefined; onDismiss?: () => void }) {
  if (!message) return null;
  return (
    <div className="banner error" role="alert">
      <span>{message}</span>
      {onDismiss && <button type="button" aria-label="Dismiss" onClick={onDismiss}>×</button>}
    </div>
  );
}

export function Notice({ kind = 'info', children }: { kind?: 'info' | 'success'; children: ReactNode }) {
  return <div className={`banner ${kind}`} role="status">{children}</div>;
}
