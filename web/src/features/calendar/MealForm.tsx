import { useState, type FormEvent } from 'react';
import { calendarLimits, mealTypes, type CalendarEvent } from '@hearth/contract/calendar';
import type { FamilyMember } from '@hearth/contract/family';
import { errorMessage } from '../../shared/api/errors.ts';
import { ErrorBanner } from '../../shared/ui/Status.tsx';
import { useGroceryLists, useMeals } from '../meals/queries.ts';
import { addMinutes, fromInput, mealSlot, mealSlotKeepingDate, mealTypeAt, toInput, type MealType } from './dates.ts';
import { AttendeesField, Field, validate, type FieldErrors } from './fields.tsx';
import { PlaceField } from './PlaceField.tsx';
import { useSaveEvent, type EventBody } from './queries.ts';
import { calendarTexts as t } from './texts.ts';

const newRecipe = 'new';

/**
 * The Add Meal / Edit Meal form (spec §3 Meal form). A new meal is dinner today at 18:00; choosing a type puts it
 * in that type's slot on the meal's date. The recipe, grocery-list and saved-location options run on the server in the
 * event's transaction.
 */
export function MealForm({ event, familyId, today, members, canEdit, onDone, onDelete }: {
  event: CalendarEvent | null;
  familyId: string;
  today: string;
  members: FamilyMember[];
  canEdit: boolean;
  onDone: () => void;
  onDelete: (event: CalendarEvent) => void;
}) {
  const initial = event ? { start: event.startTime, end: event.endTime } : mealSlot('DINNER', today);
  // A meal with an address was eaten out: the server keeps the restaurant as the meal's location and address.
  const eatenOut = event !== null && event.address !== null;
  const [title, setTitle] = useState(event?.title ?? '');
  const [description, setDescription] = useState(event?.description ?? '');
  const [mealType, setMealType] = useState<MealType>(event ? mealTypeAt(event.startTime) : 'DINNER');
  const [start, setStart] = useState(initial.start);
  const [end, setEnd] = useState(initial.end);
  const [recipe, setRecipe] = useState(event?.mealId ?? '');
  const [newRecipeName, setNewRecipeName] = useState('');
  const [location, setLocation] = useState(eatenOut ? '' : (event?.location ?? ''));
  const [isEatingOut, setIsEatingOut] = useState(eatenOut);
  const [restaurantName, setRestaurantName] = useState(eatenOut ? (event.location ?? '') : '');
  const [restaurantAddress, setRestaurantAddress] = useState(eatenOut ? (event.address ?? '') : '');
  const [addToLocations, setAddToLocations] = useState(false);
  const [addToGroceryList, setAddToGroceryList] = useState(false);
  const [listId, setListId] = useState('');
  const [attendeeIds, setAttendeeIds] = useState(event?.attendeeIds ?? []);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const recipes = useMeals(familyId);
  const lists = useGroceryLists(familyId);
  const save = useSaveEvent();

  const chooseType = (type: MealType) => {
    setMealType(type);
    const slot = mealSlotKeepingDate(type, start, today);
    setStart(slot.start);
    setEnd(slot.end);
  };

  const chooseRecipe = (id: string) => {
    setRecipe(id);
    const name = recipes.data?.find((r) => r.id === id)?.name;
    if (name && !title.trim()) setTitle(name);
  };

  const changeStart = (value: string) => {
    const next = fromInput(value);
    setStart(next);
    if (next) setEnd(addMinutes(next, 60));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body: EventBody = {
      title, description, startTime: start, endTime: end, allDay: false, attendeeIds, isMeal: true, mealType,
      location: isEatingOut ? null : location, address: null,
      recipeId: recipe === newRecipe ? null : recipe, newRecipeName: recipe === newRecipe ? newRecipeName : null,
      isEatingOut, restaurantName: isEatingOut ? restaurantName : null, restaurantAddress: isEatingOut ? restaurantAddress : null,
      addToLocations: isEatingOut && addToLocations, addToGroceryList, selectedGroceryListId: addToGroceryList ? listId : null,
    };
    const invalid = validate(body);
    setErrors(invalid ?? {});
    if (invalid) return;
    try {
      await save.mutateAsync({ id: event?.id, body });
      onDone();
    } catch (err) {
      setFailure(errorMessage(err, event ? t.updateFailed : recipe === newRecipe ? t.recipeCreateFailed : t.mealCreateFailed));
    }
  };

  return (
    <form className="stack cal-form" onSubmit={submit} noValidate>
      <ErrorBanner message={failure} onDismiss={() => setFailure(null)} />
      <fieldset className="stack cal-fields" disabled={!canEdit}>
        <Field label="Title" error={errors.title}>
          <input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={calendarLimits.titleMax} autoFocus={canEdit} />
        </Field>
        <Field label="Meal type">
          <select value={mealType} onChange={(e) => chooseType(e.target.value as MealType)}>
            {mealTypes.map((type) => <option key={type} value={type}>{t.mealTypes[type]}</option>)}
          </select>
        </Field>
        <div className="cal-times">
          <Field label="Start" error={errors.startTime}>
            <input type="datetime-local" value={toInput(start, false)} onChange={(e) => changeStart(e.target.value)} />
          </Field>
          <Field label="End" error={errors.endTime}>
            <input type="datetime-local" value={toInput(end, false)} onChange={(e) => setEnd(fromInput(e.target.value))} />
          </Field>
        </div>
        <Field label="Recipe" error={errors.recipeId}>
          <select value={recipe} onChange={(e) => chooseRecipe(e.target.value)}>
            <option value="">{t.noRecipe}</option>
            {(recipes.data ?? []).map((r) => <option key={r.id} value={r.id}>{r.name}</option>)}
            <option value={newRecipe}>{t.newRecipe}</option>
          </select>
        </Field>
        {recipe === newRecipe && (
          <Field label="New recipe name" error={errors.newRecipeName}>
            <input value={newRecipeName} onChange={(e) => setNewRecipeName(e.target.value)} maxLength={calendarLimits.newRecipeNameMax} />
          </Field>
        )}
        <label className="inline">
          <input type="checkbox" checked={isEatingOut} onChange={(e) => setIsEatingOut(e.target.checked)} />
          Eating out
        </label>
        {isEatingOut ? (
          <>
            <PlaceField label="Restaurant name" kind="establishment" value={restaurantName} maxLength={calendarLimits.locationMax}
              error={errors.restaurantName} onChange={setRestaurantName} onChoose={(s) => {
                setRestaurantName((s.name ?? s.label).slice(0, calendarLimits.locationMax));
                setRestaurantAddress(s.address.slice(0, calendarLimits.addressMax));
              }} />
            <PlaceField label="Restaurant address" kind="address" value={restaurantAddress} maxLength={calendarLimits.addressMax}
              error={errors.restaurantAddress} onChange={setRestaurantAddress}
              onChoose={(s) => setRestaurantAddress(s.address.slice(0, calendarLimits.addressMax))} />
            <label className="inline">
              <input type="checkbox" checked={addToLocations} onChange={(e) => setAddToLocations(e.target.checked)} />
              Add to saved locations
            </label>
          </>
        ) : (
          <Field label="Location" error={errors.location}>
            <input value={location} onChange={(e) => setLocation(e.target.value)} maxLength={calendarLimits.locationMax} />
          </Field>
        )}
        <label className="inline">
          <input type="checkbox" checked={addToGroceryList} onChange={(e) => setAddToGroceryList(e.target.checked)} />
          Add ingredients to a grocery list
        </label>
        {addToGroceryList && (
          <Field label="Grocery list" error={errors.selectedGroceryListId}>
            <select value={listId} onChange={(e) => setListId(e.target.value)}>
              <option value="">{(lists.data ?? []).length === 0 ? t.noLists : 'Choose a list'}</option>
              {(lists.data ?? []).map((l) => <option key={l.id} value={l.id}>{l.title}</option>)}
            </select>
          </Field>
        )}
        <Field label="Notes" error={errors.description}>
          <textarea rows={3} value={description} onChange={(e) => setDescription(e.target.value)} maxLength={calendarLimits.descriptionMax} />
        </Field>
        <AttendeesField members={members} value={attendeeIds} onChange={setAttendeeIds} />
      </fieldset>
      <div className="row cal-actions">
        {canEdit && <button type="submit" disabled={save.isPending}>{event ? 'Save Changes' : t.addMeal}</button>}
        <button type="button" className="secondary" onClick={onDone}>{canEdit ? 'Cancel' : 'Close'}</button>
        {canEdit && event && <button type="button" className="danger cal-delete" onClick={() => onDelete(event)}>Delete</button>}
      </div>
    </form>
  );
}
