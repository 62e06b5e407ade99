import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { GeneratedIngredient, GeneratedMeal } from '@hearth/contract/ai-planner';
import type { GroceryList } from '@hearth/contract/grocery';
import { formatQuantity } from '@hearth/contract/quantity';
import { paths } from '../../shared/paths.ts';
import { ErrorBanner, Notice } from '../../shared/ui/Status.tsx';
import { listsQuery } from '../grocery/queries.ts';
import { failureText } from '../meals/queries.ts';
import { useAddSuggestionToList, useSaveSuggestion } from './queries.ts';
import { aiTexts as t } from './texts.ts';

/** Units counted in whole things read in the plural above one ("2 cloves"); measures such as tbsp or lb do not change. */
const plurals: Record<string, string> = { clove: 'cloves', cup: 'cups', slice: 'slices', sprig: 'sprigs', head: 'heads', inch: 'inches', can: 'cans' };
const unitFor = (quantity: number | null, unit: string | null) =>
  (unit && quantity !== null && quantity > 1 ? (plurals[unit] ?? unit) : unit);

const line = (i: GeneratedIngredient) =>
  [i.quantity === null ? null : formatQuantity(i.quantity), unitFor(i.quantity, i.unit), i.name].filter(Boolean).join(' ');

/** The numbered recipe text as steps; the model's words are text, never markup. */
const steps = (recipe: string) => recipe.split('\n').map((s) => s.replace(/^\s*\d+\.\s*/, '').trim()).filter(Boolean);

export function MealCard({ meal, altered, canEdit, canAlter, familyId, onAlter }: {
  meal: GeneratedMeal; altered: boolean; canEdit: boolean; canAlter: boolean; familyId: string | null; onAlter: () => void;
}) {
  const save = useSaveSuggestion();
  const add = useAddSuggestionToList();
  const [savedId, setSavedId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const saveMeal = async () => {
    try {
      setSavedId((await save.mutateAsync(meal)).id);
    } catch (err) {
      setError(failureText(t.saveFailed, err));
    }
  };

  return (
    <article className="card ai-meal" aria-label={meal.name}>
      <div className="spread ai-meal-head">
        <h3>{meal.name}</h3>
        <span className="badge">{meal.difficulty}</span>
      </div>
      {altered && <span className="badge ai-altered">{t.altered}</span>}
      <p className="ai-description">{meal.description}</p>
      <p className="muted small ai-times">
        <span>{t.prep(meal.prepTime)}</span> · <span>{t.total(meal.totalTime)}</span>
      </p>
      <h4>{t.ingredients}</h4>
      <ul className="ai-ingredients">
        {meal.ingredients.map((i, n) => <li key={n}>{line(i)}</li>)}
      </ul>
      <details className="ai-recipe">
        <summary>{t.fullRecipe}</summary>
        <ol>{steps(meal.fullRecipe).map((s, n) => <li key={n}>{s}</li>)}</ol>
      </details>
      <ErrorBanner message={error} onDismiss={() => setError(null)} />
      <div className="row ai-actions">
        <button type="button" className="secondary" onClick={onAlter} disabled={!canAlter}>{t.alter}</button>
        {canEdit && !savedId && (
          <button type="button" onClick={() => { setError(null); void saveMeal(); }} disabled={save.isPending}>
            {save.isPending ? t.saving : t.saveAsMeal}
          </button>
        )}
      </div>
      {savedId && (
        <Notice kind="success">{t.saved} <Link to={paths.meal(savedId)}>{t.viewMeal}</Link></Notice>
      )}
      {canEdit && familyId && (
        <AddToList familyId={familyId} busy={add.isPending} adding={add.isPending}
          onAdd={async (groceryListId) => {
            setError(null);
            try {
              const done = await add.mutateAsync({ meal, groceryListId, familyId, recipeId: savedId });
              if (done.failed.length > 0) setError(failureText(t.addFailed, done.reason).concat(` (${done.failed.join(', ')})`));
              return done.added;
            } catch (err) {
              setError(failureText(t.addFailed, err));
              return null;
            }
          }} />
      )}
    </article>
  );
}

function AddToList({ familyId, busy, adding, onAdd }: {
  familyId: string; busy: boolean; adding: boolean; onAdd: (listId: string) => Promise<number | null>;
}) {
  const lists = useQuery(listsQuery(familyId));
  if (lists.isPending) return null;
  if (lists.isError) return <ErrorBanner message={t.listsFailed} />;
  if (lists.data.length === 0) return <p className="muted small">{t.noLists} <Link to={paths.lists}>{t.createList}</Link></p>;
  return <AddToListForm lists={lists.data} busy={busy} adding={adding} onAdd={onAdd} />;
}

function AddToListForm({ lists, busy, adding, onAdd }: {
  lists: GroceryList[]; busy: boolean; adding: boolean; onAdd: (listId: string) => Promise<number | null>;
}) {
  const { register, handleSubmit } = useForm({ defaultValues: { listId: lists[0]!.id } });
  const [done, setDone] = useState<{ added: number; listId: string; title: string } | null>(null);

  const submit = async ({ listId: chosen }: { listId: string }) => {
    // The first list again if the chosen one has been deleted meanwhile.
    const listId = lists.some((l) => l.id === chosen) ? chosen : lists[0]!.id;
    setDone(null);
    const added = await onAdd(listId);
    if (added) setDone({ added, listId, title: lists.find((l) => l.id === listId)?.title ?? '' });
  };

  return (
    <form className="stack ai-add" onSubmit={handleSubmit(submit)} aria-label={t.addToList}>
      <div className="row">
        <label className="grow">
          {t.groceryList}
          <select {...register('listId')}>
            {lists.map((l) => <option key={l.id} value={l.id}>{l.title}</option>)}
          </select>
        </label>
        <button type="submit" className="secondary" disabled={busy}>{adding ? t.adding : t.addToList}</button>
      </div>
      {done && (
        <Notice kind="success">
          {t.added(done.added)} <Link to={paths.list(done.listId)}>{done.title}</Link>.
        </Notice>
      )}
    </form>
  );
}
