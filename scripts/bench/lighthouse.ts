/**
 * Web delivery benchmark, against the built web app served by the real server (PGlite in memory):
 *   - JavaScript over the wire for a cold load of /auth (Chromium, as the server sends it: precompressed brotli);
 *   - Lighthouse (mobile: simulated slow 4G and a slowed CPU) on /auth and on a signed-in 100-item list, first with
 *     nothing of the app in the browser, then as a return visit served by the app's service worker: the four
 *     category scores, and LCP, TBT and the JavaScript transferred.
 * Lighthouse drives Debian's Chromium (CHROME_PATH, /usr/bin/chromium by default), launched by Playwright with a
 * debugging port so the signed-in run can put the session in localStorage first, as the web app keeps it.
 * Builds the web app when its sources changed (or measures WEB_DIST as it is). Run: `node scripts/bench/lighthouse.ts`.
 * LIGHTHOUSE_OUT=<folder> also saves each run's report (`<page>.report.json`) and trace (`<page>.trace.json`, opens in
 * Chrome DevTools' Performance panel) there, to see what the main thread did.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import lighthouse, { type Flags } from 'lighthouse';
import { migrate, openPglite } from '../../server/platform/db/client.ts';
import { listThroughApi, member, serveApp, storeSession } from './support/common.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeFlags = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--no-first-run',
];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
const listSize = 100;

// WEB_DIST measures another build (e.g. an older one, for a before/after); otherwise web/dist, rebuilt if stale.
const webDist = process.env.WEB_DIST ?? join(root, 'web/dist');
if (!process.env.WEB_DIST) {
  const built = spawnSync(process.execPath, [join(root, 'scripts/build-web.ts')], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

const outDir = process.env.LIGHTHOUSE_OUT;
if (outDir) await mkdir(outDir, { recursive: true });

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const database = await openPglite({}); // no data folder: in memory
await migrate(database);
const { app, base } = await serveApp(database, { env: { WEB_DIST: webDist, WRITES_PER_MINUTE: '1000000' } });
const profile = await mkdtemp(join(tmpdir(), 'hearth-lighthouse-'));
const port = await freePort();
// The persistent context is the browser's default one, the one Lighthouse opens its tab in.
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: chromePath, headless: true, args: [...chromeFlags, `--remote-debugging-port=${port}`],
});
try {
  const ada = await member(database.db, 'Ada');
  const { listId, user } = await listThroughApi(base, ada, listSize);

  // A cold load of /auth in a fresh context: every script's bytes as they came over the wire.
  const cold = await chromium.launch({ executablePath: chromePath, args: chromeFlags });
  const page = await cold.newPage();
  await page.goto(`${base}/auth`, { waitUntil: 'networkidle' });
  const scripts = await page.evaluate(() => performance.getEntriesByType('resource')
    .filter((e): e is PerformanceResourceTiming => e instanceof PerformanceResourceTiming && new URL(e.name).pathname.endsWith('.js'))
    .map((e) => ({ encoded: e.encodedBodySize, transfer: e.transferSize, decoded: e.decodedBodySize })));
  const nav = await page.evaluate(() => performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming);
  await cold.close();
  const sum = (key: 'encoded' | 'transfer' | 'decoded') => scripts.reduce((n, s) => n + s[key], 0);
  console.log(`/auth JavaScript (${scripts.length} files): ${kb(sum('transfer'))} over the wire `
    + `(${kb(sum('encoded'))} bodies, ${kb(sum('decoded'))} uncompressed); index.html ${kb(nav.transferSize)}`);

  // The signed-in runs keep the storage, where the session is put just before them (the /auth run empties it).
  const signIn = async () => {
    const setup = await browser.newPage();
    await storeSession(setup, base, ada.token, user);
    // A first visit's: keeping the storage keeps the HTTP cache, the service worker and its copies of the app's
    // files too (the /auth run installed it), so all three are emptied here.
    const cdp = await browser.newCDPSession(setup);
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'service_workers,cache_storage' });
    await setup.close();
  };
  // A return visit's: the service worker the first visit installed has its copies of the app's files.
  const installed = async () => {
    const setup = await browser.newPage();
    await setup.goto(`${base}/favicon.svg`);
    await setup.evaluate(async () => {
      // The app's own registration, not one made here: a return visit measures the worker the app installs.
      if (!(await navigator.serviceWorker.getRegistration())) throw new Error('the first visit installed no service worker');
      await navigator.serviceWorker.ready;
    });
    await setup.close();
  };

  const listUrl = `${base}/list/${listId}`;
  const runs: { label: string; name: string; url: string; flags?: Flags; prepare?: () => Promise<void> }[] = [
    { label: '/auth', name: 'auth', url: `${base}/auth` },
    {
      label: `/list/{id}, ${listSize} items, first visit`, name: 'list', url: listUrl,
      flags: { disableStorageReset: true }, prepare: signIn,
    },
    {
      label: `/list/{id}, ${listSize} items, return visit`, name: 'list-return', url: listUrl,
      flags: { disableStorageReset: true }, prepare: installed,
    },
  ];
  for (const run of runs) {
    await run.prepare?.();
    const result = await lighthouse(run.url, {
      port, output: 'json', logLevel: 'error', onlyCategories: categories, ...run.flags,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${run.url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    if (outDir) {
      await writeFile(join(outDir, `${run.name}.report.json`), JSON.stringify(lhr));
      await writeFile(join(outDir, `${run.name}.trace.json`), JSON.stringify(result.artifacts.Trace));
    }
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const audit = (id: string) => lhr.audits[id]?.displayValue ?? '?';
    const scriptBytes = (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)
      ?.items?.find((i) => i.resourceType === 'script')?.transferSize ?? 0;
    console.log(`${run.label}: performance ${score('performance')}, accessibility ${score('accessibility')}, `
      + `best practices ${score('best-practices')}, SEO ${score('seo')}; FCP ${audit('first-contentful-paint')}, `
      + `LCP ${audit('largest-contentful-paint')}, TBT ${audit('total-blocking-time')}, CLS ${audit('cumulative-layout-shift')}, `
      + `JavaScript ${kb(scriptBytes)}`);
    const failing = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
      .map((a) => a.id);
    if (failing.length > 0) console.log(`  below 90: ${failing.join(', ')}`);
  }
} finally {
  await browser.close();
  await app.close();
  await database.close();
  await rm(profile, { recursive: true, force: true });
}
