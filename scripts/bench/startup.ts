/**
 * Start-up time: from launching `server/main.ts` to GET /api/ready answering 200, on a new data folder (the
 * embedded database created and migrated) and on an existing one (a clean stop before), three times each, median
 * shown. Always on PGlite (synced to disk, as the app runs it); also on PostgreSQL when DATABASE_URL is set, on a
 * new (empty) and an existing (migrated) scratch database it creates and drops.
 * Run: `node scripts/bench/startup.ts`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../server/test/processes.ts';
import { admin, percentile } from './support/common.ts';

const runs = 3;

/** Milliseconds from launch to ready; the server is then stopped cleanly. */
async function timedStart(env: Record<string, string>): Promise<number> {
  const started = performance.now();
  const server = await startServer({ ...env, PGLITE_FSYNC: 'true' });
  try {
    await server.ready();
    return performance.now() - started;
  } finally {
    await server.stop();
  }
}

async function measure(label: string, fresh: () => Promise<Record<string, string>>, done: () => Promise<void>) {
  const first: number[] = [];
  const again: number[] = [];
  for (let run = 0; run < runs; run++) {
    const env = await fresh();
    first.push(await timedStart(env));
    again.push(await timedStart(env));
    await done();
  }
  const median = (samples: number[]) => `${percentile(samples, 50).toFixed(0)} ms`;
  console.log(`${label}: new ${median(first)}, existing ${median(again)} (median of ${runs})`);
}

let dataDir = '';
await measure('PGlite', async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'hearth-startup-'));
  return { DATA_DIR: dataDir };
}, () => rm(dataDir, { recursive: true, force: true }));

const serverUrl = process.env.DATABASE_URL;
if (serverUrl) {
  let name = '';
  await measure('PostgreSQL', async () => {
    name = `hearth_bench_${randomBytes(4).toString('hex')}`;
    await admin(serverUrl, `CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return { DATABASE_URL: url.toString() };
  }, () => admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}
