import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as meals from '@hearth/contract/meals';
import { loadConfig } from './config.ts';
import { openPglite } from './db/client.ts';
import { Scheduler } from './jobs.ts';
import { Metrics } from './metrics.ts';
import { templateDump } from '../test/databases.ts';
import { createTestApp, engine, signUp, type TestApp } from '../test/harness.ts';

let metrics: Metrics;
let t: TestApp;
let scrape: () => Promise<string>;
let closeMetrics: () => Promise<void>;

beforeAll(async () => {
  metrics = await Metrics.create();
  // On PGlite, the engine on its thread as the server runs it: its usage is what the database metrics read.
  const database = engine === 'pglite' ? await openPglite({ dump: await templateDump(inject('templates')) }) : undefined;
  t = await createTestApp({ metrics, database });
  const served = await metrics.listen({ port: 0, host: '127.0.0.1' });
  closeMetrics = served.close;
  scrape = async () => {
    const res = await fetch(`http://127.0.0.1:${served.port}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return res.text();
  };
});

afterAll(async () => {
  await closeMetrics?.();
  await t?.close();
});

describe('metrics', () => {
  it('are off unless METRICS=true, and never on the app\'s own port', async () => {
    expect(loadConfig({}).metrics).toBeUndefined();
    expect(loadConfig({ METRICS: 'true' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    const off = await createTestApp();
    try {
      expect((await off.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
  });

  it('count each request under its route pattern, not its URL', async () => {
    const user = await signUp(t);
    const familyId = user.user.familyId!;
    expect((await user.call(meals.listMeals, { params: { familyId } })).status).toBe(200);
    expect((await user.call(meals.listMeals, { params: { familyId } })).status).toBe(200);
    const text = await scrape();
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/meals/family/:familyId",status_code="200"} 2',
    );
    expect(text).not.toContain(familyId);
  });

  it('show the process, event-loop delay, live streams, job runs and the database\'s connections', async () => {
    const text = await scrape();
    for (const name of [
      'process_cpu_seconds_total', 'nodejs_eventloop_lag_p99_seconds', 'hearth_live_streams 0', 'hearth_job_duration_seconds',
      'hearth_db_connections{state="idle"}', 'hearth_db_connections{state="busy"}', 'hearth_db_waiting',
    ]) expect(text).toContain(name);
  });

  it('count open live streams', async () => {
    const user = await signUp(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const abort = new AbortController();
    const res = await fetch(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/live`, {
      headers: { authorization: `Bearer ${user.token}` }, signal: abort.signal,
    });
    expect(res.status).toBe(200);
    expect(await scrape()).toContain('hearth_live_streams 1');
    abort.abort();
    await res.body?.cancel().catch(() => {});
    await expect.poll(scrape).toContain('hearth_live_streams 0');
  });

  it('count job runs by job and outcome', async () => {
    const log = { error: () => {} } as unknown as FastifyBaseLogger;
    const scheduler = new Scheduler(log, 60_000, metrics.jobRun);
    scheduler.start([
      { name: 'tidy', run: async () => {} },
      { name: 'broken', run: async () => { throw new Error('no'); } },
    ]);
    await scheduler.stop();
    const text = await scrape();
    expect(text).toContain('hearth_job_duration_seconds_count{job="tidy",outcome="ok"} 1');
    expect(text).toContain('hearth_job_duration_seconds_count{job="broken",outcome="failed"} 1');
  });
});
