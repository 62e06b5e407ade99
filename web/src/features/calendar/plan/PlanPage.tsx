import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  closestCenter, DndContext, KeyboardSensor, PointerSensor, TouchSensor, useDraggable, useDroppable, useSensor, useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { mealTypes } from '@hearth/contract/calendar';
import type { MealType, PlannedMeal } from '@hearth/contract/meal-plan';
import type { Meal } from '@hearth/contract/meals';
import { accessMessages } from '@hearth/contract/permissions';
import { errorMessage } from '../../../shared/api/errors.ts';
import { paths } from '../../../shared/paths.ts';
import { useConfirm } from '../../../shared/ui/ConfirmDialog.tsx';
import { Modal } from '../../../shared/ui/Modal.tsx';
import { ErrorBanner, Loading, Notice } from '../../../shared/ui/Status.tsx';
import { useUndo } from '../../../shared/ui/Undo.tsx';
import { useCan } from '../../../shared/useCan.ts';
import { useCurrentUser } from '../../../shared/useCurrentUser.ts';
import { useTitle } from '../../../shared/useTitle.ts';
import { useFamilySettings, useMembers } from '../../family/queries.ts';
import { useMealSearch, useMeals } from '../../meals/queries.ts';
import { inMemberOrder } from '../colors.ts';
import { addDays, nowIn } from '../dates.ts';
import { slotCoordinates, slotId } from './keyboard.ts';
import { planActions, usePlanMutation, useWeekPlan } from './queries.ts';
import { SlotIdeas, WeekProposals } from './Proposals.tsx';
import { ShopSheet } from './ShopSheet.tsx';
import { calendarTexts } from '../texts.ts';
import { planTexts as t } from './texts.ts';
import { dayLabel, weekStartOf } from './week.ts';
import './plan.css';

export function PlanPage() {
  useTitle(t.title);
  const me = useCurrentUser();
  const settings = useFamilySettings();
  if (me.data && !me.data.familyId) {
    return <main className="page"><h1>{t.title}</h1><Notice>{accessMessages.noFamily}</Notice></main>;
  }
  return (
    <main className="page stack plan-page">
      {me.data?.familyId && settings.isSuccess
        ? <Planner familyId={me.data.familyId} today={nowIn(settings.data.timezone).slice(0, 10)} firstDay={settings.data.firstDayOfWeek} />
        : <><h1>{t.title}</h1>{settings.isError ? <ErrorBanner message={t.loadFailed} /> : <Loading text={t.loading} />}</>}
    </main>
  );
}

