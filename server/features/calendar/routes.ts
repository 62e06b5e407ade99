import * as api from '@hearth/contract/calendar';
import type { Deps } from '../../platform/deps.ts';
import { route, type App } from '../../platform/http/route.ts';
import { CalendarExport } from './export.ts';
import { CalendarService } from './service.ts';

export function calendarRoutes(app: App, deps: Deps): void {
  const calendar = new CalendarService(deps);
  route(app, deps, api.listEvents, ({ caller, query }) => calendar.list(caller, query.startDate, query.endDate));
  route(app, deps, api.getEvent, ({ caller, params }) => calendar.get(caller, params.id));
  route(app, deps, api.createEvent, ({ caller, body }) => calendar.create(caller, body));
  route(app, deps, api.updateEvent, ({ caller, params, query, body }) => calendar.update(caller, params.id, query, body));
  route(app, deps, api.deleteEvent, ({ caller, params, query }) =>
    calendar.delete(caller, params.id, query.deleteType, query.occurrenceDate));
  route(app, deps, api.listCategories, () => calendar.categories());
}

export function calendarExportRoutes(app: App, deps: Deps): void {
  const exports = new CalendarExport(deps);
  route(app, deps, api.calendarExportUrl, ({ caller }) => exports.exportUrl(caller));
  route(app, deps, api.regenerateCalendarExportUrl, ({ caller }) => exports.regenerate(caller));
  app.get<{ Querystring: { key?: unknown } }>(api.calendarFeedPath, { schema: { hide: true } }, async (request, reply) => {
    const key = request.query.key;
    const body = await exports.feed(typeof key === 'string' ? key : '');
    return reply.type('text/calendar; charset=utf-8').header('cache-control', 'no-store').send(body);
  });
}
