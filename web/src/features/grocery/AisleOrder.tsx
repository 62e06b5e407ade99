import { useState } from 'react';
import { groceryMessages as m } from './texts.ts';
import { ErrorBanner } from '../../shared/ui/Status.tsx';

/** Orders the family's aisles with up and down buttons (one tap each, thumb and keyboard alike). */
export function AisleOrder({ names, onSave, onCancel, failed }: {
  names: string[]; onSave: (order: string[]) => void; onCancel: () => void; failed: boolean;
}) {
  const [order, setOrder] = useState(names);
  const move = (from: number, to: number) => setOrder((o) => {
    const next = [...o];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    return next;
  });
  return (
    <div className="stack">
      <ol className="aisle-order" aria-label={m.arrangeAisles}>
        {order.map((name, i) => (
          <li key={name} className="row">
            <span className="aisle-name">{name}</span>
            <button type="button" className="icon" disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={m.moveUp(name)}>↑</button>
            <button type="button" className="icon" disabled={i === order.length - 1} onClick={() => move(i, i + 1)}
              aria-label={m.moveDown(name)}>↓</button>
          </li>
        ))}
      </ol>
      <ErrorBanner message={failed ? m.saveAislesFailed : null} />
      <div className="row">
        <button type="button" onClick={() => onSave(order)}>Save</button>
        <button type="button" className="secondary" onClick={onCancel}>Cancel</button>
      </div>
    </div>
  );
}
