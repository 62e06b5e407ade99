import { health, ready } from '@hearth/contract/health';
import type { Deps } from '../../platform/deps.ts';
import { unavailable } from '../../platform/errors.ts';
import { route, type App } from '../../platform/http/route.ts';
import { notReadyBecause } from './service.ts';

/** GET /api/health and GET /api/ready: probes asked every few seconds, so their request lines are logged only at warn. */
export function healthRoutes(app: App, deps: Deps): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  route(app, deps, health, async () => ({ status: 'ok' as const }), { logLevel: 'warn' });
  route(app, deps, ready, async () => {
    const problem = await notReadyBecause(deps, closing);
    if (problem) throw unavailable(problem);
    return { status: 'ready' as const };
  }, { logLevel: 'warn' });
}
