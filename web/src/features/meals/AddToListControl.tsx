import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { type Meal } from '@hearth/contract/meals';
import { mealMessages } from './texts.ts';
import { paths } from '../../shared/paths.ts';
import { errorMessage } from '../../shared/api/errors.ts';
import { ErrorBanner, Loading, Notice } from '../../shared/ui/Status.tsx';
import { failureText, useAddMealToList, useGroceryLists } from './queries.ts';

/** Adds every ingredient of the meal to one of the family's lists. */
export function AddToListControl({ meal, familyId }: { meal: Meal; familyId: string }) {
  const lists = useGroceryLists(familyId);
  const add = useAddMealToList(meal.id);
  const [chosen, setChosen] = useState('');
  const [done, setDone] = useState<{ added: number; listId: string; title: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (lists.isPending) return <Loading text="Loading grocery lists..." />;
  if (lists.isError) return <ErrorBanner message={errorMessage(lists.error, mealMessages.addToListFailed)} />;
  if (lists.data.length === 0) {
    return <p className="muted">{mealMessages.noLists} <Link to={paths.lists}>Create a list</Link></p>;
  }
  // The first list until one is chosen, and again if the chosen one has been deleted meanwhile.
  const listId = lists.data.some((l) => l.id === chosen) ? chosen : lists.data[0]!.id;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setDone(null);
    try {
      const { added } = await add.mutateAsync({ groceryListId: listId, familyId });
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
          <select value={listId} onChange={(e) => setChosen(e.target.value)}>
            {lists.data.map((l) => <option key={l.id} value={l.id}>{l.title}</option>)}
          </select>
        </label>
        <button type="submit" disabled={add.isPending || meal.ingredients.length === 0}>
          {add.isPending ? 'Adding...' : 'Add all ingredients to list'}
        </button>
      </div>
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
