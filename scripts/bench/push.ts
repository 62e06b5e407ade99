/**
 * Push benchmark: a family of 6, each member with 2 devices subscribed (12), all following one list; one member adds
 * an item through the real app over loopback HTTP, and the loopback push service (real HTTPS, the VAPID-signed,
 * encrypted requests web-push makes) times every push of that change arriving. Per change: from its commit (the
 * NOTIFY the recording statement makes, heard by a listener of the bench's own, as the push sender hears it) to the
 * first and the last of its 10 pushes arriving (the actor's own devices are not told); and from the add leaving the
 * client, which adds the add's own request. Between changes the members' last push time is cleared, as 2 minutes would.
 * Always on PGlite; also on PostgreSQL when DATABASE_URL is set. Run: `node scripts/bench/push.ts`.
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import * as grocery from '../../contract/grocery.ts';
import * as notifications from '../../contract/notifications.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/platform/config.ts';
import type { Database } from '../../server/platform/db/client.ts';
import { notifiedChannel } from '../../server/platform/events.ts';
import { PushService, pushServiceAgent } from '../../server/test/push-service.ts';
import { member, onEachEngine, summary } from './support/common.ts';

const membersCount = 6;
const devicesPerMember = 2;
const warmup = 10;
const runs = Number(process.env.BENCH_RUNS ?? 100);

async function bench(label: string, database: Database): Promise<void> {
  const service = new PushService();
  await service.start();
  const config = loadConfig({ PUBLIC_URL: 'http://127.0.0.1', VAPID_SUBJECT: 'mailto:bench@hearth.test', WRITES_PER_MINUTE: '100000' });
  const app = await buildApp({ config, database, runJobs: false, checkResponses: false, pushAgent: pushServiceAgent });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const call = async (token: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method, headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? null : res.json() as Promise<any>;
  };
  try {
    const ada = await member(database.db, 'Ada');
    const others = [];
    for (let i = 1; i < membersCount; i++) others.push(await member(database.db, `Member${i}`, ada.familyId));
    const list = await call(ada.token, 'POST', grocery.createList.path, { title: 'Costco' });
    for (const [i, m] of [ada, ...others].entries()) {
      for (let d = 0; d < devicesPerMember; d++) {
        await call(m.token, 'POST', notifications.subscribePush.path, service.device(`m${i}-d${d}`).subscription);
      }
      if (m !== ada) await call(m.token, 'PUT', notifications.setListFollow.path.replace('{listId}', list.id), { following: true });
    }
    const told = (membersCount - 1) * devicesPerMember;
    const first: number[] = [];
    const last: number[] = [];
    const request: number[] = [];
    let committed = 0;
    const stopListening = await database.listen(notifiedChannel, () => { committed = performance.now(); });
    for (let run = 0; run < warmup + runs; run++) {
      await database.db.execute(sql`update notification_preferences set last_push_at = null`);
      const before = service.received.length;
      const sent = performance.now();
      await call(ada.token, 'POST', grocery.addItem.path, { name: `Item ${run}`, listId: list.id });
      const arrived = (await service.waitFor(before + told)).slice(before).map((r) => r.at);
      if (run < warmup) continue;
      first.push(Math.min(...arrived) - committed);
      last.push(Math.max(...arrived) - committed);
      request.push(Math.max(...arrived) - sent);
    }
    await stopListening();
    console.log(`${label}: push, family of ${membersCount}, ${membersCount * devicesPerMember} devices, ${told} pushes a change — `
      + `commit to first push: ${summary(first)}; commit to last push: ${summary(last)}; add sent to last push: ${summary(request)}`);
  } finally {
    await app.close();
    await database.close();
    await service.stop();
  }
}

await onEachEngine(bench);
