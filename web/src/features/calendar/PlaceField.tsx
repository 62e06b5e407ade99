import { useId } from 'react';
import type { AddressSuggestion, SuggestionKind } from '@hearth/contract/locations';
import { SuggestionList, useSuggestionQuery } from '../../shared/ui/Suggestions.tsx';
import { useAddressSuggestions } from '../locations/queries.ts';

/**
 * A place field of the event and meal forms with the locations' suggestions (spec §9): addresses for an event's
 * address, establishments for a restaurant. The list sits outside the label, so the field's name stays its label.
 */
export function PlaceField({ label, kind, value, maxLength, error, onChange, onChoose }: {
  label: string;
  kind: SuggestionKind;
  value: string;
  maxLength: number;
  error?: string;
  onChange: (value: string) => void;
  onChoose: (suggestion: AddressSuggestion) => void;
}) {
  const errorId = useId();
  const asking = useSuggestionQuery(value);
  const suggestions = useAddressSuggestions(asking.query, kind);
  return (
    <div className="cal-field">
      <label>
        {label}
        <input value={value} onChange={(e) => onChange(e.target.value)} maxLength={maxLength} autoComplete="off"
          {...asking.inputProps} {...(error ? { 'aria-describedby': errorId, 'aria-invalid': true } : {})} />
      </label>
      {error && <span id={errorId} className="field-error" role="alert">{error}</span>}
      <SuggestionList items={asking.query ? (suggestions.data ?? []) : []} label={`${label} suggestions`}
        onChoose={(s) => { asking.close(); onChoose(s); }} />
    </div>
  );
}
