import { useState } from 'react';
import type { AddressSuggestion } from '@hearth/contract/locations';

/**
 * What a field with place suggestions asks about: its text while it has focus, nothing once it loses it (a moment
 * later, so a tap on a suggestion lands first) or once a suggestion is chosen.
 */
export function useSuggestionQuery(value: string) {
  const [focused, setFocused] = useState(false);
  return {
    query: focused ? value : '',
    inputProps: { onFocus: () => setFocused(true), onBlur: () => setTimeout(() => setFocused(false), 150) },
    close: () => setFocused(false),
  };
}

/** The suggestions under a field (the locations', events' and restaurants' places); none shows nothing. */
export function SuggestionList({ items, label, onChoose }: {
  items: AddressSuggestion[]; label: string; onChoose: (s: AddressSuggestion) => void;
}) {
  if (items.length === 0) return null;
  return (
    <ul className="suggestions" aria-label={label}>
      {items.map((s) => (
        <li key={`${s.latitude},${s.longitude},${s.label}`}>
          <button type="button" className="suggestion" onMouseDown={(e) => e.preventDefault()} onClick={() => onChoose(s)}>
            {s.label}
          </button>
        </li>
      ))}
    </ul>
  );
}
