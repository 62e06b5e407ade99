import type { FeatureModule } from '../../platform/module.ts';
import { familyDataRoutes } from './routes.ts';

/** The family's data as one archive, and a new family founded from one (issue 53). */
export const familyDataModule: FeatureModule = { name: 'family-data', routes: familyDataRoutes };
