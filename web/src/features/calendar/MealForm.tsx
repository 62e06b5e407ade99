import { useForm } from 'react-hook-form';
import { calendarLimits, mealTypeAt, mealTypes, type CalendarEvent, type MealType } from '@hearth/contract/calendar';
import type { FamilyMember } from '@hearth/contract/family';
import { reminderOf, reminderText, type ReminderMinutes } from '@hearth/contract/reminders';
import { useGroceryLists, useMeals } from '../meals/queries.ts';
import { addMinutes, mealSlot, mealSlotKeepingDate } from './dates.ts';
import {
  AddressField, AttendeesField, EventFormFrame, Field, NotesField, ReminderField, TimeFields, useEventSave,
} from './fields.tsx';
import { PlaceField } from './PlaceField.tsx';
import type { EventBody } from './queries.ts';
import { calendarTexts as t } from './texts.ts';

const newRecipe = 'new';

interface MealValues {
  title: string;
  description: string;
  start: string;
  end: string;
  attendeeIds: string[];
  /** Minutes as text, '' for none (the select's value). */
  reminder: string;
  mealType: MealType;
  /** A recipe's id, '' for none, or `newRecipe`. */
  recipe: string;
  newRecipeName: string;
  location: string;
  isEatingOut: boolean;
  restaurantName: string;
  restaurantAddress: string;
  addToLocations: boolean;
  addToGroceryList: boolean;
  listId: string;
}

