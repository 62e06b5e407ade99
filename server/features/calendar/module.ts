import type { FeatureModule } from '../../platform/module.ts';
import { calendarExportRoutes, calendarRoutes } from './routes.ts';

export const calendarModule: FeatureModule = {
  name: 'calendar',
  routes: (app, deps) => {
    calendarRoutes(app, deps);
    calendarExportRoutes(app, deps);
  },
};
