import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { itemMatchKey } from '@hearth/contract/grocery';
import { type Ingredient, type Meal } from '@hearth/contract/meals';
import { mealMessages } from './texts.ts';
import { paths } from '../../shared/paths.ts';
import { errorMessage } from '../../shared/api/errors.ts';
import { ErrorBanner, Loading, Notice } from '../../shared/ui/Status.tsx';
import { failureText, useAddMealToList, useGroceryLists } from './queries.ts';
import { useItems } from '../grocery/queries.ts';
import { describeIngredient } from './format.ts';

/**
 * Adds the meal's ingredients to one of the family's lists: each can be left out (what is in the pantry), and
 * those already waiting on the chosen list start unticked. `ingredients` are the meal's as shown, scaled to
 * `servings`, which the server scales the same way.
 */
export function AddToListControl({ meal, ingredients, servings, familyId }: {
  meal: Meal; ingredients: Ingredient[]; servings: number | null; familyId: string;
}) {
  const lists = useGroceryLists(familyId);
  const add = useAddMealToList(meal.id);
  const [chosen, setChosen] = useState('');
  const [done, setDone] = useState<{ added: number; listId: string; title: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [ticked, setTicked] = useState<Record<number, boolean>>({});
  const firstList = lists.data?.[0]?.id ?? '';
  const listId = lists.data?.some((l) => l.id === chosen) ? chosen : firstList;
  const items = useItems(listId, Boolean(listId));

  if (lists.isPending) return <Loading text="Loading grocery lists..." />;
  if (lists.isError) return <ErrorBanner message={errorMessage(lists.error, mealMessages.addToListFailed)} />;
  if (lists.data.length === 0) {
    return <p className="muted">{mealMessages.noLists} <Link to={paths.lists}>Create a list</Link></p>;
  }
  const waiting = new Set((items.data ?? []).filter((i) => !i.isPurchased).map((i) => itemMatchKey(i.name, i.unit)));
  const isTicked = (index: number) => ticked[index] ?? !waiting.has(itemMatchKey(ingredients[index]!.name, ingredients[index]!.unit));
  const picked = ingredients.filter((_, i) => isTicked(i));
  const all = picked.length === ingredients.length;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setDone(null);
    try {
      const { added } = await add.mutateAsync({
        groceryListId: listId, familyId, ...(servings ? { servings } : {}), ...(all ? {} : { ingredients: picked.map((i) => i.name) }),
      });
      setTicked({});
      setDone({ added, listId, title: lists.data.find((l) => l.id === listId)?.title ?? '' });
    } catch (err) {
      setError(failureText(mealMessages.addToListFailed, err));
    }
  };

  return (
    <form className="stack add-to-list" onSubmit={submit} aria-label="Add ingredients to a grocery list">
      <div className="row add-to-list-row">
        <label className="grow">
          Grocery list
          <select value={listId} onChange={(e) => { setChosen(e.target.value); setTicked({}); }}>
            {lists.data.map((l) => <option key={l.id} value={l.id}>{l.title}</option>)}
          </select>
        </label>
        <button type="submit" disabled={add.isPending || picked.length === 0}>
          {add.isPending ? 'Adding...' : all ? 'Add all ingredients to list' : mealMessages.addSomeToList(picked.length)}
        </button>
      </div>
      {ingredients.length > 0 && (
        <fieldset className="ingredient-choice">
          <legend className="muted small">{mealMessages.chooseIngredients}</legend>
          {ingredients.map((ingredient, i) => (
            <label key={`${ingredient.name}-${i}`} className="inline">
              <input type="checkbox" checked={isTicked(i)} onChange={(e) => setTicked((t) => ({ ...t, [i]: e.target.checked }))} />
              {describeIngredient(ingredient)}
            </label>
          ))}
        </fieldset>
      )}
      <ErrorBanner message={error} onDismiss={() => setError(null)} />
      {done && (
        <Notice kind="success">
          Added {done.added} {done.added === 1 ? 'ingredient' : 'ingredients'} to{' '}
          <Link to={paths.list(done.listId)}>{done.title}</Link>.
        </Notice>
      )}
    </form>
  );
}
