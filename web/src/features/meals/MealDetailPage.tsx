import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { mealLimits, mealTimes, scaledQuantity, type Meal } from '@hearth/contract/meals';
import { mealMessages } from './texts.ts';
import { paths } from '../../shared/paths.ts';
import { ApiError } from '../../shared/api/client.ts';
import { errorMessage } from '../../shared/api/errors.ts';
import { Modal } from '../../shared/ui/Modal.tsx';
import { ErrorBanner, Loading } from '../../shared/ui/Status.tsx';
import { useCurrentUser } from '../../shared/useCurrentUser.ts';
import { AddToListControl } from './AddToListControl.tsx';
import { describeIngredient } from './format.ts';
import { MealForm } from './MealForm.tsx';
import { MealPhoto } from './MealPhoto.tsx';
import { failureText, useDeleteMeal, useMeal } from './queries.ts';
import './meals.css';
import { useCan } from '../../shared/useCan.ts';
import { useTitle } from '../../shared/useTitle.ts';

export function MealDetailPage() {
  const { id = '' } = useParams();
  const meal = useMeal(id);

  let content;
  if (meal.isPending) content = <Loading />;
  else if (meal.isError) {
    const missing = meal.error instanceof ApiError && (meal.error.status === 404 || meal.error.status === 400);
    content = missing
      ? <p className="muted">{mealMessages.notFound}</p>
      : <ErrorBanner message={errorMessage(meal.error, mealMessages.loadOneFailed)} />;
  } else content = <MealView meal={meal.data} />;

  return (
    <main className="page stack">
      <div className="row">
        <Link className="button secondary" to={paths.meals}>Back to meals</Link>
      </div>
      {content}
    </main>
  );
}

function MealView({ meal }: { meal: Meal }) {
  useTitle(meal.name, 'Meal');
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const canEdit = useCan().edit;
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [servings, setServings] = useState(meal.servings);
  const remove = useDeleteMeal(meal.id);
  // The amounts shown are the amounts a list gets: both scale from the meal's own servings.
  const ingredients = meal.ingredients.map((i) => ({ ...i, quantity: scaledQuantity(i.quantity, meal.servings, servings) }));

  const confirmDelete = async () => {
    setError(null);
    try {
      await remove.mutateAsync();
      navigate(paths.meals);
    } catch (err) {
      setConfirming(false);
      setError(failureText(mealMessages.deleteFailed, err));
    }
  };

  if (editing && canEdit) {
    return (
      <section className="card stack">
        <h1>Edit Meal</h1>
        <MealForm meal={meal} onSaved={() => setEditing(false)} onCancel={() => setEditing(false)} />
      </section>
    );
  }

  return (
    <article className="stack">
      <div className="spread">
        <h1>{meal.name}</h1>
        {canEdit && (
          <div className="row">
            <button type="button" className="secondary" onClick={() => setEditing(true)}>Edit</button>
            <button type="button" className="danger" onClick={() => setConfirming(true)}>Delete</button>
          </div>
        )}
      </div>
      <ErrorBanner message={error} onDismiss={() => setError(null)} />
      <MealPhoto meal={meal} size="full" className="meal-page-photo" />
      <p className="muted">{mealTimes(meal)}</p>
      {meal.tags.length > 0 && (
        <ul className="meal-tags" aria-label={mealMessages.tags}>
          {meal.tags.map((t) => <li key={t} className="badge">{t}</li>)}
        </ul>
      )}
      {meal.sourceUrl && (
        <p className="meal-source">
          {mealMessages.sourceLink}: <a href={meal.sourceUrl} target="_blank" rel="noopener noreferrer nofollow">{hostOf(meal.sourceUrl)}</a>
        </p>
      )}

      <section className="card stack" aria-labelledby="ingredients-heading">
        <div className="spread">
          <h2 id="ingredients-heading">Ingredients</h2>
          {servings !== null && <ServingsStepper value={servings} onChange={setServings} />}
        </div>
        {ingredients.length === 0
          ? <p className="muted">No ingredients.</p>
          : <ul className="ingredient-list">{ingredients.map((i, n) => <li key={n}>{describeIngredient(i)}</li>)}</ul>}
        {canEdit && user?.familyId && (
          <AddToListControl meal={meal} ingredients={ingredients} servings={servings} familyId={user.familyId} />
        )}
      </section>

      <section className="card stack" aria-labelledby="directions-heading">
        <h2 id="directions-heading">Directions</h2>
        {meal.directions ? <p className="directions">{meal.directions}</p> : <p className="muted">No directions.</p>}
      </section>

      <Modal title="Delete meal" open={confirming} onClose={() => setConfirming(false)}>
        <p>Delete “{meal.name}”? This cannot be undone.</p>
        <div className="row">
          <button type="button" className="danger" onClick={confirmDelete} disabled={remove.isPending}>
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </button>
          <button type="button" className="secondary" onClick={() => setConfirming(false)}>Cancel</button>
        </div>
      </Modal>
    </article>
  );
}

/** Scales the amounts shown and sent to a list; starts at the meal's own servings. */
function ServingsStepper({ value, onChange }: { value: number; onChange: (n: number) => void }) {
  return (
    <div className="servings-stepper" role="group" aria-label={mealMessages.servings}>
      <button type="button" className="icon secondary" aria-label={mealMessages.fewerServings}
        disabled={value <= 1} onClick={() => onChange(value - 1)}>−</button>
      <output aria-live="polite" aria-label={mealMessages.servings}>{value} {mealMessages.servings.toLowerCase()}</output>
      <button type="button" className="icon secondary" aria-label={mealMessages.moreServings}
        disabled={value >= mealLimits.servingsMax} onClick={() => onChange(value + 1)}>+</button>
    </div>
  );
}

/** "example.org" for a link's text: the whole address is in its href. */
function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}
