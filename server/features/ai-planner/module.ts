import { DateTime } from 'luxon';
import type { FeatureModule } from '../../platform/module.ts';
import { deleteDaysBefore } from './repository.ts';
import { aiPlannerRoutes } from './routes.ts';

export const aiPlannerModule: FeatureModule = {
  name: 'ai-planner',
  routes: aiPlannerRoutes,
  jobs: (deps) => [{
    name: 'ai-usage-prune',
    // Two days back in UTC is yesterday or earlier in every timezone, so no family's today is touched.
    run: () => deleteDaysBefore(deps.db, DateTime.fromJSDate(deps.clock.now(), { zone: 'utc' }).minus({ days: 2 }).toISODate()!),
  }],
};
