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
