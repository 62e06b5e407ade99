import { useEffect, useRef, type ReactNode } from 'react';
import { claimHistoryEntry } from './dialogHistory.ts';

/**
 * A modal on the native <dialog>: focus trapping, Escape and the backdrop come from the browser. While open it
 * owns a history entry, so browser back closes it instead of leaving the page. A control marked `data-autofocus`
 * takes the focus when it opens.
 */
export function Modal({ title, open, onClose, children }: {
  title: string; open: boolean; onClose: () => void; children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const latestOnClose = useRef(onClose);
  useEffect(() => { latestOnClose.current = onClose; });
  useEffect(() => {
    if (!open) return undefined;
    return claimHistoryEntry(() => latestOnClose.current());
  }, [open]);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // React's autoFocus runs before the dialog opens, when nothing in it can take focus.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="modal" aria-label={title}
      // Escape closes through the app's state at once: the browser's own close is reported a task later, and an
      // Enter on the opening button in between would have reopened nothing.
      onCancel={(e) => { if (e.target === ref.current) { e.preventDefault(); onClose(); } }}
      // A dialog opened inside this one (a confirmation) closes too: React passes its close event up the tree.
      onClose={(e) => { if (e.target === ref.current) onClose(); }}
      onClick={(e) => { if (e.target === ref.current) onClose(); }}>
      {open && (
        <div className="modal-body">
          <div className="spread modal-head">
            <h2>{title}</h2>
            <button type="button" className="icon" aria-label="Close" onClick={onClose}>✕</button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}
