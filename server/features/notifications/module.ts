import type { FeatureModule } from '../../platform/module.ts';
import { prune } from '../../platform/notifications/store.ts';
import { notificationRoutes } from './routes.ts';

export const notificationsModule: FeatureModule = {
  name: 'notifications',
  routes: notificationRoutes,
  jobs: (deps) => [{ name: 'notifications-prune', run: () => prune(deps.db, deps.clock) }],
};
