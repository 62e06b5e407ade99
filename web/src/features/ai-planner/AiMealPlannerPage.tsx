import { useEffect, useState, type FormEvent } from 'react';
import {
  aiLimits, cuisineTypes, prepTimeChoices, proteinChoices, spiceLevels, type AiAnswer, type AiMealRequestInput,
  type CuisineType, type GeneratedMeal, type PrepTimeChoice, type ProteinChoice, type SpiceLevel,
} from '@hearth/contract/ai-planner';
import { ApiError } from '../../shared/api/client.ts';
import { ErrorBanner, Loading, Notice } from '../../shared/ui/Status.tsx';
import { useCan } from '../../shared/useCan.ts';
import { useCurrentUser } from '../../shared/useCurrentUser.ts';
import { useTitle } from '../../shared/useTitle.ts';
import { AlterDialog } from './AlterDialog.tsx';
import { MealCard } from './MealCard.tsx';
import { useAiUsage, useGenerateMeals } from './queries.ts';
import { aiTexts as t, cuisineLabels, proteinLabels, spiceLabels, timeLabels } from './texts.ts';
import './ai-planner.css';

interface Form {
  proteinChoice: ProteinChoice | '';
  timeToPrepare: PrepTimeChoice | '';
  cuisineType: CuisineType | '';
  spiceLevel: SpiceLevel | '';
  dietaryRestrictions: string;
  kidFriendly: boolean;
  onePotMeal: boolean;
}

const empty: Form = {
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
  const [form, setForm] = useState<Form>(empty);
  const [problems, setProblems] = useState<{ protein?: string; time?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<{ status: AiAnswer['status']; notice: string | null; slots: Slot[] } | null>(null);
  const [altering, setAltering] = useState<Slot | null>(null);
  const waitingText = useWaitingText(generate.isPending);
  const remaining = usage.data?.remainingRequests;
  const outOfRequests = remaining === 0;

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = {
      ...(form.proteinChoice ? {} : { protein: t.proteinRequired }),
      ...(form.timeToPrepare ? {} : { time: t.timeRequired }),
    };
    setProblems(found);
    setError(null);
    if (!form.proteinChoice || !form.timeToPrepare) return;
    const body: AiMealRequestInput = {
      proteinChoice: form.proteinChoice, timeToPrepare: form.timeToPrepare,
      dietaryRestrictions: form.dietaryRestrictions.trim() || null, kidFriendly: form.kidFriendly, onePotMeal: form.onePotMeal,
      cuisineType: form.cuisineType || null, spiceLevel: form.spiceLevel || null,
    };
    try {
      const result = await generate.mutateAsync(body);
      const batch = Date.now();
      setAnswer({ status: result.status, notice: result.notice, slots: result.meals.map((meal, i) => ({ key: `${batch}-${i}`, meal, altered: false })) });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t.generateFailed);
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

      <form className="card stack ai-form" onSubmit={submit} noValidate aria-label={t.title}>
        <div className="ai-form-grid">
          <label>
            {t.protein} *
            <select value={form.proteinChoice} aria-invalid={Boolean(problems.protein)}
              onChange={(e) => set('proteinChoice', e.target.value as Form['proteinChoice'])}>
              <option value="">{t.choose}</option>
              {proteinChoices.map((p) => <option key={p} value={p}>{proteinLabels[p]}</option>)}
            </select>
            {problems.protein && <span className="field-error">{problems.protein}</span>}
          </label>
          <label>
            {t.time} *
            <select value={form.timeToPrepare} aria-invalid={Boolean(problems.time)}
              onChange={(e) => set('timeToPrepare', e.target.value as Form['timeToPrepare'])}>
              <option value="">{t.choose}</option>
              {prepTimeChoices.map((p) => <option key={p} value={p}>{timeLabels[p]}</option>)}
            </select>
            {problems.time && <span className="field-error">{problems.time}</span>}
          </label>
          <label>
            {t.cuisine}
            <select value={form.cuisineType} onChange={(e) => set('cuisineType', e.target.value as Form['cuisineType'])}>
              <option value="">{t.anyCuisine}</option>
              {cuisineTypes.map((c) => <option key={c} value={c}>{cuisineLabels[c]}</option>)}
            </select>
          </label>
          <label>
            {t.spice}
            <select value={form.spiceLevel} onChange={(e) => set('spiceLevel', e.target.value as Form['spiceLevel'])}>
              <option value="">{t.anySpice}</option>
              {spiceLevels.map((s) => <option key={s} value={s}>{spiceLabels[s]}</option>)}
            </select>
          </label>
        </div>
        <label>
          {t.dietary}
          <textarea rows={2} maxLength={aiLimits.dietaryRestrictionsMax} placeholder={t.dietaryHint}
            value={form.dietaryRestrictions} onChange={(e) => set('dietaryRestrictions', e.target.value)} />
        </label>
        <div className="row ai-checks">
          <label className="inline">
            <input type="checkbox" checked={form.kidFriendly} onChange={(e) => set('kidFriendly', e.target.checked)} />
            {t.kidFriendly}
          </label>
          <label className="inline">
            <input type="checkbox" checked={form.onePotMeal} onChange={(e) => set('onePotMeal', e.target.checked)} />
            {t.onePot}
          </label>
        </div>
        <button type="submit" disabled={generate.isPending || outOfRequests}>{t.generate}</button>
      </form>

      <ErrorBanner message={error} onDismiss={() => setError(null)} />
      {outOfRequests && !error && <Notice>{t.quotaReached}</Notice>}

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
