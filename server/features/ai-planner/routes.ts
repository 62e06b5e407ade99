import * as api from '@hearth/contract/ai-planner';
import type { Deps } from '../../platform/deps.ts';
import { route, type App } from '../../platform/http/route.ts';
import { AiPlannerService } from './service.ts';

export function aiPlannerRoutes(app: App, deps: Deps): void {
  const planner = new AiPlannerService(deps);
  route(app, deps, api.aiUsage, ({ caller }) => planner.usage(caller));
  route(app, deps, api.generateMeals, ({ caller, body }) => planner.generate(caller, body));
  route(app, deps, api.proposeWeek, ({ caller, body }) => planner.proposeWeek(caller, body.weekStart));
  route(app, deps, api.proposeForSlot, ({ caller, body }) => planner.proposeForSlot(caller, body));
  route(app, deps, api.alterMeal, ({ caller, body }) => planner.alter(caller, body));
}
