import type { FeatureModule } from '../../platform/module.ts';
import { superadminRoutes } from './routes.ts';

export const superadminModule: FeatureModule = { name: 'superadmin', routes: superadminRoutes };
