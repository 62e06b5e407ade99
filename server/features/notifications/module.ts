import type { FeatureModule } from '../../platform/module.ts';
import { prune } from '../../platform/notifications/store.ts';
import { MorningDigest } from './digest.ts';
import { notificationRoutes } from './routes.ts';

export const notificationsModule: FeatureModule = {
  name: 'notifications',
  routes: notificationRoutes,
  jobs: (deps) => [
    { name: 'notifications-prune', run: () => prune(deps.db, deps.clock) },
    // Pushes held back by quiet hours or by the member's last push; the rest go when their commit wakes the sender.
    { name: 'notifications-push', run: () => deps.push.wake() },
    { name: 'notifications-digest', run: () => new MorningDigest(deps).run() },
  ],
};
