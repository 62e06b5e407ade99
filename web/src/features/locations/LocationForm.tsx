import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { locationLimits, type AddressSuggestion, type Location, type Tag } from '@hearth/contract/locations';
import { locationMessages as m } from './texts.ts';
import { ApiError } from '../../shared/api/client.ts';
import { ErrorBanner } from '../../shared/ui/Status.tsx';
import { SuggestionList, useSuggestionQuery } from '../../shared/ui/Suggestions.tsx';
import { LocationNotes } from './LocationNotes.tsx';
import { useAddressSuggestions, useCreateTag, useSaveLocation } from './queries.ts';

/** The Add New Location / Edit Location form; editing also shows the location's notes. */
export function LocationForm({ location, tags, onDone }: { location: Location | null; tags: Tag[]; onDone: () => void }) {
  const [name, setName] = useState(location?.name ?? '');
  const [address, setAddress] = useState(location?.address ?? '');
  const [coordinates, setCoordinates] = useState(location?.latitude != null && location.longitude != null
    ? { latitude: location.latitude, longitude: location.longitude } : null);
  const [tagIds, setTagIds] = useState<string[]>(location?.tags.map((t) => t.id) ?? []);
  const [notes, setNotes] = useState(location?.notes ?? '');
  const [rating, setRating] = useState(location?.rating?.toString() ?? '');
  const [isFavorite, setIsFavorite] = useState(location?.favorite ?? false);
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [showNotes, setShowNotes] = useState(false);
  const asking = useSuggestionQuery(address);
  const suggestions = useAddressSuggestions(asking.query, 'address');
  const save = useSaveLocation();
  const [newTag, setNewTag] = useState('');
  const [tagError, setTagError] = useState<string | null>(null);
  // Tags made here, shown (ticked) before the family's tags are fetched again with them.
  const [made, setMade] = useState<Tag[]>([]);
  const createTag = useCreateTag();
  const choices = [...tags, ...made.filter((t) => !tags.some((known) => known.id === t.id))];

  /** A name the family already has (any case) is ticked; another is made as a tag and ticked. */
  const addTag = async () => {
    const tagName = newTag.trim();
    if (!tagName) return;
    setTagError(null);
    const known = choices.find((t) => t.name.toLowerCase() === tagName.toLowerCase());
    try {
      const tag = known ?? await createTag.mutateAsync(tagName);
      if (!known) setMade((list) => [...list, tag]);
      setTagIds((ids) => (ids.includes(tag.id) ? ids : [...ids, tag.id]));
      setNewTag('');
    } catch (err) {
      setTagError(err instanceof ApiError && err.status < 500 ? err.message : m.tagCreateError);
    }
  };
  const addTagOnEnter = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    // Enter here adds the tag; it does not save the location.
    e.preventDefault();
    void addTag();
  };

  const choose = (s: AddressSuggestion) => {
    setAddress(s.address);
    setCoordinates({ latitude: s.latitude, longitude: s.longitude });
    asking.close();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setNameError(m.nameRequired);
      return;
    }
    setNameError(null);
    try {
      await save.mutateAsync({
        id: location?.id,
        body: {
          name: name.trim(), address: address.trim() || null, latitude: coordinates?.latitude ?? null,
          longitude: coordinates?.longitude ?? null, googlePlaceId: location?.googlePlaceId ?? null,
          notes: notes.trim() || null, isFavorite, rating: rating ? Number(rating) : null, tags: tagIds,
        },
      });
      onDone();
    } catch (err) {
      setError(err instanceof ApiError && err.status < 500 ? err.message : m.saveFailed);
    }
  };

  return (
    <div className="stack">
      <form className="stack location-form" onSubmit={submit} noValidate>
        <ErrorBanner message={error} onDismiss={() => setError(null)} />
        <label>
          Name
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={locationLimits.nameMax}
            aria-invalid={nameError ? true : undefined} autoFocus />
          {nameError && <span className="field-error" role="alert">{nameError}</span>}
        </label>
        <div className="address-field">
          <label>
            Address
            <input value={address} maxLength={locationLimits.addressMax} autoComplete="off"
              onChange={(e) => { setAddress(e.target.value); setCoordinates(null); }} {...asking.inputProps} />
          </label>
          <SuggestionList items={asking.query ? (suggestions.data ?? []) : []} label="Address suggestions" onChoose={choose} />
        </div>
        <fieldset className="tag-choices">
          <legend>Tags</legend>
          {choices.length === 0 ? <span className="muted small">{m.noTagsYet}</span>
            : choices.map((tag) => (
              <label key={tag.id} className="inline chip-choice">
                <input type="checkbox" checked={tagIds.includes(tag.id)}
                  onChange={(e) => setTagIds(e.target.checked ? [...tagIds, tag.id] : tagIds.filter((id) => id !== tag.id))} />
                {tag.name}
              </label>
            ))}
          <div className="new-tag">
            <input aria-label={m.newTag} placeholder={m.newTag} value={newTag} maxLength={locationLimits.tagNameMax}
              onChange={(e) => setNewTag(e.target.value)} onKeyDown={addTagOnEnter} enterKeyHint="enter" />
            <button type="button" className="secondary" disabled={!newTag.trim() || createTag.isPending}
              onClick={() => void addTag()}>{m.addTag}</button>
          </div>
          {tagError && <span className="field-error" role="alert">{tagError}</span>}
        </fieldset>
        <label>
          Notes
          <textarea rows={3} value={notes} maxLength={locationLimits.notesMax} onChange={(e) => setNotes(e.target.value)} />
        </label>
        <label>
          Rating
          <select value={rating} onChange={(e) => setRating(e.target.value)}>
            <option value="">{m.noRating}</option>
            {[1, 2, 3, 4, 5].map((n) => <option key={n} value={n}>{n} star{n > 1 ? 's' : ''}</option>)}
          </select>
        </label>
        <label className="inline">
          <input type="checkbox" checked={isFavorite} onChange={(e) => setIsFavorite(e.target.checked)} />
          {m.markFavorite}
        </label>
        <div className="row">
          <button type="submit" disabled={save.isPending}>{location ? 'Save Changes' : 'Add Location'}</button>
          <button type="button" className="secondary" onClick={onDone}>Cancel</button>
        </div>
      </form>
      {location && (
        <section className="stack">
          <button type="button" className="secondary" aria-expanded={showNotes} onClick={() => setShowNotes(!showNotes)}>
            {showNotes ? m.hideNotes : m.showNotes}
          </button>
          {showNotes && <LocationNotes locationId={location.id} />}
        </section>
      )}
    </div>
  );
}
