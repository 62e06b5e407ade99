import type { FeatureModule } from '../../platform/module.ts';
import { calendarRoutes } from './routes.ts';

export const calendarModule: FeatureModule = { name: 'calendar', routes: calendarRoutes };
