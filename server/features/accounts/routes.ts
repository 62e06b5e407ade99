import * as api from '@hearth/contract/accounts';
import { toSessionUser } from './mapper.ts';
import type { Deps } from '../../platform/deps.ts';
import { route, type App } from '../../platform/http/route.ts';
import { AccountService } from './service.ts';

// Per-IP limits on the public sign-in calls; per-email limits live in the service.
const perIp = { max: 20, timeWindow: 60_000 };

export function accountRoutes(app: App, deps: Deps): void {
  const accounts = new AccountService(deps);
  route(app, deps, api.register, ({ body }) => accounts.register(body), { perIp });
  route(app, deps, api.login, ({ body }) => accounts.login(body), { perIp });
  route(app, deps, api.me, async ({ caller }) => toSessionUser(caller));
  route(app, deps, api.logout, ({ caller }) => accounts.logout(caller));
  route(app, deps, api.requestCode, ({ body }) => accounts.requestCode(body.email), { perIp });
  route(app, deps, api.verifyCode, ({ body }) => accounts.verifyCode(body), { perIp });
  route(app, deps, api.verifyEmail, ({ body }) => accounts.verifyEmail(body.token), { perIp });
  route(app, deps, api.requestPasswordReset, ({ body }) => accounts.requestPasswordReset(body.email), { perIp });
  route(app, deps, api.confirmPasswordReset, ({ body }) => accounts.confirmPasswordReset(body), { perIp });
}
