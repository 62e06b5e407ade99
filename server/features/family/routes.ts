import * as api from '@hearth/contract/family';
import type { Deps } from '../../platform/deps.ts';
import { route, type App } from '../../platform/http/route.ts';
import { InviteAcceptance } from './acceptance.ts';
import { FamilyService } from './service.ts';

// Fastify's router prefers static segments, so /order, /family-name, /timezone, /default-reminder and /first-day-of-week never reach /{id}.
export function familyRoutes(app: App, deps: Deps): void {
  const family = new FamilyService(deps);
  route(app, deps, api.listMembers, ({ caller }) => family.members(caller));
  route(app, deps, api.listBirthdays, ({ caller, query }) => family.birthdays(caller, query.startDate, query.endDate));
  route(app, deps, api.addMember, ({ caller, body }) => family.addMember(caller, body));
  route(app, deps, api.setMemberOrder, ({ caller, body }) => family.setOrder(caller, body));
  route(app, deps, api.autoAssignNumbers, ({ caller }) => family.autoAssignNumbers(caller));
  route(app, deps, api.getFamilyName, ({ caller }) => family.settings(caller));
  route(app, deps, api.setFamilyName, ({ caller, body }) => family.updateSettings(caller, { name: body.familyName }));
  route(app, deps, api.setTimezone, ({ caller, body }) => family.updateSettings(caller, { timezone: body.timezone }));
  route(app, deps, api.setDefaultReminder, ({ caller, body }) =>
    family.updateSettings(caller, { defaultReminderMinutes: body.defaultReminderMinutes }));
  route(app, deps, api.setFirstDayOfWeek, ({ caller, body }) =>
    family.updateSettings(caller, { firstDayOfWeek: body.firstDayOfWeek }));
  route(app, deps, api.updateMember, ({ caller, params, body }) => family.updateMember(caller, params.id, body));
  route(app, deps, api.removeMember, ({ caller, params }) => family.removeMember(caller, params.id));
  route(app, deps, api.setMemberColor, ({ caller, params, body }) => family.setColor(caller, params.id, body.color));
  route(app, deps, api.deleteFamily, ({ caller, body }) => family.deleteFamily(caller, body.name));
  route(app, deps, api.listInvites, ({ caller }) => family.invites(caller));
  route(app, deps, api.createInvite, ({ caller, body }) => family.createInvite(caller, body.invitedEmail));
  route(app, deps, api.revokeInvite, ({ caller, params }) => family.revokeInvite(caller, params.token));
  const acceptance = new InviteAcceptance(deps);
  route(app, deps, api.previewInvite, ({ params }) => acceptance.preview(params.token));
  route(app, deps, api.acceptInvite, ({ caller, params }) => acceptance.accept(caller, params.token));
}
