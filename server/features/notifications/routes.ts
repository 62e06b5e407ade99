import * as api from '@hearth/contract/notifications';
import type { Deps } from '../../platform/deps.ts';
import { minutes } from '../../platform/clock.ts';
import { route, type App } from '../../platform/http/route.ts';
import { NotificationService } from './service.ts';

/** Unsubscribe links per address: tokens cannot be guessed, but a flood is refused early. */
const perAddress = { max: 30, ms: minutes(1) };

export function notificationRoutes(app: App, deps: Deps): void {
  const notifications = new NotificationService(deps);
  route(app, deps, api.listNotifications, ({ caller, query }) => notifications.list(caller, query));
  route(app, deps, api.unreadNotificationCount, ({ caller }) => notifications.unreadCount(caller));
  route(app, deps, api.markAllNotificationsRead, ({ caller }) => notifications.markRead(caller));
  route(app, deps, api.markNotificationRead, ({ caller, params }) => notifications.markRead(caller, params.id));
  route(app, deps, api.getListFollow, ({ caller, params }) => notifications.follow(caller, params.listId));
  route(app, deps, api.setListFollow, ({ caller, params, body }) => notifications.setFollow(caller, params.listId, body));
  route(app, deps, api.getNotificationPreferences, ({ caller }) => notifications.preferences(caller));
  route(app, deps, api.setNotificationPreferences, ({ caller, body }) => notifications.setPreferences(caller, body));
  route(app, deps, api.pushKey, ({ caller }) => notifications.pushKey(caller));
  route(app, deps, api.subscribePush, ({ caller, body }) => notifications.subscribe(caller, body));
  route(app, deps, api.unsubscribePush, ({ caller, body }) => notifications.unsubscribe(caller, body.endpoint));
  route(app, deps, api.unsubscribeDigest, ({ body }) => notifications.unsubscribeDigest(body.token), { perAddress });
  void app.register(async (scoped) => {
    // A mail app's one-click POST is a form (RFC 8058); its body says only "List-Unsubscribe=One-Click".
    scoped.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, null));
    route(scoped, deps, api.unsubscribeDigestOneClick, ({ query }) => notifications.unsubscribeDigest(query.token), { perAddress });
  });
}
