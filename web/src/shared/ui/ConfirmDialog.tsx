import { useCallback, useState } from 'react';
import { Modal } from './Modal.tsx';

/**
 * The one confirmation style: a styled dialog instead of the browser's confirm box. Escape, the backdrop and
 * Cancel all answer no; focus returns to where it was (the native <dialog> does that).
 */
export function ConfirmDialog({ open, title, message, confirmLabel, onConfirm, onCancel, busy = false }: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}) {
  return (
    <Modal title={title} open={open} onClose={onCancel}>
      <p>{message}</p>
      <div className="row confirm-actions">
        <button type="button" className="secondary" onClick={onCancel}>Cancel</button>
        <button type="button" className="danger" disabled={busy} onClick={onConfirm}>{confirmLabel}</button>
      </div>
    </Modal>
  );
}

interface ConfirmRequest {
  title: string;
  message: string;
  confirmLabel: string;
}

/**
 * `confirm(...)` answers a promise of yes or no from a ConfirmDialog, so a handler reads like the browser's
 * confirm() did: `if (!(await confirm({...}))) return;`. Render `dialog` once in the component.
 */
export function useConfirm() {
  const [request, setRequest] = useState<(ConfirmRequest & { answer: (yes: boolean) => void }) | null>(null);
  const confirm = useCallback((ask: ConfirmRequest) => new Promise<boolean>((resolve) => {
    setRequest({ ...ask, answer: resolve });
  }), []);
  const settle = (yes: boolean) => {
    request?.answer(yes);
    setRequest(null);
  };
  const dialog = (
    <ConfirmDialog open={request !== null} title={request?.title ?? ''} message={request?.message ?? ''}
      confirmLabel={request?.confirmLabel ?? ''} onConfirm={() => settle(true)} onCancel={() => settle(false)} />
  );
  return { confirm, dialog };
}
