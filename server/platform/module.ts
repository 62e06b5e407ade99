import type { Deps } from './deps.ts';
import type { App } from './http/route.ts';
import type { Job } from './jobs.ts';
import type { NotificationRule } from './notifications/rules.ts';

/**
 * What a feature brings to the app: its routes, its background jobs and what its events mean for notifications.
 * app.ts registers a list of these.
 */
export interface FeatureModule {
  name: string;
  routes(app: App, deps: Deps): void;
  jobs?(deps: Deps): Job[];
  notifications?: NotificationRule[];
}
