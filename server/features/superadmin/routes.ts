import * as api from '@hearth/contract/superadmin';
import type { Deps } from '../../platform/deps.ts';
import { route, type App } from '../../platform/http/route.ts';
import { SuperadminService } from './service.ts';

export function superadminRoutes(app: App, deps: Deps): void {
  const admin = new SuperadminService(deps);
  route(app, deps, api.listUsers, () => admin.users());
  route(app, deps, api.listPendingUsers, () => admin.pendingUsers());
  route(app, deps, api.listFamilies, () => admin.families());
  route(app, deps, api.approveUser, ({ params }) => admin.setStatus(params.id, 'ACTIVE'));
  route(app, deps, api.rejectUser, ({ params }) => admin.setStatus(params.id, 'REJECTED'));
  route(app, deps, api.setUserStatus, ({ params, body }) => admin.setStatus(params.id, body.status));
  route(app, deps, api.resetUserPassword, ({ params, body }) => admin.resetPassword(params.id, body.newPassword));
  route(app, deps, api.assignUserToFamily, ({ params }) => admin.assignToFamily(params.id, params.familyId));
  route(app, deps, api.deleteUser, ({ params, body }) => admin.deleteUser(params.id, body.email, body.removeFromFamily));
  route(app, deps, api.deleteFamily, ({ params, body }) => admin.deleteFamily(params.id, body.name));
  route(app, deps, api.createFamily, ({ body }) => admin.createFamily(body));
}
