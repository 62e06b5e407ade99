import type { Deps } from './deps.ts';
import type { App } from './http/route.ts';
import type { Job } from './jobs.ts';

/** What a feature brings to the app: its routes and its background jobs. app.ts registers a list of these. */
export interface FeatureModule {
  name: string;
  routes(app: App, deps: Deps): void;
  jobs?(deps: Deps): Job[];
}
