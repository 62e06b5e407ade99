import { createTestApp, type TestApp } from './harness.ts';
import { PushService, pushServiceAgent } from './push-service.ts';

/** A loopback push service, started, and an app whose Web Push reaches it (VAPID subject set). */
export async function appWithPushService(): Promise<{ service: PushService; t: TestApp }> {
  const service = new PushService();
  await service.start();
  const t = await createTestApp({ env: { VAPID_SUBJECT: 'mailto:admin@hearth.test' }, pushAgent: pushServiceAgent });
  return { service, t };
}
