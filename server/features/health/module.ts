import type { FeatureModule } from '../../platform/module.ts';
import { healthRoutes } from './routes.ts';

export const healthModule: FeatureModule = { name: 'health', routes: healthRoutes };
