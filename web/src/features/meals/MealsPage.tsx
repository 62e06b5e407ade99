import { useState } from 'react';
import { Link } from 'react-router';
import { mealTimes } from '@hearth/contract/meals';
import { mealMessages } from './texts.ts';
import { paths } from '../../shared/paths.ts';
import { errorMessage } from '../../shared/api/errors.ts';
import { Modal } from '../../shared/ui/Modal.tsx';
import { ErrorBanner, Loading } from '../../shared/ui/Status.tsx';
import { useCurrentUser } from '../../shared/useCurrentUser.ts';
import { ImportDialog } from './ImportDialog.tsx';
import { MealForm } from './MealForm.tsx';
import { useMeals } from './queries.ts';
import './meals.css';
import { useCan } from '../../shared/useCan.ts';
import { useTitle } from '../../shared/useTitle.ts';

export function MealsPage() {
  useTitle('Meals');
  const user = useCurrentUser();
  const meals = useMeals(user.data?.familyId);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const canEdit = useCan().edit;

  let content;
  if (user.isError) content = <ErrorBanner message={errorMessage(user.error, mealMessages.loadFailed)} />;
  else if (user.data && !user.data.familyId) content = <p className="muted">{mealMessages.noFamily}</p>;
  else if (meals.isPending) content = <Loading />;
  else if (meals.isError) content = <ErrorBanner message={errorMessage(meals.error, mealMessages.loadFailed)} />;
  else if (meals.data.length === 0) content = <p className="muted">{mealMessages.empty}</p>;
  else {
    content = (
      <ul className="grid meal-grid" aria-label="Meals">
        {meals.data.map((meal) => (
          <li key={meal.id}>
            <Link className="card meal-card" to={paths.meal(meal.id)}>
              <h2>{meal.name}</h2>
              <span className="muted small">{mealTimes(meal)}</span>
            </Link>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <main className="page stack">
      <div className="spread">
        <h1>Meals</h1>
        {canEdit && (
          <div className="row">
            <button type="button" className="secondary" onClick={() => setImporting(true)}>{mealMessages.importFromLink}</button>
            <button type="button" onClick={() => setAdding(true)}>{mealMessages.addMeal}</button>
          </div>
        )}
      </div>
      {content}
      <Modal title="Add Meal" open={adding} onClose={() => setAdding(false)}>
        <MealForm onSaved={() => setAdding(false)} onCancel={() => setAdding(false)} />
      </Modal>
      <ImportDialog open={importing} onClose={() => setImporting(false)} />
    </main>
  );
}
