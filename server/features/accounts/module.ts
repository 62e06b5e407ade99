import type { FeatureModule } from '../../platform/module.ts';
import { accountRoutes } from './routes.ts';

export const accountsModule: FeatureModule = { name: 'accounts', routes: accountRoutes };
