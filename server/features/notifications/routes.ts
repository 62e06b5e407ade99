import * as api from '@hearth/contract/notifications';
import type { Deps } from '../../platform/deps.ts';
import { route, type App } from '../../platform/http/route.ts';
import { NotificationService } from './service.ts';

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
}
