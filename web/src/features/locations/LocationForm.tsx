import { useState, type KeyboardEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  locationLimits, LocationInput, type AddressSuggestion, type Location, type Tag,
} from '@hearth/contract/locations';
import { locationMessages as m } from './texts.ts';
import { ApiError } from '../../shared/api/client.ts';
import { FieldError, failSubmit, invalidIf, SubmitError } from '../../shared/form.tsx';
import { SuggestionList, useSuggestionQuery } from '../../shared/ui/Suggestions.tsx';
import { LocationNotes } from './LocationNotes.tsx';
import { useAddressSuggestions, useCreateTag, useSaveLocation } from './queries.ts';

const Fields = z.object({
  name: LocationInput.shape.name,
  address: z.string(),
  /** Where the chosen suggestion is; typing in the address forgets it. */
  coordinates: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  tagIds: z.array(z.string()),
  notes: z.string(),
  rating: z.string(),
  isFavorite: z.boolean(),
  /** A tag to make (or tick) with the Add tag button; never sent with the location. */
  newTag: z.string(),
});
type FieldsIn = z.input<typeof Fields>;
type Fields = z.output<typeof Fields>;

/** The Add New Location / Edit Location form; editing also shows the location's notes. */
export function LocationForm({ location, tags, onDone }: { location: Location | null; tags: Tag[]; onDone: () => void }) {
  const { register, control, handleSubmit, setValue, getValues, setError, clearErrors, formState: { errors } } =
    useForm<FieldsIn, unknown, Fields>({
      resolver: zodResolver(Fields),
      defaultValues: {
        name: location?.name ?? '',
        address: location?.address ?? '',
        coordinates: location?.latitude != null && location.longitude != null
          ? { latitude: location.latitude, longitude: location.longitude } : null,
        tagIds: location?.tags.map((t) => t.id) ?? [],
        notes: location?.notes ?? '',
        rating: location?.rating?.toString() ?? '',
        isFavorite: location?.favorite ?? false,
        newTag: '',
      },
    });
  const [showNotes, setShowNotes] = useState(false);
  const [address, newTag] = useWatch({ control, name: ['address', 'newTag'] });
  const asking = useSuggestionQuery(address);
  const suggestions = useAddressSuggestions(asking.query, 'address');
  const save = useSaveLocation();
  // Tags made here, shown (ticked) before the family's tags are fetched again with them.
  const [made, setMade] = useState<Tag[]>([]);
  const createTag = useCreateTag();
  const choices = [...tags, ...made.filter((t) => !tags.some((known) => known.id === t.id))];

  /** A name the family already has (any case) is ticked; another is made as a tag and ticked. */
  const addTag = async () => {
    const tagName = getValues('newTag').trim();
    if (!tagName) return;
    clearErrors('newTag');
    const known = choices.find((t) => t.name.toLowerCase() === tagName.toLowerCase());
    try {
      const tag = known ?? await createTag.mutateAsync(tagName);
      if (!known) setMade((list) => [...list, tag]);
      const ticked = getValues('tagIds');
      if (!ticked.includes(tag.id)) setValue('tagIds', [...ticked, tag.id]);
      setValue('newTag', '');
    } catch (err) {
      setError('newTag', { type: 'server', message: err instanceof ApiError && err.status < 500 ? err.message : m.tagCreateError });
    }
  };
  const addTagOnEnter = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    // Enter here adds the tag; it does not save the location.
    e.preventDefault();
    void addTag();
  };

  const choose = (s: AddressSuggestion) => {
    setValue('address', s.address);
    setValue('coordinates', { latitude: s.latitude, longitude: s.longitude });
    asking.close();
  };

  const submit = async (fields: Fields) => {
    try {
      await save.mutateAsync({
        id: location?.id,
        body: {
          name: fields.name, address: fields.address.trim() || null, latitude: fields.coordinates?.latitude ?? null,
          longitude: fields.coordinates?.longitude ?? null, googlePlaceId: location?.googlePlaceId ?? null,
          notes: fields.notes.trim() || null, isFavorite: fields.isFavorite,
          rating: fields.rating ? Number(fields.rating) : null, tags: fields.tagIds,
        },
      });
      onDone();
    } catch (err) {
      failSubmit(setError, err instanceof ApiError && err.status < 500 ? err.message : m.saveFailed);
    }
  };

  return (
    <div className="stack">
      <form className="stack location-form" onSubmit={handleSubmit(submit)} noValidate>
        <SubmitError errors={errors} onDismiss={() => clearErrors('root')} />
        <label>
          Name
          <input {...register('name')} maxLength={locationLimits.nameMax} aria-invalid={invalidIf(errors.name)} autoFocus />
          <FieldError error={errors.name} alert />
        </label>
        <div className="address-field">
          <label>
            Address
            <input maxLength={locationLimits.addressMax} autoComplete="off" onFocus={asking.inputProps.onFocus}
              {...register('address', { onChange: () => setValue('coordinates', null), onBlur: asking.inputProps.onBlur })} />
          </label>
          <SuggestionList items={asking.query ? (suggestions.data ?? []) : []} label="Address suggestions" onChoose={choose} />
        </div>
        <fieldset className="tag-choices">
          <legend>Tags</legend>
          {choices.length === 0 ? <span className="muted small">{m.noTagsYet}</span>
            : choices.map((tag) => (
              <label key={tag.id} className="inline chip-choice">
                <input type="checkbox" value={tag.id} {...register('tagIds')} />
                {tag.name}
              </label>
            ))}
          <div className="new-tag">
            <input aria-label={m.newTag} placeholder={m.newTag} maxLength={locationLimits.tagNameMax}
              {...register('newTag')} onKeyDown={addTagOnEnter} enterKeyHint="enter" />
            <button type="button" className="secondary" disabled={!newTag.trim() || createTag.isPending}
              onClick={() => void addTag()}>{m.addTag}</button>
          </div>
          <FieldError error={errors.newTag} alert />
        </fieldset>
        <label>
          Notes
          <textarea rows={3} maxLength={locationLimits.notesMax} {...register('notes')} />
        </label>
        <label>
          Rating
          <select {...register('rating')}>
            <option value="">{m.noRating}</option>
            {[1, 2, 3, 4, 5].map((n) => <option key={n} value={n}>{n} star{n > 1 ? 's' : ''}</option>)}
          </select>
        </label>
        <label className="inline">
          <input type="checkbox" {...register('isFavorite')} />
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