/** The form's field for each of the contract's fields, where a message is shown. */
const fieldOf: Partial<Record<string, keyof MealValues>> = {
  startTime: 'start', endTime: 'end', reminderMinutes: 'reminder', recipeId: 'recipe', selectedGroceryListId: 'listId',
};

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
  // A meal with an address was eaten out: the server keeps the restaurant as the meal's location and address.
  const eatenOut = event !== null && event.address !== null;
  const times = event ? { start: event.startTime, end: event.endTime } : mealSlot('DINNER', today);
  const { register, handleSubmit, watch, setValue, getValues, setError, clearErrors, formState: { errors } } = useForm<MealValues>({
    defaultValues: {
      title: event?.title ?? '', description: event?.description ?? '', start: times.start, end: times.end,
      attendeeIds: event?.attendeeIds ?? [], reminder: reminderText(event ? event.reminderMinutes : defaultReminder),
      mealType: event ? mealTypeAt(event.startTime) : 'DINNER', recipe: event?.mealId ?? '', newRecipeName: '',
      location: eatenOut ? '' : (event?.location ?? ''), isEatingOut: eatenOut,
      restaurantName: eatenOut ? (event.location ?? '') : '', restaurantAddress: eatenOut ? (event.address ?? '') : '',
      addToLocations: false, addToGroceryList: false, listId: '',
    },
  });
  const save = useEventSave(setError, fieldOf);
  const recipes = useMeals(familyId);
  const lists = useGroceryLists(familyId);
  const values = watch();
  const dirty = { shouldDirty: true };

  const chooseType = (type: MealType) => {
    const slot = mealSlotKeepingDate(type, getValues('start'), today);
    setValue('start', slot.start, dirty);
    setValue('end', slot.end, dirty);
  };

  const chooseRecipe = (id: string) => {
    const name = recipes.data?.find((r) => r.id === id)?.name;
    if (name && !getValues('title').trim()) setValue('title', name, dirty);
  };

  const changeStart = (next: string) => {
    setValue('start', next, dirty);
    if (next) setValue('end', addMinutes(next, 60), dirty);
  };

  const submit = (v: MealValues) => {
    const isNewRecipe = v.recipe === newRecipe;
    const body: EventBody = {
      title: v.title, description: v.description, startTime: v.start, endTime: v.end, allDay: false,
      attendeeIds: v.attendeeIds, isMeal: true, mealType: v.mealType, reminderMinutes: reminderOf(v.reminder),
      location: v.isEatingOut ? null : v.location, address: null,
      recipeId: isNewRecipe ? null : v.recipe, newRecipeName: isNewRecipe ? v.newRecipeName : null,
      isEatingOut: v.isEatingOut, restaurantName: v.isEatingOut ? v.restaurantName : null,
      restaurantAddress: v.isEatingOut ? v.restaurantAddress : null, addToLocations: v.isEatingOut && v.addToLocations,
      addToGroceryList: v.addToGroceryList, selectedGroceryListId: v.addToGroceryList ? v.listId : null,
    };
    return save.submit({ id: event?.id, body }, body,
      event ? t.updateFailed : isNewRecipe ? t.recipeCreateFailed : t.mealCreateFailed, onDone);
  };

  const error = (name: keyof MealValues) => errors[name]?.message;
  return (
    <EventFormFrame title={<input {...register('title')} />} titleError={error('title')} errors={errors}
      onDismissFailure={() => clearErrors('root.server')} saving={save.saving} event={event} canEdit={canEdit}
      submitLabel={t.addMeal} onSubmit={(e) => {
        // The contract checks the whole payload on each save: last save's messages go (handleSubmit would stop at them).
        clearErrors();
        void handleSubmit(submit)(e);
      }} onDone={onDone} onDelete={onDelete}>
      <Field label="Meal type">
        <select {...register('mealType', { onChange: (e: { target: { value: MealType } }) => chooseType(e.target.value) })}>
          {mealTypes.map((type) => <option key={type} value={type}>{t.mealTypes[type]}</option>)}
        </select>
      </Field>
      <TimeFields start={values.start} end={values.end} allDay={false} errors={{ startTime: error('start'), endTime: error('end') }}
        onStart={changeStart} onEnd={(end) => setValue('end', end, dirty)} />
      <ReminderField allDay={false} error={error('reminder')} select={<select {...register('reminder')} />} />
      <Field label="Recipe" error={error('recipe')}>
        <select {...register('recipe', { onChange: (e: { target: { value: string } }) => chooseRecipe(e.target.value) })}>
          <option value="">{t.noRecipe}</option>
          {(recipes.data ?? []).map((r) => <option key={r.id} value={r.id}>{r.name}</option>)}
          <option value={newRecipe}>{t.newRecipe}</option>
        </select>
      </Field>
      {values.recipe === newRecipe && (
        <Field label="New recipe name" error={error('newRecipeName')}>
          <input {...register('newRecipeName')} maxLength={calendarLimits.newRecipeNameMax} />
        </Field>
      )}
      <label className="inline">
        <input type="checkbox" {...register('isEatingOut')} />
        Eating out
      </label>
      {values.isEatingOut ? (
        <>
          <PlaceField label="Restaurant name" kind="establishment" value={values.restaurantName} maxLength={calendarLimits.locationMax}
            error={error('restaurantName')} onChange={(name) => setValue('restaurantName', name, dirty)} onChoose={(s) => {
              setValue('restaurantName', (s.name ?? s.label).slice(0, calendarLimits.locationMax), dirty);
              setValue('restaurantAddress', s.address.slice(0, calendarLimits.addressMax), dirty);
            }} />
          <AddressField label="Restaurant address" value={values.restaurantAddress}
            onChange={(address) => setValue('restaurantAddress', address, dirty)} error={error('restaurantAddress')}
            place={values.restaurantName} />
          <label className="inline">
            <input type="checkbox" {...register('addToLocations')} />
            Add to saved locations
          </label>
        </>
      ) : (
        <Field label="Location" error={error('location')}>
          <input {...register('location')} maxLength={calendarLimits.locationMax} />
        </Field>
      )}
      <label className="inline">
        <input type="checkbox" {...register('addToGroceryList')} />
        Add ingredients to a grocery list
      </label>
      {values.addToGroceryList && (
        <Field label="Grocery list" error={error('listId')}>
          <select {...register('listId')}>
            <option value="">{(lists.data ?? []).length === 0 ? t.noLists : 'Choose a list'}</option>
            {(lists.data ?? []).map((l) => <option key={l.id} value={l.id}>{l.title}</option>)}
          </select>
        </Field>
      )}
      <NotesField label="Notes" error={error('description')} textarea={<textarea {...register('description')} />} />
      <AttendeesField members={members} value={values.attendeeIds} onChange={(ids) => setValue('attendeeIds', ids, dirty)} />
    </EventFormFrame>
  );
}
