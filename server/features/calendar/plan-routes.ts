import * as api from '@hearth/contract/meal-plan';
import type { Deps } from '../../platform/deps.ts';
import { route, type App } from '../../platform/http/route.ts';
import { listWrite } from '../grocery/public.ts';
import { PlanService } from './plan-service.ts';

/** The week planner's calls (issue 51): the calendar's meals seen and changed a week at a time. */
export function planRoutes(app: App, deps: Deps): void {
  const plan = new PlanService(deps);
  route(app, deps, api.getWeekPlan, ({ caller, query }) => plan.week(caller, query.weekStart));
  route(app, deps, api.planMeal, ({ caller, body }) => plan.planMeal(caller, body));
  route(app, deps, api.updatePlannedMeal, ({ caller, params, body }) => plan.update(caller, params.id, body));
  route(app, deps, api.copyPlannedMeal, ({ caller, params, body }) => plan.copy(caller, params.id, body));
  route(app, deps, api.removePlannedMeal, ({ caller, params, query }) => plan.remove(caller, params.id, query.date));
  route(app, deps, api.copyLastWeek, ({ caller, body }) => plan.copyLastWeek(caller, body.weekStart));
  route(app, deps, api.clearWeek, ({ caller, body }) => plan.clearWeek(caller, body.weekStart));
  route(app, deps, api.shoppingForWeek, ({ caller, query }) => plan.shoppingSheet(caller, query.weekStart, query.dates));
  route(app, deps, api.shopForWeek, ({ caller, body }) => plan.shop(caller, body), { queueBy: ({ body }) => listWrite(body.listId) });
  route(app, deps, api.listMealNotes, ({ caller, params }) => plan.listNotes(caller, params.listId));
}
