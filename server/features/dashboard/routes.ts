import * as api from '@hearth/contract/dashboard';
import type { Deps } from '../../platform/deps.ts';
import { route, type App } from '../../platform/http/route.ts';
import { DashboardService } from './service.ts';

export function dashboardRoutes(app: App, deps: Deps): void {
  const dashboard = new DashboardService(deps);
  route(app, deps, api.getNewsfeed, ({ caller }) => dashboard.newsfeed(caller));
}
