import { useEffect, useState, type FormEvent } from 'react';
import { aiLimits, type AiStatus, type GeneratedMeal } from '@hearth/contract/ai-planner';
import { Modal } from '../../shared/ui/Modal.tsx';
import { ErrorBanner, Loading } from '../../shared/ui/Status.tsx';
import { hasCode } from '../../shared/api/errors.ts';
import { failureText } from '../meals/queries.ts';
import { useAlterMeal } from './queries.ts';
import { aiTexts as t } from './texts.ts';

/** Asks for one change to a meal (at most 250 characters, with a counter) and hands back the altered meal. */
export function AlterDialog({ meal, onClose, onAltered }: {
  meal: GeneratedMeal | null; onClose: () => void; onAltered: (meal: GeneratedMeal, status: AiStatus) => void;
}) {
  const alter = useAlterMeal();
  const [request, setRequest] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setRequest('');
    setError(null);
  }, [meal]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!meal) return;
    const text = request.trim();
    if (!text) {
      setError(t.alterationRequired);
      return;
    }
    setError(null);
    try {
      const answer = await alter.mutateAsync({
        originalName: meal.name, originalDescription: meal.description, originalRecipe: meal.fullRecipe,
        originalIngredients: meal.ingredients, originalPrepTime: meal.prepTime, originalTotalTime: meal.totalTime,
        originalDifficulty: meal.difficulty, alterationRequest: text,
      });
      const [altered] = answer.meals;
      if (altered) onAltered(altered, answer.status);
      else setError(t.alterFailed);
    } catch (err) {
      // A change the catalogue cannot make is no failure to try again: the server says what to do instead.
      setError(hasCode(err, 'UNPROCESSABLE') && err instanceof Error ? err.message : failureText(t.alterFailed, err));
    }
  };

  return (
    <Modal title={t.alter} open={meal !== null} onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate>
        <p className="ai-alter-meal">{meal?.name}</p>
        <label>
          {t.alterLabel}
          <textarea rows={3} maxLength={aiLimits.alterationMax} placeholder={t.alterHint} value={request}
            onChange={(e) => setRequest(e.target.value)} aria-describedby="alter-count" />
        </label>
        <span id="alter-count" className="muted small ai-counter">{request.length}/{aiLimits.alterationMax}</span>
        <ErrorBanner message={error} />
        {alter.isPending && <Loading text={t.altering} />}
        <div className="row confirm-actions">
          <button type="button" className="secondary" onClick={onClose}>{t.cancel}</button>
          <button type="submit" disabled={alter.isPending}>{t.alter}</button>
        </div>
      </form>
    </Modal>
  );
}
