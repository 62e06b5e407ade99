import * as api from '@hearth/contract/accounts';
import { toSessionUser } from './mapper.ts';
import { minutes } from '../../platform/clock.ts';
import type { Deps } from '../../platform/deps.ts';
import { clientAddress } from '../../platform/http/client-address.ts';
import { route, type App } from '../../platform/http/route.ts';
import { AccountService } from './service.ts';

// Requests per address on the public account calls; failed sign-ins are counted in the service.
const perAddress = { max: 20, ms: minutes(1) };

export function accountRoutes(app: App, deps: Deps): void {
  const accounts = new AccountService(deps);
  route(app, deps, api.register, ({ body }) => accounts.register(body), { perAddress });
  route(app, deps, api.login, ({ body, request }) => accounts.login(body, clientAddress(request)), { perAddress });
  route(app, deps, api.me, async ({ caller }) => toSessionUser(caller));
  route(app, deps, api.deleteAccount, ({ caller, body }) => accounts.deleteAccount(caller, body));
  route(app, deps, api.logout, ({ caller }) => accounts.logout(caller));
  route(app, deps, api.requestCode, ({ body }) => accounts.requestCode(body.email), { perAddress });
  route(app, deps, api.verifyCode, ({ body, request }) => accounts.verifyCode(body, clientAddress(request)), {
    perAddress,
  });
  route(app, deps, api.verifyEmail, ({ body }) => accounts.verifyEmail(body.token), { perAddress });
  route(app, deps, api.requestPasswordReset, ({ body }) => accounts.requestPasswordReset(body.email), { perAddress });
  route(app, deps, api.confirmPasswordReset, ({ body }) => accounts.confirmPasswordReset(body), { perAddress });
}