function Planner({ familyId, today, firstDay }: { familyId: string; today: string; firstDay: number }) {
  const can = useCan();
  const [weekStart, setWeekStart] = useState(() => weekStartOf(today, firstDay));
  const week = useWeekPlan(weekStart);
  const members = useMembers();
  const memberColors = useMemo(() => new Map((members.data ?? []).map((m) => [m.id, m])), [members.data]);
  const [copying, setCopying] = useState(false);
  const [choosing, setChoosing] = useState<{ date: string; mealType: MealType } | null>(null);
  const [shopping, setShopping] = useState(false);
  const [proposing, setProposing] = useState(false);
  const [ideasFor, setIdeasFor] = useState<{ date: string; mealType: MealType } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [hidden, setHidden] = useState<Set<string>>(new Set());
  const { confirm, dialog } = useConfirm();
  const { offerUndo, snackbar } = useUndo();
  const onError = { onError: (e: unknown) => setError(errorMessage(e, t.saveFailed)) };
  const plan = usePlanMutation(planActions.plan);
  const move = usePlanMutation(planActions.move);
  const copy = usePlanMutation(planActions.copy);
  const remove = usePlanMutation(planActions.remove);
  const copyLast = usePlanMutation(planActions.copyLastWeek);
  const clear = usePlanMutation(planActions.clear);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: slotCoordinates }),
  );

  const dragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || !can.edit) return;
    const [, date, mealType] = String(over.id).split('|') as [string, string, MealType];
    const data = active.data.current as { recipeId?: string; meal?: PlannedMeal } | undefined;
    setError(null);
    if (data?.recipeId) plan.mutate({ recipeId: data.recipeId, date, mealType }, onError);
    else if (data?.meal) {
      const meal = data.meal;
      if (meal.date === date && meal.mealType === mealType) return;
      if (copying || meal.isRecurring) copy.mutate({ id: meal.id, date, mealType }, onError);
      else move.mutate({ id: meal.id, date, mealType }, onError);
    }
  };

  const removeMeal = useCallback((meal: PlannedMeal) => {
    const key = `${meal.id}|${meal.date}`;
    setHidden((h) => new Set(h).add(key));
    const show = () => setHidden((h) => { const next = new Set(h); next.delete(key); return next; });
    offerUndo(t.removed(meal.title), show, () => remove.mutate(
      { id: meal.id, ...(meal.isRecurring ? { date: meal.date } : {}) },
      { onSettled: show, onError: (e) => setError(errorMessage(e, t.saveFailed)) },
    ));
  }, [offerUndo, remove]);

  const clearWeek = async () => {
    if (!await confirm({ title: t.clearTitle, message: t.clearMessage, confirmLabel: t.clearConfirm })) return;
    clear.mutate(weekStart, onError);
  };

  const days = week.data?.days ?? Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
  const meals = (week.data?.meals ?? []).filter((m) => !hidden.has(`${m.id}|${m.date}`));
  const weekOf = (week.data?.weekStart ?? weekStart) === weekStart;

  return (
    <>
      <div className="plan-head">
        <h1>{t.title}</h1>
        <div className="row">
          <button type="button" className="secondary" onClick={() => setWeekStart(addDays(weekStart, -7))}>{t.previousWeek}</button>
          <button type="button" className="secondary" onClick={() => setWeekStart(weekStartOf(today, firstDay))}>{t.thisWeek}</button>
          <button type="button" className="secondary" onClick={() => setWeekStart(addDays(weekStart, 7))}>{t.nextWeek}</button>
        </div>
        <p className="muted plan-range">{dayLabel(days[0]!)} – {dayLabel(days[6]!)}</p>
      </div>
      {can.edit && (
        <div className="row plan-tools">
          <button type="button" onClick={() => setProposing(true)}>{t.planWeek}</button>
          <button type="button" onClick={() => setShopping(true)}>{t.shop}</button>
          <button type="button" className="secondary" disabled={copyLast.isPending}
            onClick={() => copyLast.mutate(weekStart, { ...onError, onSuccess: (r) => setNotice(t.copied(r.copied)) })}>
            {t.copyLastWeek}
          </button>
          <button type="button" className="secondary" disabled={clear.isPending} onClick={clearWeek}>{t.clearWeek}</button>
          <label className="plan-copy-toggle">
            <input type="checkbox" checked={copying} onChange={(e) => setCopying(e.target.checked)} /> {t.copyWhenDragging}
          </label>
        </div>
      )}
      {notice && <Notice kind="success">{notice}</Notice>}
      {error && <ErrorBanner message={error} onDismiss={() => setError(null)} />}
      {week.isError && <ErrorBanner message={errorMessage(week.error, t.loadFailed)} />}
      <DndContext id="meal-plan" sensors={sensors} collisionDetection={closestCenter} onDragEnd={dragEnd}>
        <div className={`plan-layout${week.isFetching && !weekOf ? ' fetching' : ''}`}>
          {can.edit && <RecipePanel familyId={familyId} />}
          {week.isPending ? <Loading text={t.loading} /> : (
            <div className="plan-week">
              {days.map((date) => (
                <section key={date} className={`plan-day${date === today ? ' today' : ''}${date < today ? ' past' : ''}`}
                  aria-label={dayLabel(date)}>
                  <h2>{dayLabel(date)}</h2>
                  {mealTypes.map((type) => (
                    <Slot key={type} date={date} type={type} editable={can.edit}
                      onChoose={() => setChoosing({ date, mealType: type })} onIdeas={() => setIdeasFor({ date, mealType: type })}>
                      {meals.filter((m) => m.date === date && m.mealType === type).map((m) => (
                        <MealCard key={`${m.id}|${m.date}`} meal={m} editable={can.edit}
                          colors={inMemberOrder(m.attendeeIds, memberColors).map((id) => memberColors.get(id)!.color)}
                          onRemove={() => removeMeal(m)}
                          onServings={(servings) => move.mutate({ id: m.id, servings }, onError)} />
                      ))}
                    </Slot>
                  ))}
                </section>
              ))}
            </div>
          )}
        </div>
      </DndContext>
      {choosing && (
        <Modal title={t.chooseRecipe} open onClose={() => setChoosing(null)}>
          <RecipeChoices familyId={familyId} onChoose={(recipe) => {
            plan.mutate({ recipeId: recipe.id, ...choosing }, onError);
            setChoosing(null);
          }} />
        </Modal>
      )}
      {proposing && <WeekProposals weekStart={weekStart} onClose={() => setProposing(false)} />}
      {ideasFor && <SlotIdeas {...ideasFor} onClose={() => setIdeasFor(null)} />}
      {shopping && <ShopSheet familyId={familyId} weekStart={weekStart} onClose={() => setShopping(false)} />}
      {dialog}
      {snackbar}
      <p className="muted"><Link to={paths.meals}>Recipes</Link> · <Link to={paths.calendar}>Calendar</Link></p>
    </>
  );
}

