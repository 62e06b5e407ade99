import {
  aiLimits, aiMessages, weekPlanMessages, type AiAlterationRequest, type AiAnswer, type AiMealRequest, type AiStatus,
  type GeneratedMeal, type PlanProposal,
} from '@hearth/contract/ai-planner';
import { mealTypeLabels, type MealType } from '@hearth/contract/calendar';
import { requireEditor, requireFamily, type FamilyCaller } from '../../platform/auth/family-access.ts';
import type { Caller } from '../../platform/auth/sessions.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, rateLimited } from '../../platform/errors.ts';
import { recipeHistory, weekDates, weekMeals } from '../calendar/public.ts';
import { addDays } from '../../platform/recurrence.ts';
import { familyToday } from '../family/membership.ts';
import { recipeNames } from '../meals/public.ts';
import { alterFromRules } from './alterations.ts';
import { suggest, toGeneratedMeal } from './fallback.ts';
import { MealProvider, ProviderFailure } from './provider.ts';
import * as repo from './repository.ts';
import { ideaSlots, propose, ranked, type FamilyTaste, type LibraryRecipe, type Slot } from './week-planner.ts';

/** How far back the planner looks at what the family planned, to learn what it likes. */
const historyDays = 84;

interface Proposals { proposals: PlanProposal[]; remainingRequests: number; status: AiStatus }

/**
 * The meal planner. Every member may ask (READ_ONLY too: ideas change nothing); each generation or alteration
 * counts one of the family's requests for its local day, claimed before the provider is asked, so parallel
 * requests cannot pass the limit. Without a provider, or when it fails, the app's catalogue answers.
 */
export class AiPlannerService {
  private readonly deps: Deps;
  private readonly provider: MealProvider | undefined;

  constructor(deps: Deps) {
    this.deps = deps;
    this.provider = deps.config.ai ? new MealProvider(deps.config.ai, deps.log) : undefined;
  }

  async usage(caller: Caller): Promise<{ remainingRequests: number }> {
    const member = requireFamily(caller);
    const used = await repo.requestsOn(this.deps.db, member.familyId, await familyToday(this.deps.db, member.familyId, this.deps.clock.now()));
    return { remainingRequests: Math.max(0, aiLimits.requestsPerDay - used) };
  }

  async generate(caller: Caller, request: AiMealRequest): Promise<AiAnswer> {
    const member = requireFamily(caller);
    const remainingRequests = await this.claim(member);
    let meals = await this.fromProvider(() => this.provider?.generate(request));
    const status: AiStatus = meals ? 'success' : 'fallback';
    let notice: string | null = null;
    await this.deps.db.transaction(async (tx) => {
      if (!meals) {
        const suggestion = suggest(request, await repo.lastOffered(tx, member.familyId));
        await repo.rememberOffered(tx, member.familyId, suggestion.recipes.map((r) => r.id), this.deps.clock.now());
        meals = suggestion.recipes.map(toGeneratedMeal);
        notice = suggestion.notice;
      }
      await this.deps.events.record(tx, {
        familyId: member.familyId, actorId: member.userId, type: 'ai_meal_request',
        data: {
          kind: 'generate', status, meal_count: meals.length, protein: request.proteinChoice, time: request.timeToPrepare,
          cuisine: request.cuisineType,
        },
      });
    });
    return { meals: meals ?? [], remainingRequests, status, notice };
  }

  /**
   * Without a provider the rules run first, so a change they cannot make is refused (422) before a request is
   * counted; with one, a request claimed for a provider that then fails is given back when the rules cannot make it.
   */
  async alter(caller: Caller, request: AiAlterationRequest): Promise<AiAnswer> {
    const member = requireFamily(caller);
    const day = await familyToday(this.deps.db, member.familyId, this.deps.clock.now());
    const byRules = this.provider ? undefined : alterFromRules(request);
    if (!this.provider && !byRules) throw new AppError('UNPROCESSABLE', aiMessages.alterationNotApplied);
    const remainingRequests = await this.claim(member, day);
    const fromAi = await this.fromProvider(async () => {
      const meal = await this.provider?.alter(request);
      return meal ? [meal] : undefined;
    });
    const status: AiStatus = fromAi ? 'success' : 'fallback';
    const altered = fromAi?.[0] ?? byRules ?? alterFromRules(request);
    if (!altered) {
      await repo.giveBackRequest(this.deps.db, member.familyId, day);
      throw new AppError('UNPROCESSABLE', aiMessages.alterationNotApplied);
    }
    await this.deps.events.record(this.deps.db, {
      familyId: member.familyId, actorId: member.userId, type: 'ai_meal_request', data: { kind: 'alter', status },
    });
    return { meals: fromAi ?? [altered], remainingRequests, status, notice: null };
  }

