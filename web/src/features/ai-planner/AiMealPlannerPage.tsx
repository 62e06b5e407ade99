import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  aiLimits, cuisineTypes, prepTimeChoices, proteinChoices, spiceLevels, type AiAnswer, type AiMealRequestInput,
  type GeneratedMeal,
} from '@hearth/contract/ai-planner';
import { ApiError } from '../../shared/api/client.ts';
import { FieldError, failSubmit, invalidIf, submitErrorOf } from '../../shared/form.tsx';
import { ErrorBanner, Loading, Notice } from '../../shared/ui/Status.tsx';
import { useCan } from '../../shared/useCan.ts';
import { useCurrentUser } from '../../shared/useCurrentUser.ts';
import { useTitle } from '../../shared/useTitle.ts';
import { AlterDialog } from './AlterDialog.tsx';
import { MealCard } from './MealCard.tsx';
import { useAiUsage, useGenerateMeals } from './queries.ts';
import { aiTexts as t, cuisineLabels, proteinLabels, spiceLabels, timeLabels } from './texts.ts';
import './ai-planner.css';

/** Protein and time are required; the rest narrows the ideas when given. */
const Fields = z.object({
  proteinChoice: z.string().pipe(z.enum(proteinChoices, { error: t.proteinRequired })),
  timeToPrepare: z.string().pipe(z.enum(prepTimeChoices, { error: t.timeRequired })),
  cuisineType: z.enum(cuisineTypes).or(z.literal('')).transform((v) => v || null),
  spiceLevel: z.enum(spiceLevels).or(z.literal('')).transform((v) => v || null),
  dietaryRestrictions: z.string().transform((v) => v.trim() || null),
  kidFriendly: z.boolean(),
  onePotMeal: z.boolean(),
});
type FieldsIn = z.input<typeof Fields>;
type Fields = z.output<typeof Fields>;

const empty: FieldsIn = {
  proteinChoice: '', timeToPrepare: '', cuisineType: '', spiceLevel: '', dietaryRestrictions: '', kidFriendly: false, onePotMeal: false,
};

/** The waiting message, which changes once the wait passes the spec's 5 seconds. */
function useWaitingText(waiting: boolean): string {
  const [long, setLong] = useState(false);
  useEffect(() => {
    setLong(false);
    if (!waiting) return undefined;
    const timer = setTimeout(() => setLong(true), aiLimits.waitingMessageAfterMs);
    return () => clearTimeout(timer);
  }, [waiting]);
  return long ? t.stillWaiting : t.waiting;
}

/** A result card's key: the answer it came from and its place, so an altered card keeps its slot. */
interface Slot { key: string; meal: GeneratedMeal; altered: boolean }

