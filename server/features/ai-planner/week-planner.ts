import { mealTypeAt, type MealType } from '@hearth/contract/calendar';
import { aiLimits, weekPlanLimits, type PlanProposal } from '@hearth/contract/ai-planner';
import { addDays } from '../../platform/recurrence.ts';
import { catalogue } from './catalogue/index.ts';
import { toGeneratedMeal } from './fallback.ts';

/** A slot to propose for: a date and a meal type. */
export interface Slot { date: string; mealType: MealType }

export interface LibraryRecipe { id: string; name: string }

/** What the planner knows of the family: its library, what it planned when, and what this week already holds. */
export interface FamilyTaste {
  library: LibraryRecipe[];
  history: { recipeId: string; startTime: string }[];
  /** The first day of the week asked about: what was planned in the seven days before it is kept for later. */
  weekStart: string;
  plannedThisWeek: Set<string>;
}

const key = (name: string) => name.trim().toLowerCase();

/**
 * The library in the order it is offered for a meal type: the family's preferences are what it plans, so recipes
 * planned most for that meal come first, then those planned most at all; recipes already this week or in the week
 * before go last, for variety. At most `weekPlanLimits.libraryMax`, the bound of what a model is shown.
 */
export function ranked(taste: FamilyTaste, mealType: MealType): LibraryRecipe[] {
  const lastWeek = `${addDays(taste.weekStart, -7)}T00:00:00`;
  const forType = new Map<string, number>();
  const total = new Map<string, number>();
  const recent = new Set<string>();
  for (const h of taste.history) {
    total.set(h.recipeId, (total.get(h.recipeId) ?? 0) + 1);
    if (mealTypeAt(h.startTime) === mealType) forType.set(h.recipeId, (forType.get(h.recipeId) ?? 0) + 1);
    if (h.startTime >= lastWeek) recent.add(h.recipeId);
  }
  const late = (r: LibraryRecipe) => Number(taste.plannedThisWeek.has(r.id)) * 2 + Number(recent.has(r.id));
  return [...taste.library].sort((a, b) => late(a) - late(b)
    || (forType.get(b.id) ?? 0) - (forType.get(a.id) ?? 0)
    || (total.get(b.id) ?? 0) - (total.get(a.id) ?? 0)
    || a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
    .slice(0, weekPlanLimits.libraryMax);
}

const fromLibrary = (slot: Slot, r: LibraryRecipe): PlanProposal => ({ ...slot, recipeId: r.id, name: r.name, meal: null });

/**
 * One proposal per slot, no recipe twice: `chosen` (a model's picks, already checked) first, then the library in
 * ranked order, then the catalogue's dinners when the library runs short. Breakfast gets no catalogue dinners, so
 * a breakfast slot may get fewer proposals than asked.
 */
export function propose(slots: Slot[], taste: FamilyTaste, exclude: string[], chosen: Map<number, LibraryRecipe> = new Map()): PlanProposal[] {
  const used = new Set(exclude.map(key));
  for (const r of chosen.values()) used.add(key(r.name));
  const libraryNames = new Set(taste.library.map((r) => key(r.name)));
  const out: PlanProposal[] = [];
  slots.forEach((slot, i) => {
    const picked = chosen.get(i);
    if (picked) {
      out.push(fromLibrary(slot, picked));
      return;
    }
    const own = ranked(taste, slot.mealType).find((r) => !used.has(key(r.name)));
    if (own) {
      used.add(key(own.name));
      out.push(fromLibrary(slot, own));
      return;
    }
    if (slot.mealType === 'BREAKFAST') return;
    const other = catalogue.find((r) => !used.has(key(r.name)) && !libraryNames.has(key(r.name)));
    if (!other) return;
    used.add(key(other.name));
    out.push({ ...slot, recipeId: null, name: other.name, meal: toGeneratedMeal(other) });
  });
  return out;
}

/** The same slot `aiLimits.mealsPerAnswer` times: a slot's ideas are that many different proposals for it. */
export const ideaSlots = (slot: Slot): Slot[] => Array.from({ length: aiLimits.mealsPerAnswer }, () => slot);
