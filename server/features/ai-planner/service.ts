import {
  aiLimits, aiMessages, type AiAlterationRequest, type AiAnswer, type AiMealRequest, type AiStatus, type GeneratedMeal,
} from '@hearth/contract/ai-planner';
import { requireFamily, type FamilyCaller } from '../../platform/auth/family-access.ts';
import type { Caller } from '../../platform/auth/sessions.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, rateLimited } from '../../platform/errors.ts';
import { familyToday } from '../family/membership.ts';
import { alterFromRules } from './alterations.ts';
import { suggest, toGeneratedMeal } from './fallback.ts';
import { MealProvider, ProviderFailure } from './provider.ts';
import * as repo from './repository.ts';

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

  /** Counts one request for the family's day, or refuses with 429 and none remaining. */
  private async claim(member: FamilyCaller, day?: string): Promise<number> {
    const count = await repo.claimRequest(this.deps.db, member.familyId, day ?? await familyToday(this.deps.db, member.familyId, this.deps.clock.now()), aiLimits.requestsPerDay);
    if (count === null) throw rateLimited(aiMessages.quotaReached, { remainingRequests: 0 });
    return aiLimits.requestsPerDay - count;
  }

  /** The provider's meals, or undefined when there is none or it failed (logged; the catalogue answers). */
  private async fromProvider(ask: () => Promise<GeneratedMeal[] | undefined> | undefined): Promise<GeneratedMeal[] | undefined> {
    try {
      return await ask();
    } catch (error) {
      if (!(error instanceof ProviderFailure)) throw error;
      this.deps.log.warn({ reason: error.message }, 'AI meal planner: answering from the catalogue');
      return undefined;
    }
  }

}
