import type { FeatureModule } from '../../platform/module.ts';
import { discardUnjoinedFamily } from '../family/public.ts';
import { stoppedImports } from './imports.ts';
import { familyDataRoutes } from './routes.ts';

/** The family's data as one archive, and a new family founded from one (issue 53). */
export const familyDataModule: FeatureModule = {
  name: 'family-data',
  routes: familyDataRoutes,
  jobs: (deps) => [{
    name: 'stopped-imports',
    run: async () => {
      for (const familyId of await stoppedImports(deps.db)) await discardUnjoinedFamily(deps.db, familyId);
    },
  }],
};
