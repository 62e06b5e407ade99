import type { FeatureModule } from '../../platform/module.ts';
import { liveRoutes } from './routes.ts';

export const liveModule: FeatureModule = { name: 'live', routes: liveRoutes };
