import { useEffect, useRef, useState } from 'react';
import type { PlanProposal } from '@hearth/contract/ai-planner';
import type { MealType } from '@hearth/contract/meal-plan';
import { errorMessage } from '../../../shared/api/errors.ts';
import { Modal } from '../../../shared/ui/Modal.tsx';
import { ErrorBanner, Loading, Notice } from '../../../shared/ui/Status.tsx';
import { useProposeForSlot, useProposeWeek, useSaveSuggestion } from '../../ai-planner/queries.ts';
import { calendarTexts } from '../texts.ts';
import { planActions, usePlanMutation } from './queries.ts';
import { planTexts as t } from './texts.ts';
import { dayLabel } from './week.ts';

const slotKey = (p: { date: string; mealType: MealType }) => `${p.date}|${p.mealType}`;

/** Accepting plans the proposal through the planner's own path; a catalogue recipe is first saved to the library. */
function useAccept() {
  const save = useSaveSuggestion();
  const plan = usePlanMutation(planActions.plan);
  return {
    pending: save.isPending || plan.isPending,
    accept: async (p: PlanProposal) => {
      const recipeId = p.recipeId ?? (await save.mutateAsync(p.meal!)).id;
      await plan.mutateAsync({ recipeId, date: p.date, mealType: p.mealType });
    },
  };
}

/**
 * "Plan my week": asks once on open, then each evening's proposal is accepted (planned), swapped (another for that
 * evening, one request) or rejected (dropped); nothing is planned that was not accepted.
 */
export function WeekProposals({ weekStart, onClose }: { weekStart: string; onClose: () => void }) {
  const ask = useProposeWeek();
  const swap = useProposeForSlot();
  const { accept, pending } = useAccept();
  const [proposals, setProposals] = useState<PlanProposal[] | null>(null);
  const [accepted, setAccepted] = useState(0);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { mutate } = ask;

  // Asked once per opening: a request is the family's quota, so a second run of the effect must not ask again.
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    mutate(weekStart, { onSuccess: (answer) => setProposals(answer.proposals) });
  }, [mutate, weekStart]);

  const drop = (p: PlanProposal) => setProposals((all) => all?.filter((x) => slotKey(x) !== slotKey(p)) ?? null);
  const onAccept = async (p: PlanProposal) => {
    setError(null);
    setBusy(slotKey(p));
    try {
      await accept(p);
      drop(p);
      setAccepted((n) => n + 1);
    } catch (e) {
      setError(errorMessage(e, t.saveFailed));
    } finally {
      setBusy(null);
    }
  };
  const onSwap = (p: PlanProposal) => {
    setError(null);
    setBusy(slotKey(p));
    swap.mutate({ date: p.date, mealType: p.mealType, exclude: (proposals ?? []).map((x) => x.name) }, {
      onSuccess: (answer) => {
        const next = answer.proposals[0];
        if (!next) setError(t.noOtherIdea);
        else setProposals((all) => all?.map((x) => (slotKey(x) === slotKey(p) ? next : x)) ?? null);
      },
      onError: (e) => setError(errorMessage(e, t.ideasFailed)),
      onSettled: () => setBusy(null),
    });
  };

  return (
    <Modal title={t.planWeekTitle} open onClose={onClose}>
      <div className="stack plan-proposals">
        {ask.isPending && <Loading text={t.planning} />}
        {ask.isError && <ErrorBanner message={errorMessage(ask.error, t.ideasFailed)} />}
        {error && <ErrorBanner message={error} onDismiss={() => setError(null)} />}
        {accepted > 0 && <Notice kind="success">{t.accepted(accepted)}</Notice>}
        {proposals && proposals.length === 0 && <p className="muted">{t.allReviewed}</p>}
        {proposals && proposals.length > 0 && (
          <ul className="plan-proposal-list">
            {proposals.map((p) => (
              <li key={slotKey(p)} className="plan-proposal" aria-label={`${dayLabel(p.date)}: ${p.name}`}>
                <div>
                  <span className="muted">{dayLabel(p.date)} · {calendarTexts.mealTypes[p.mealType]}</span>
                  <strong>{p.name}</strong>
                  {!p.recipeId && <span className="muted">{t.newRecipe}</span>}
                </div>
                <div className="row">
                  <button type="button" disabled={busy !== null || pending} onClick={() => void onAccept(p)}>{t.accept}</button>
                  <button type="button" className="secondary" disabled={busy !== null} onClick={() => onSwap(p)}>
                    {busy === slotKey(p) && swap.isPending ? t.swapping : t.swap}
                  </button>
                  <button type="button" className="secondary" disabled={busy !== null} onClick={() => drop(p)}>{t.reject}</button>
                </div>
              </li>
            ))}
          </ul>
        )}
        {proposals && proposals.length > 0 && <p className="muted">{t.swapCosts}</p>}
        <button type="button" className="secondary" onClick={onClose}>{t.done}</button>
      </div>
    </Modal>
  );
}

/** A slot's "Ideas": up to three, asked on open and on "More ideas" (each one request); choosing one plans it. */
export function SlotIdeas({ date, mealType, onClose }: { date: string; mealType: MealType; onClose: () => void }) {
  const ask = useProposeForSlot();
  const { accept, pending } = useAccept();
  const [shown, setShown] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const { mutate } = ask;
  const title = t.ideasTitle(calendarTexts.mealTypes[mealType], dayLabel(date));

  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    mutate({ date, mealType });
  }, [mutate, date, mealType]);

  const more = () => {
    const names = [...shown, ...(ask.data?.proposals ?? []).map((p) => p.name)].slice(-14);
    setShown(names);
    mutate({ date, mealType, exclude: names });
  };
  const choose = async (p: PlanProposal) => {
    setError(null);
    try {
      await accept(p);
      onClose();
    } catch (e) {
      setError(errorMessage(e, t.saveFailed));
    }
  };

  return (
    <Modal title={title} open onClose={onClose}>
      <div className="stack plan-proposals">
        {ask.isPending && <Loading text={t.thinking} />}
        {ask.isError && <ErrorBanner message={errorMessage(ask.error, t.ideasFailed)} />}
        {error && <ErrorBanner message={error} onDismiss={() => setError(null)} />}
        {ask.isSuccess && ask.data.proposals.length === 0 && <p className="muted">{t.noIdeas}</p>}
        {ask.isSuccess && ask.data.proposals.length > 0 && (
          <ul className="plan-proposal-list">
            {ask.data.proposals.map((p) => (
              <li key={p.name} className="plan-proposal" aria-label={p.name}>
                <div>
                  <strong>{p.name}</strong>
                  {!p.recipeId && <span className="muted">{t.newRecipe}</span>}
                </div>
                <button type="button" disabled={pending} onClick={() => void choose(p)}>{t.planThis}</button>
              </li>
            ))}
          </ul>
        )}
        <div className="row">
          <button type="button" className="secondary" disabled={ask.isPending} onClick={more}>{t.moreIdeas}</button>
          <button type="button" className="secondary" onClick={onClose}>{t.done}</button>
        </div>
      </div>
    </Modal>
  );
}
