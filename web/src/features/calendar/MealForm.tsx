import { useState } from 'react';
import { calendarLimits, mealTypeAt, mealTypes, type CalendarEvent, type MealType } from '@hearth/contract/calendar';
import type { FamilyMember } from '@hearth/contract/family';
import { reminderOf, reminderText, type ReminderMinutes } from '@hearth/contract/reminders';
import { useGroceryLists, useMeals } from '../meals/queries.ts';
import { addMinutes, mealSlot, mealSlotKeepingDate } from './dates.ts';
import {
  AddressField, AttendeesField, EventFormFrame, Field, NotesField, ReminderField, TextField, TimeFields,
  useEventFields,
} from './fields.tsx';
import { PlaceField } from './PlaceField.tsx';
import type { EventBody } from './queries.ts';
import { calendarTexts as t } from './texts.ts';

const newRecipe = 'new';

/**
 * The Add Meal / Edit Meal form (spec §3 Meal form). A new meal is dinner today at 18:00; choosing a type puts it
 * in that type's slot on the meal's date. The recipe, grocery-list and saved-location options run on the server in the
 * event's transaction.
 */
export function MealForm({ event, familyId, today, members, defaultReminder, canEdit, onDone, onDelete }: {
  event: CalendarEvent | null;
  familyId: string;
  today: string;
  members: FamilyMember[];
  /** The family's reminder for new events. */
  defaultReminder: ReminderMinutes | null;
  canEdit: boolean;
  onDone: () => void;
  onDelete: (event: CalendarEvent) => void;
}) {
  const fields = useEventFields(event, event ? { start: event.startTime, end: event.endTime } : mealSlot('DINNER', today),
    defaultReminder);
  // A meal with an address was eaten out: the server keeps the restaurant as the meal's location and address.
  const eatenOut = event !== null && event.address !== null;
  const [mealType, setMealType] = useState<MealType>(event ? mealTypeAt(event.startTime) : 'DINNER');
  const [recipe, setRecipe] = useState(event?.mealId ?? '');
  const [newRecipeName, setNewRecipeName] = useState('');
  const [location, setLocation] = useState(eatenOut ? '' : (event?.location ?? ''));
  const [isEatingOut, setIsEatingOut] = useState(eatenOut);
  const [restaurantName, setRestaurantName] = useState(eatenOut ? (event.location ?? '') : '');
  const [restaurantAddress, setRestaurantAddress] = useState(eatenOut ? (event.address ?? '') : '');
  const [addToLocations, setAddToLocations] = useState(false);
  const [addToGroceryList, setAddToGroceryList] = useState(false);
  const [listId, setListId] = useState('');
  const recipes = useMeals(familyId);
  const lists = useGroceryLists(familyId);
  const { errors } = fields;

  const chooseType = (type: MealType) => {
    setMealType(type);
    const slot = mealSlotKeepingDate(type, fields.start, today);
    fields.setStart(slot.start);
    fields.setEnd(slot.end);
  };

  const chooseRecipe = (id: string) => {
    setRecipe(id);
    const name = recipes.data?.find((r) => r.id === id)?.name;
    if (name && !fields.title.trim()) fields.setTitle(name);
  };

  const changeStart = (next: string) => {
    fields.setStart(next);
    if (next) fields.setEnd(addMinutes(next, 60));
  };

  const submit = () => {
    const body: EventBody = {
      title: fields.title, description: fields.description, startTime: fields.start, endTime: fields.end, allDay: false,
      attendeeIds: fields.attendeeIds, isMeal: true, mealType, reminderMinutes: fields.reminderMinutes,
      location: isEatingOut ? null : location, address: null,
      recipeId: recipe === newRecipe ? null : recipe, newRecipeName: recipe === newRecipe ? newRecipeName : null,
      isEatingOut, restaurantName: isEatingOut ? restaurantName : null, restaurantAddress: isEatingOut ? restaurantAddress : null,
      addToLocations: isEatingOut && addToLocations, addToGroceryList, selectedGroceryListId: addToGroceryList ? listId : null,
    };
    return fields.submit({ id: event?.id, body }, body,
      event ? t.updateFailed : recipe === newRecipe ? t.recipeCreateFailed : t.mealCreateFailed, onDone);
  };

  return (
    <EventFormFrame title={<input value={fields.title} onChange={(e) => fields.setTitle(e.target.value)} />} titleError={errors.title}
      failure={fields.failure} onDismissFailure={() => fields.setFailure(null)} saving={fields.saving} event={event} canEdit={canEdit}
      submitLabel={t.addMeal} onSubmit={(e) => { e.preventDefault(); void submit(); }} onDone={onDone} onDelete={onDelete}>
      <Field label="Meal type">
        <select value={mealType} onChange={(e) => chooseType(e.target.value as MealType)}>
          {mealTypes.map((type) => <option key={type} value={type}>{t.mealTypes[type]}</option>)}
        </select>
      </Field>
      <TimeFields start={fields.start} end={fields.end} allDay={false} errors={errors} onStart={changeStart} onEnd={fields.setEnd} />
      <ReminderField allDay={false} error={errors.reminderMinutes} select={
        <select value={reminderText(fields.reminderMinutes)} onChange={(e) => fields.setReminderMinutes(reminderOf(e.target.value))} />} />
      <Field label="Recipe" error={errors.recipeId}>
        <select value={recipe} onChange={(e) => chooseRecipe(e.target.value)}>
          <option value="">{t.noRecipe}</option>
          {(recipes.data ?? []).map((r) => <option key={r.id} value={r.id}>{r.name}</option>)}
          <option value={newRecipe}>{t.newRecipe}</option>
        </select>
      </Field>
      {recipe === newRecipe && (
        <TextField label="New recipe name" value={newRecipeName} onChange={setNewRecipeName} max={calendarLimits.newRecipeNameMax}
          error={errors.newRecipeName} />
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
          <AddressField label="Restaurant address" value={restaurantAddress} onChange={setRestaurantAddress}
            error={errors.restaurantAddress} place={restaurantName} />
          <label className="inline">
            <input type="checkbox" checked={addToLocations} onChange={(e) => setAddToLocations(e.target.checked)} />
            Add to saved locations
          </label>
        </>
      ) : (
        <TextField label="Location" value={location} onChange={setLocation} max={calendarLimits.locationMax} error={errors.location} />
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
      <NotesField label="Notes" error={errors.description}
        textarea={<textarea value={fields.description} onChange={(e) => fields.setDescription(e.target.value)} />} />
      <AttendeesField members={members} value={fields.attendeeIds} onChange={fields.setAttendeeIds} />
    </EventFormFrame>
  );
}
