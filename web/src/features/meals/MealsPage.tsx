import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { mealLimits, mealTimes, type Meal } from '@hearth/contract/meals';
import { mealMessages } from './texts.ts';
import { paths } from '../../shared/paths.ts';
import { errorMessage } from '../../shared/api/errors.ts';
import { Modal } from '../../shared/ui/Modal.tsx';
import { ErrorBanner, Loading } from '../../shared/ui/Status.tsx';
import { useCurrentUser } from '../../shared/useCurrentUser.ts';
import { ImportDialog } from './ImportDialog.tsx';
import { MealForm } from './MealForm.tsx';
import { MealPhoto } from './MealPhoto.tsx';
import { useMealSearch, useMeals, useMealTags } from './queries.ts';
import './meals.css';
import { useCan } from '../../shared/useCan.ts';
import { useTitle } from '../../shared/useTitle.ts';

/** The search text once typing pauses, so each pause asks the server once. */
function useSettled(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

export function MealsPage() {
  useTitle('Meals');
  const user = useCurrentUser();
  const familyId = user.data?.familyId;
  const meals = useMeals(familyId);
  const [text, setText] = useState('');
  const [tag, setTag] = useState('');
  const q = useSettled(text);
  const tags = useMealTags(familyId);
  const search = useMealSearch(familyId, q, tag);
  const filtering = Boolean(q || tag);
  const shown = filtering ? search : meals;
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const canEdit = useCan().edit;

  let content;
  if (user.isError) content = <ErrorBanner message={errorMessage(user.error, mealMessages.loadFailed)} />;
  else if (user.data && !user.data.familyId) content = <p className="muted">{mealMessages.noFamily}</p>;
  else if (shown.isPending) content = <Loading />;
  else if (shown.isError) content = <ErrorBanner message={errorMessage(shown.error, mealMessages.loadFailed)} />;
  else if (shown.data.length === 0) content = <p className="muted">{filtering ? mealMessages.noMatch(q) : mealMessages.empty}</p>;
  else {
    content = (
      <>
        {filtering && shown.data.length === mealLimits.searchResultsMax && <p className="muted small">{mealMessages.firstMatches}</p>}
        <ul className="grid meal-grid" aria-label="Meals">
          {shown.data.map((meal) => <li key={meal.id}><MealCard meal={meal} /></li>)}
        </ul>
      </>
    );
  }
  const familyTags = tags.data ?? [];

  return (
    <main className="page stack">
      <div className="spread">
        <h1>Meals</h1>
        <div className="row">
          <Link to={paths.mealPlan} className="button secondary">{mealMessages.planWeek}</Link>
          {canEdit && (<>
            <button type="button" className="secondary" onClick={() => setImporting(true)}>{mealMessages.importFromLink}</button>
            <button type="button" onClick={() => setAdding(true)}>{mealMessages.addMeal}</button>
          </>)}
        </div>
      </div>
      {meals.data && meals.data.length > 0 && (
        <div className="stack meal-filters">
          <input type="search" className="meal-search" value={text} placeholder={mealMessages.searchPlaceholder}
            aria-label={mealMessages.searchLabel} maxLength={mealLimits.searchMax} onChange={(e) => setText(e.target.value)} />
          {familyTags.length > 0 && (
            <div className="row meal-tag-filter" role="group" aria-label={mealMessages.filterByTag}>
              {familyTags.map((t) => (
                <button key={t.id} type="button" className="meal-chip" aria-pressed={tag === t.id}
                  onClick={() => setTag(tag === t.id ? '' : t.id)}>
                  {t.name}
                </button>
              ))}
            </div>
          )}
        </div>
      )}
      {content}
      <Modal title="Add Meal" open={adding} onClose={() => setAdding(false)}>
        <MealForm onSaved={() => setAdding(false)} onCancel={() => setAdding(false)} />
      </Modal>
      <ImportDialog open={importing} onClose={() => setImporting(false)} />
    </main>
  );
}

function MealCard({ meal }: { meal: Meal }) {
  return (
    <Link className="card meal-card" to={paths.meal(meal.id)}>
      <MealPhoto meal={meal} size="card" className="meal-card-photo" />
      <h2>{meal.name}</h2>
      <span className="muted small">{mealTimes(meal)}</span>
      {meal.tags.length > 0 && (
        <ul className="meal-tags" aria-label={mealMessages.tags}>
          {meal.tags.map((t) => <li key={t} className="badge">{t}</li>)}
        </ul>
      )}
    </Link>
  );
}
