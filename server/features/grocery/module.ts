import type { FeatureModule } from '../../platform/module.ts';
import { runRecurrence } from './recurrence-job.ts';
import { groceryRoutes } from './routes.ts';

export const groceryModule: FeatureModule = {
  name: 'grocery',
  routes: groceryRoutes,
  jobs: (deps) => [{ name: 'recurring-items', run: () => runRecurrence(deps) }],
};
