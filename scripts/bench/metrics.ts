/**
 * What METRICS=true costs a request, in CPU time (which a busy shared machine disturbs far less than throughput): two
 * apps over one PGlite database, one without metrics and one with them, each answering the same requests (injected,
 * so only the app's own work counts) in alternating chunks, with Prometheus's scrape every second. Requests: GET
 * /api/me without a session (the framework's path alone: the hook's share is largest there) and signed in.
 * BENCH_REQUESTS sets the requests per app and kind (default 20,000). Run: `node scripts/bench/metrics.ts`.
 */
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/platform/config.ts';
import { Metrics } from '../../server/platform/metrics.ts';
import { member, onEachEngine } from './support/common.ts';

const requests = Number(process.env.BENCH_REQUESTS ?? 20_000);
const chunk = 1000;

await onEachEngine(async (label, database) => {
  const config = loadConfig({ PUBLIC_URL: 'http://127.0.0.1' });
  const metrics = await Metrics.create();
  const apps = {
    off: await buildApp({ config, database, runJobs: false, checkResponses: false }),
    on: await buildApp({ config, database, runJobs: false, checkResponses: false, metrics }),
  };
  const scraping = setInterval(() => void metrics.registry.metrics(), 1000);
  try {
    const alex = await member(database.db, 'Alex');
    for (const [name, headers] of [['GET /api/me, no session', {}], ['GET /api/me', { authorization: `Bearer ${alex.token}` }]] as const) {
      const cpu = { off: 0, on: 0 };
      for (let done = 0; done < requests; done += chunk) {
        for (const mode of (done / chunk) % 2 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
          const before = process.cpuUsage();
          for (let i = 0; i < chunk; i++) await apps[mode].inject({ url: '/api/me', headers });
          const used = process.cpuUsage(before);
          cpu[mode] += used.user + used.system;
        }
      }
      const perRequest = (mode: 'off' | 'on') => (cpu[mode] / requests).toFixed(1);
      console.log(`${label} ${name}: ${perRequest('off')} µs CPU a request without metrics, ${perRequest('on')} µs with`);
    }
  } finally {
    clearInterval(scraping);
    await apps.off.close();
    await apps.on.close();
    await database.close();
  }
});
