import type { FeatureModule } from '../../platform/module.ts';
import { groceryNotifications } from './notifications.ts';
import { runRecurrence } from './recurrence-job.ts';
import { groceryRoutes } from './routes.ts';

export const groceryModule: FeatureModule = {
  name: 'grocery',
  routes: groceryRoutes,
  notifications: groceryNotifications,
  jobs: (deps) => [{ name: 'recurring-items', run: () => runRecurrence(deps) }],
};