function Slot({ date, type, editable, onChoose, onIdeas, children }: {
  date: string; type: MealType; editable: boolean; onChoose: () => void; onIdeas: () => void; children: React.ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: slotId(date, type), disabled: !editable });
  const label = `${calendarTexts.mealTypes[type]}, ${dayLabel(date)}`;
  return (
    <div ref={setNodeRef} className={`plan-slot${isOver ? ' over' : ''}`} data-slot={`${date} ${type}`} aria-label={label} role="group">
      <h3>{calendarTexts.mealTypes[type]}</h3>
      {children}
      {editable && (
        <div className="plan-slot-actions">
          <button type="button" className="link plan-add" onClick={onChoose} aria-label={`${t.add}: ${label}`}>+ {t.add}</button>
          <button type="button" className="link plan-add" onClick={onIdeas} aria-label={`${t.ideas}: ${label}`}>{t.ideas}</button>
        </div>
      )}
    </div>
  );
}

function MealCard({ meal, editable, colors, onRemove, onServings }: {
  meal: PlannedMeal; editable: boolean; colors: string[]; onRemove: () => void; onServings: (n: number) => void;
}) {
  const { setNodeRef, listeners, attributes, transform, isDragging } = useDraggable({
    id: `meal|${meal.id}|${meal.date}`, data: { meal }, disabled: !editable,
  });
  const style = transform ? { transform: `translate(${transform.x}px, ${transform.y}px)` } : undefined;
  return (
    <article ref={setNodeRef} style={style} className={`plan-meal${isDragging ? ' dragging' : ''}`} aria-label={meal.title}>
      <div className="plan-meal-grip" {...listeners} {...attributes}>
        <strong>{meal.title}</strong>
        <span className="muted">{meal.timeString}{meal.place ? ` · ${meal.place}` : ''}</span>
        {colors.length > 0 && (
          <span className="plan-dots" aria-hidden="true">{colors.map((c, i) => <span key={i} style={{ background: c }} />)}</span>
        )}
      </div>
      {meal.recipeId && (
        <div className="row plan-servings">
          <span className="muted">{t.servings}</span>
          {editable && !meal.isRecurring ? (
            <>
              <button type="button" className="icon" aria-label={`Fewer servings of ${meal.title}`}
                disabled={(meal.servings ?? 1) <= 1} onClick={() => onServings((meal.servings ?? 1) - 1)}>−</button>
              <span aria-live="polite">{meal.servings ?? '–'}</span>
              <button type="button" className="icon" aria-label={`More servings of ${meal.title}`}
                onClick={() => onServings((meal.servings ?? 0) + 1)}>+</button>
            </>
          ) : <span className="plan-servings-count">{meal.servings ?? '–'}</span>}
        </div>
      )}
      {editable && <button type="button" className="icon plan-remove" aria-label={t.remove(meal.title)} onClick={onRemove}>×</button>}
    </article>
  );
}

/** The family's recipes, or those the search finds; the first 50 are shown. */
function useRecipes(familyId: string, text: string) {
  const all = useMeals(familyId);
  const search = useMealSearch(familyId, text.trim(), '');
  const shown = text.trim() ? search : all;
  return { ...shown, data: shown.data?.slice(0, 50) };
}

function RecipePanel({ familyId }: { familyId: string }) {
  const [text, setText] = useState('');
  const recipes = useRecipes(familyId, text);
  return (
    <aside className="plan-recipes card" aria-label={t.recipes}>
      <h2>{t.recipes}</h2>
      <input type="search" placeholder={t.searchRecipes} aria-label={t.searchRecipes} value={text} onChange={(e) => setText(e.target.value)} />
      {recipes.isPending ? <Loading /> : recipes.data?.length === 0 ? <p className="muted">{t.noRecipes}</p> : (
        <ul className="plan-recipe-list">{recipes.data?.map((r) => <RecipeChip key={r.id} recipe={r} />)}</ul>
      )}
    </aside>
  );
}

function RecipeChip({ recipe }: { recipe: Meal }) {
  const { setNodeRef, listeners, attributes, transform, isDragging } = useDraggable({
    id: `recipe|${recipe.id}`, data: { recipeId: recipe.id },
  });
  const style = transform ? { transform: `translate(${transform.x}px, ${transform.y}px)` } : undefined;
  return (
    <li>
      <div ref={setNodeRef} style={style} className={`plan-chip${isDragging ? ' dragging' : ''}`} {...listeners} {...attributes}>
        {recipe.name}
      </div>
    </li>
  );
}

function RecipeChoices({ familyId, onChoose }: { familyId: string; onChoose: (recipe: Meal) => void }) {
  const [text, setText] = useState('');
  const recipes = useRecipes(familyId, text);
  return (
    <div className="stack">
      <input type="search" data-autofocus placeholder={t.searchRecipes} aria-label={t.searchRecipes} value={text}
        onChange={(e) => setText(e.target.value)} />
      {recipes.isPending ? <Loading /> : recipes.data?.length === 0 ? <p className="muted">{t.noRecipes}</p> : (
        <ul className="plan-choice-list">
          {recipes.data?.map((r) => <li key={r.id}><button type="button" className="secondary" onClick={() => onChoose(r)}>{r.name}</button></li>)}
        </ul>
      )}
    </div>
  );
}