  /**
   * A dinner for each evening from today to the week's end that has none, one request whatever their number
   * (claimed in one statement before anything is chosen); nothing is saved, accepting plans each one. READ_ONLY
   * members plan nothing, so they are refused. No evening left: 422 before any request is counted.
   */
  async proposeWeek(caller: Caller, weekStart: string): Promise<Proposals> {
    const member = requireEditor(caller);
    const today = await familyToday(this.deps.db, member.familyId, this.deps.clock.now());
    const planned = await weekMeals(this.deps.db, member.familyId, weekStart);
    const dinners = new Set(planned.filter((o) => o.meal.mealType === 'DINNER').map((o) => o.meal.date));
    const slots: Slot[] = weekDates(weekStart)
      .filter((date) => date >= today && !dinners.has(date)).map((date) => ({ date, mealType: 'DINNER' }));
    if (slots.length === 0) throw new AppError('UNPROCESSABLE', weekPlanMessages.weekFull);
    return this.answerSlots(member, slots, weekStart, planned, [], 'week');
  }

  /** Up to three ideas for one slot, leaving out what it holds and the names given (a swap's other proposals). */
  async proposeForSlot(caller: Caller, input: { date: string; mealType: MealType; exclude: string[] }): Promise<Proposals> {
    const member = requireEditor(caller);
    // The week around the date stands for "this week": its recipes go last, for variety.
    const around = addDays(input.date, -3);
    const planned = await weekMeals(this.deps.db, member.familyId, around);
    const inSlot = planned.filter((o) => o.meal.date === input.date && o.meal.mealType === input.mealType).map((o) => o.meal.title);
    const slot = { date: input.date, mealType: input.mealType };
    return this.answerSlots(member, ideaSlots(slot), around, planned, [...input.exclude, ...inSlot], 'slot');
  }

  private async answerSlots(
    member: FamilyCaller, slots: Slot[], weekStart: string, planned: Awaited<ReturnType<typeof weekMeals>>,
    exclude: string[], kind: 'week' | 'slot',
  ): Promise<Proposals> {
    const remainingRequests = await this.claim(member);
    const [library, history] = await Promise.all([
      recipeNames(this.deps.db, member.familyId),
      recipeHistory(this.deps.db, member.familyId, `${addDays(weekStart, -historyDays)}T00:00:00`, `${addDays(weekStart, 7)}T00:00:00`),
    ]);
    const taste: FamilyTaste = {
      library, history, weekStart, plannedThisWeek: new Set(planned.flatMap((o) => (o.meal.recipeId ? [o.meal.recipeId] : []))),
    };
    const chosen = await this.chooseByProvider(slots, taste, exclude);
    const proposals = propose(slots, taste, exclude, chosen ?? new Map());
    const status: AiStatus = chosen ? 'success' : 'fallback';
    await this.deps.events.record(this.deps.db, {
      familyId: member.familyId, actorId: member.userId, type: 'ai_meal_request',
      data: { kind, status, meal_count: proposals.length },
    });
    return { proposals, remainingRequests, status };
  }

  /**
   * The provider's choice among the library for each slot, kept only where it names a recipe shown, once, and not
   * left out; undefined without a provider, an empty library, or a failure (the ranking then chooses).
   */
  private async chooseByProvider(slots: Slot[], taste: FamilyTaste, exclude: string[]): Promise<Map<number, LibraryRecipe> | undefined> {
    const shown = ranked(taste, slots[0]!.mealType);
    if (!this.provider || shown.length === 0) return undefined;
    const provider = this.provider;
    const labels = slots.map((s) => `${new Date(`${s.date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' })} ${s.date}, ${mealTypeLabels[s.mealType].toLowerCase()}`);
    const picks = await this.fromProvider(() => provider.choose(shown.map((r) => r.name), labels));
    if (!picks) return undefined;
    const left = new Set(exclude.map((n) => n.trim().toLowerCase()));
    const chosen = new Map<number, LibraryRecipe>();
    for (const p of picks) {
      const recipe = shown[p.recipe];
      if (!recipe || p.slot >= slots.length || chosen.has(p.slot) || left.has(recipe.name.trim().toLowerCase())) continue;
      left.add(recipe.name.trim().toLowerCase());
      chosen.set(p.slot, recipe);
    }
    return chosen;
  }

  /** Counts one request for the family's day, or refuses with 429 and none remaining. */
  private async claim(member: FamilyCaller, day?: string): Promise<number> {
    const count = await repo.claimRequest(this.deps.db, member.familyId, day ?? await familyToday(this.deps.db, member.familyId, this.deps.clock.now()), aiLimits.requestsPerDay);
    if (count === null) throw rateLimited(aiMessages.quotaReached, { remainingRequests: 0 });
    return aiLimits.requestsPerDay - count;
  }

  /** The provider's answer, or undefined when there is none or it failed (logged; the catalogue answers). */
  private async fromProvider<T>(ask: () => Promise<T | undefined> | undefined): Promise<T | undefined> {
    try {
      return await ask();
    } catch (error) {
      if (!(error instanceof ProviderFailure)) throw error;
      this.deps.log.warn({ reason: error.message }, 'AI meal planner: answering from the catalogue');
      return undefined;
    }
  }

}
