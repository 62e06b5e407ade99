import type { FeatureModule } from '../../platform/module.ts';
import { calendarNotifications } from './notifications.ts';
import { planRoutes } from './plan-routes.ts';
import { reminderJobs } from './reminders.ts';
import { calendarExportRoutes, calendarRoutes } from './routes.ts';

export const calendarModule: FeatureModule = {
  name: 'calendar',
  notifications: calendarNotifications,
  jobs: reminderJobs,
  routes: (app, deps) => {
    calendarRoutes(app, deps);
    calendarExportRoutes(app, deps);
    planRoutes(app, deps);
  },
};