export function AiMealPlannerPage() {
  useTitle(t.title);
  const canEdit = useCan().edit;
  const familyId = useCurrentUser().data?.familyId ?? null;
  const usage = useAiUsage();
  const generate = useGenerateMeals();
  const { register, handleSubmit, setError, clearErrors, formState: { errors } } = useForm<FieldsIn, unknown, Fields>({
    resolver: zodResolver(Fields), defaultValues: empty,
  });
  const failure = submitErrorOf(errors);
  const [answer, setAnswer] = useState<{ status: AiAnswer['status']; notice: string | null; slots: Slot[] } | null>(null);
  const [altering, setAltering] = useState<Slot | null>(null);
  const waitingText = useWaitingText(generate.isPending);
  const remaining = usage.data?.remainingRequests;
  const outOfRequests = remaining === 0;

  const submit = async (body: AiMealRequestInput) => {
    try {
      const result = await generate.mutateAsync(body);
      const batch = Date.now();
      setAnswer({ status: result.status, notice: result.notice, slots: result.meals.map((meal, i) => ({ key: `${batch}-${i}`, meal, altered: false })) });
    } catch (err) {
      failSubmit(setError, err instanceof ApiError ? err.message : t.generateFailed);
    }
  };

  const replace = (slot: Slot, meal: GeneratedMeal, status: AiAnswer['status']) => {
    setAnswer((a) => a && ({
      status: a.status === 'fallback' || status === 'fallback' ? 'fallback' : 'success',
      notice: a.notice,
      slots: a.slots.map((s) => (s.key === slot.key ? { key: `${slot.key}-a${Date.now()}`, meal, altered: true } : s)),
    }));
    setAltering(null);
  };

  return (
    <main className="page ai-planner">
      <div className="spread">
        <h1>{t.title}</h1>
        {remaining !== undefined && (
          <span className={`badge${outOfRequests ? ' badge-out' : ''}`} data-testid="remaining">{t.remaining(remaining)}</span>
        )}
      </div>
      <p className="muted">{t.intro}</p>

      <form className="card stack ai-form" onSubmit={handleSubmit(submit)} noValidate aria-label={t.title}>
        <div className="ai-form-grid">
          <label>
            {t.protein} *
            <select {...register('proteinChoice')} aria-invalid={invalidIf(errors.proteinChoice)}>
              <option value="">{t.choose}</option>
              {proteinChoices.map((p) => <option key={p} value={p}>{proteinLabels[p]}</option>)}
            </select>
            <FieldError error={errors.proteinChoice} />
          </label>
          <label>
            {t.time} *
            <select {...register('timeToPrepare')} aria-invalid={invalidIf(errors.timeToPrepare)}>
              <option value="">{t.choose}</option>
              {prepTimeChoices.map((p) => <option key={p} value={p}>{timeLabels[p]}</option>)}
            </select>
            <FieldError error={errors.timeToPrepare} />
          </label>
          <label>
            {t.cuisine}
            <select {...register('cuisineType')}>
              <option value="">{t.anyCuisine}</option>
              {cuisineTypes.map((c) => <option key={c} value={c}>{cuisineLabels[c]}</option>)}
            </select>
          </label>
          <label>
            {t.spice}
            <select {...register('spiceLevel')}>
              <option value="">{t.anySpice}</option>
              {spiceLevels.map((s) => <option key={s} value={s}>{spiceLabels[s]}</option>)}
            </select>
          </label>
        </div>
        <label>
          {t.dietary}
          <textarea rows={2} maxLength={aiLimits.dietaryRestrictionsMax} placeholder={t.dietaryHint}
            {...register('dietaryRestrictions')} />
        </label>
        <div className="row ai-checks">
          <label className="inline">
            <input type="checkbox" {...register('kidFriendly')} />
            {t.kidFriendly}
          </label>
          <label className="inline">
            <input type="checkbox" {...register('onePotMeal')} />
            {t.onePot}
          </label>
        </div>
        <button type="submit" disabled={generate.isPending || outOfRequests}>{t.generate}</button>
      </form>

      <ErrorBanner message={failure} onDismiss={() => clearErrors('root')} />
      {outOfRequests && !failure && <Notice>{t.quotaReached}</Notice>}

      {generate.isPending && <div className="ai-waiting"><Loading text={waitingText} /></div>}

      {answer && !generate.isPending && (
        <section className="stack" aria-label={t.results}>
          <h2>{t.results}</h2>
          {answer.status === 'fallback' && <Notice>{t.fallback}</Notice>}
          {answer.notice && <Notice><span data-testid="ai-notice">{answer.notice}</span></Notice>}
          {answer.slots.length === 0 && <p className="muted">{t.noResults}</p>}
          {!canEdit && answer.slots.length > 0 && <p className="muted small">{t.readOnly}</p>}
          <ul className="ai-results">
            {answer.slots.map((slot) => (
              <li key={slot.key}>
                <MealCard meal={slot.meal} altered={slot.altered} canEdit={canEdit} familyId={familyId}
                  canAlter={!outOfRequests} onAlter={() => setAltering(slot)} />
              </li>
            ))}
          </ul>
        </section>
      )}

      <AlterDialog meal={altering?.meal ?? null} onClose={() => setAltering(null)}
        onAltered={(meal, status) => { if (altering) replace(altering, meal, status); }} />
    </main>
  );
}
