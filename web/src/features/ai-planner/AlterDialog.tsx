import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { aiLimits, type AiStatus, type GeneratedMeal } from '@hearth/contract/ai-planner';
import { Modal } from '../../shared/ui/Modal.tsx';
import { Loading } from '../../shared/ui/Status.tsx';
import { hasCode } from '../../shared/api/errors.ts';
import { FieldError, failSubmit, invalidIf, SubmitError } from '../../shared/form.tsx';
import { failureText } from '../meals/queries.ts';
import { useAlterMeal } from './queries.ts';
import { aiTexts as t } from './texts.ts';

const Fields = z.object({ request: z.string().trim().min(1, t.alterationRequired) });
type Fields = z.infer<typeof Fields>;

/** Asks for one change to a meal (at most 250 characters, with a counter) and hands back the altered meal. */
export function AlterDialog({ meal, onClose, onAltered }: {
  meal: GeneratedMeal | null; onClose: () => void; onAltered: (meal: GeneratedMeal, status: AiStatus) => void;
}) {
  const alter = useAlterMeal();
  const { register, control, handleSubmit, reset, setError, formState: { errors } } = useForm<Fields>({
    resolver: zodResolver(Fields), defaultValues: { request: '' },
  });
  const request = useWatch({ control, name: 'request' });
  // Another meal, another request.
  useEffect(() => reset(), [meal, reset]);

  const submit = async ({ request: text }: Fields) => {
    if (!meal) return;
    try {
      const answer = await alter.mutateAsync({
        originalName: meal.name, originalDescription: meal.description, originalRecipe: meal.fullRecipe,
        originalIngredients: meal.ingredients, originalPrepTime: meal.prepTime, originalTotalTime: meal.totalTime,
        originalDifficulty: meal.difficulty, alterationRequest: text,
      });
      const [altered] = answer.meals;
      if (altered) onAltered(altered, answer.status);
      else failSubmit(setError, t.alterFailed);
    } catch (err) {
      // A change the catalogue cannot make is no failure to try again: the server says what to do instead.
      failSubmit(setError, hasCode(err, 'UNPROCESSABLE') && err instanceof Error ? err.message : failureText(t.alterFailed, err));
    }
  };

  return (
    <Modal title={t.alter} open={meal !== null} onClose={onClose}>
      <form className="stack" onSubmit={handleSubmit(submit)} noValidate>
        <p className="ai-alter-meal">{meal?.name}</p>
        <label>
          {t.alterLabel}
          <textarea rows={3} maxLength={aiLimits.alterationMax} placeholder={t.alterHint} {...register('request')}
            aria-invalid={invalidIf(errors.request)} aria-describedby="alter-count" />
        </label>
        <span id="alter-count" className="muted small ai-counter">{request.length}/{aiLimits.alterationMax}</span>
        <FieldError error={errors.request} alert />
        <SubmitError errors={errors} />
        {alter.isPending && <Loading text={t.altering} />}
        <div className="row confirm-actions">
          <button type="button" className="secondary" onClick={onClose}>{t.cancel}</button>
          <button type="submit" disabled={alter.isPending}>{t.alter}</button>
        </div>
      </form>
    </Modal>
  );
}
