import type { FeatureModule } from '../../platform/module.ts';
import { locationRoutes } from './routes.ts';

export const locationsModule: FeatureModule = { name: 'locations', routes: locationRoutes };
