import * as api from '@hearth/contract/family-data';
import type { Deps } from '../../platform/deps.ts';
import { route, type App } from '../../platform/http/route.ts';
import { FamilyDataService } from './service.ts';

export function familyDataRoutes(app: App, deps: Deps): void {
  const service = new FamilyDataService(deps);
  route(app, deps, api.exportFamilyData, async ({ caller, reply }) => {
    const { archive, fileName } = await service.export(caller);
    return reply.type('application/zip').header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${fileName}"`).send(archive);
  });
  route(app, deps, api.importFamilyData, ({ caller, body }) => service.import(caller, body));
}
