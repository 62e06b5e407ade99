import type { FeatureModule } from '../../platform/module.ts';
import { familyNotifications } from './notifications.ts';
import { familyRoutes } from './routes.ts';

export const familyModule: FeatureModule = { name: 'family', routes: familyRoutes, notifications: familyNotifications };
