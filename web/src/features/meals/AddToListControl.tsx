import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { itemMatchKey, type GroceryList } from '@hearth/contract/grocery';
import { type Ingredient, type Meal } from '@hearth/contract/meals';
import { mealMessages } from './texts.ts';
import { paths } from '../../shared/paths.ts';
import { errorMessage } from '../../shared/api/errors.ts';
import { failSubmit, SubmitError } from '../../shared/form.tsx';
import { ErrorBanner, Loading, Notice } from '../../shared/ui/Status.tsx';
import { failureText, useAddMealToList, useGroceryLists } from './queries.ts';
import { useItems } from '../grocery/queries.ts';
import { describeIngredient } from './format.ts';

interface Props { meal: Meal; ingredients: Ingredient[]; servings: number | null; familyId: string }

/**
 * Adds the meal's ingredients to one of the family's lists: each can be left out (what is in the pantry), and
 * those already waiting on the chosen list start unticked. `ingredients` are the meal's as shown, scaled to
 * `servings`, which the server scales the same way.
 */
export function AddToListControl(props: Props) {
  const lists = useGroceryLists(props.familyId);
  if (lists.isPending) return <Loading text="Loading grocery lists..." />;
  if (lists.isError) return <ErrorBanner message={errorMessage(lists.error, mealMessages.addToListFailed)} />;
  if (lists.data.length === 0) {
    return <p className="muted">{mealMessages.noLists} <Link to={paths.lists}>Create a list</Link></p>;
  }
  return <AddToListForm {...props} lists={lists.data} />;
}

/**
 * The boxes the user ticked or unticked, by the ingredient's place (its name may hold dots react-hook-form would
 * read as a path); a box left alone follows the chosen list, whose items may arrive after the form.
 */
interface Fields { listId: string; ticked: Partial<Record<string, boolean>> }

const tickOf = (index: number) => `ticked.i${index}` as const;

function AddToListForm({ meal, ingredients, servings, familyId, lists }: Props & { lists: GroceryList[] }) {
  const add = useAddMealToList(meal.id);
  const [done, setDone] = useState<{ added: number; listId: string; title: string } | null>(null);
  const { control, register, handleSubmit, reset, setError, clearErrors, formState: { errors, isSubmitting } } = useForm<Fields>({
    defaultValues: { listId: lists[0]!.id, ticked: {} },
  });
  // The first list again if the chosen one has been deleted meanwhile.
  const listOf = (chosen: string) => (lists.some((l) => l.id === chosen) ? chosen : lists[0]!.id);
  const [chosen, ticked] = useWatch({ control, name: ['listId', 'ticked'] });
  const listId = listOf(chosen);
  const items = useItems(listId, true);

  const waiting = new Set((items.data ?? []).filter((i) => !i.isPurchased).map((i) => itemMatchKey(i.name, i.unit)));
  const onList = (index: number) => waiting.has(itemMatchKey(ingredients[index]!.name, ingredients[index]!.unit));
  const pickedOf = (choices: Fields['ticked']) => ingredients.filter((_, i) => choices[`i${i}`] ?? !onList(i));
  const picked = pickedOf(ticked);
  const all = picked.length === ingredients.length;

  const submit = async (values: Fields) => {
    setDone(null);
    const listId = listOf(values.listId);
    const toAdd = pickedOf(values.ticked);
    try {
      const { added } = await add.mutateAsync({
        groceryListId: listId, familyId, ...(servings ? { servings } : {}),
        ...(toAdd.length === ingredients.length ? {} : { ingredients: toAdd.map((i) => i.name) }),
      });
      // The boxes follow the list again: what was just added now starts unticked.
      reset({ listId, ticked: {} });
      setDone({ added, listId, title: lists.find((l) => l.id === listId)?.title ?? '' });
    } catch (err) {
      failSubmit(setError, failureText(mealMessages.addToListFailed, err));
    }
  };

  /** Another list: every box follows it again; a failure's banner stays until the next add. */
  const chooseList = (chosenId: string) => reset({ listId: chosenId, ticked: {} }, { keepErrors: true });

  return (
    <form className="stack add-to-list" onSubmit={handleSubmit(submit)} aria-label="Add ingredients to a grocery list">
      <div className="row add-to-list-row">
        <label className="grow">
          Grocery list
          <select {...register('listId', { onChange: (e: { target: HTMLSelectElement }) => chooseList(e.target.value) })}>
            {lists.map((l) => <option key={l.id} value={l.id}>{l.title}</option>)}
          </select>
        </label>
        <button type="submit" disabled={isSubmitting || picked.length === 0}>
          {isSubmitting ? 'Adding...' : all ? 'Add all ingredients to list' : mealMessages.addSomeToList(picked.length)}
        </button>
      </div>
      {ingredients.length > 0 && (
        <fieldset className="ingredient-choice">
          <legend className="muted small">{mealMessages.chooseIngredients}</legend>
          {ingredients.map((ingredient, i) => (
            <label key={`${ingredient.name}-${i}`} className="inline">
              <Controller control={control} name={tickOf(i)} render={({ field }) => (
                <input type="checkbox" ref={field.ref} name={field.name} checked={field.value ?? !onList(i)}
                  onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} />
              )} />
              {describeIngredient(ingredient)}
            </label>
          ))}
        </fieldset>
      )}
      <SubmitError errors={errors} onDismiss={() => clearErrors('root.server')} />
      {done && (
        <Notice kind="success">
          Added {done.added} {done.added === 1 ? 'ingredient' : 'ingredients'} to{' '}
          <Link to={paths.list(done.listId)}>{done.title}</Link>.
        </Notice>
      )}
    </form>
  );
}
