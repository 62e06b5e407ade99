import type { Deps } from './deps.ts';
import type { App } from './http/route.ts';
import type { Job } from './jobs.ts';

/** A background job of a feature, built from the app's deps when the scheduler starts. */
export interface FeatureJob {
  name: string;
  /** Must be safe to run in several processes at once (claim work with SKIP LOCKED). */
  run(deps: Deps): Promise<unknown>;
}

/**
 * What a feature gives the app: its routes and its background jobs. Each feature exports one from
 * `features/<feature>/module.ts`; app.ts registers the list, so adding a feature is one line there.
 */
export interface FeatureModule {
  name: string;
  routes(app: App, deps: Deps): void;
  jobs: FeatureJob[];
}

export function jobsOf(modules: readonly FeatureModule[], deps: Deps): Job[] {
  return modules.flatMap((module) => module.jobs.map((job) => ({ name: job.name, run: () => job.run(deps) })));
}
