import type { FeatureModule } from '../../platform/module.ts';
import { forgetPastDays } from './repository.ts';
import { aiPlannerRoutes } from './routes.ts';

export const aiPlannerModule: FeatureModule = {
  name: 'ai-planner',
  routes: aiPlannerRoutes,
  jobs: (deps) => [{ name: 'ai-usage-prune', run: () => forgetPastDays(deps.db, deps.clock) }],
};
