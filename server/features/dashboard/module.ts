import type { FeatureModule } from '../../platform/module.ts';
import { dashboardRoutes } from './routes.ts';

export const dashboardModule: FeatureModule = { name: 'dashboard', routes: dashboardRoutes };
