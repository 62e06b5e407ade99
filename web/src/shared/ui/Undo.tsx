import { useCallback, useEffect, useRef, useState } from 'react';

export const undoMs = 5000;

interface Offer {
  id: number;
  message: string;
  undo: () => void;
  /** Runs when the offer ends without an undo (time up, replaced, or the page left): the change is made for good. */
  commit?: () => void;
}

/**
 * One "Undo" snackbar at a time, for 5 seconds. An offer's `commit` runs when it ends unused, so a delete can wait
 * for it; a newer offer ends the older one, and leaving the page commits what is still waiting.
 */
export function useUndo() {
  const [offer, setOffer] = useState<Offer | null>(null);
  const current = useRef<Offer | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const next = useRef(0);

  const end = useCallback((undone: boolean) => {
    clearTimeout(timer.current);
    const ending = current.current;
    current.current = null;
    setOffer(null);
    if (!ending) return;
    if (undone) ending.undo();
    else ending.commit?.();
  }, []);

  const offerUndo = useCallback((message: string, undo: () => void, commit?: () => void) => {
    end(false);
    const made: Offer = { id: ++next.current, message, undo, ...(commit ? { commit } : {}) };
    current.current = made;
    setOffer(made);
    timer.current = setTimeout(() => end(false), undoMs);
  }, [end]);

  useEffect(() => () => end(false), [end]);

  const snackbar = offer && (
    <div className="snackbar" role="status" key={offer.id}>
      <span>{offer.message}</span>
      <button type="button" className="link" onClick={() => end(true)}>Undo</button>
    </div>
  );
  return { offerUndo, snackbar };
}

/**
 * Removals (a delete, an archive) that wait out their undo hidden: `removeLater` hides the id at once and calls
 * `send` only when the offer ends unused; `send` gets `settled` to show the id again once the server has answered.
 */
export function useRemovalWithUndo(offerUndo: ReturnType<typeof useUndo>['offerUndo']) {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const removeLater = (id: string, message: string, send: (settled: () => void) => void) => {
    const show = () => setHidden((h) => new Set([...h].filter((x) => x !== id)));
    setHidden((h) => new Set(h).add(id));
    offerUndo(message, show, () => send(show));
  };
  return { hidden, removeLater };
}
