import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { mealTimes, type Ingredient, type Meal } from '@hearth/contract/meals';
import { mealMessages } from './texts.ts';
import { formatQuantity } from '@hearth/contract/quantity';
import { paths } from '../../shared/paths.ts';
import { ApiError } from '../../shared/api/client.ts';
import { errorMessage } from '../../shared/api/errors.ts';
import { Modal } from '../../shared/ui/Modal.tsx';
import { ErrorBanner, Loading } from '../../shared/ui/Status.tsx';
import { useCurrentUser } from '../../shared/useCurrentUser.ts';
import { AddToListControl } from './AddToListControl.tsx';
import { describeIngredient } from './format.ts';
import { MealForm } from './MealForm.tsx';
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
  const remove = useDeleteMeal(meal.id);

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
      <p className="muted">{mealTimes(meal)}</p>

      <section className="card stack" aria-labelledby="ingredients-heading">
        <h2 id="ingredients-heading">Ingredients</h2>
        {meal.ingredients.length === 0
          ? <p className="muted">No ingredients.</p>
          : <ul className="ingredient-list">{meal.ingredients.map((i, n) => <li key={n}>{describeIngredient(i)}</li>)}</ul>}
        {canEdit && user?.familyId && <AddToListControl meal={meal} familyId={user.familyId} />}
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
