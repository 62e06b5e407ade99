/**
 * Main-thread blocking and the largest paint on a signed-in load of a 100-item list: Debian's Chromium at 4x CPU
 * slowdown (Lighthouse's mobile factor), the time each long task runs past 50 ms, summed from navigation until the
 * page is whole and 1.5 s after, and when the largest paint of that time happened; the medians of many loads.
 * Lighthouse's TBT here varies twofold from run to run, so a change to the first load is measured by loads of two
 * builds taken in turns: WEB_DIST_BEFORE=<folder> (another build, e.g. made by `vite build --outDir` on an older
 * commit) in turn with web/dist (rebuilt if stale). LOADS sets the loads per build (default 12).
 * Run: `node scripts/bench/list-blocking.ts`.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { migrate, openPglite } from '../../server/platform/db/client.ts';
import { listThroughApi, member, serveApp, storeSession } from './support/common.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const loads = Number(process.env.LOADS ?? 12);
const listSize = 100;

/** One load's figures (ms). */
interface Load { blocking: number; largestPaint: number }

const built = spawnSync(process.execPath, [`${root}scripts/build-web.ts`], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);
const builds: [string, string][] = [
  ...(process.env.WEB_DIST_BEFORE ? [['before', process.env.WEB_DIST_BEFORE] as [string, string]] : []),
  [process.env.WEB_DIST_BEFORE ? 'after' : 'web/dist', `${root}web/dist`],
];

const database = await openPglite({}); // in memory
await migrate(database);
const servers = await Promise.all(builds.map(([, dist]) =>
  serveApp(database, { env: { WEB_DIST: dist, WRITES_PER_MINUTE: '1000000' } })));
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  const ada = await member(database.db, 'Ada');
  const { listId, user } = await listThroughApi(servers[0]!.base, ada, listSize);

  /** One load's blocking time and largest paint (ms), its files already in the HTTP cache, as a returning member's. */
  const measure = async (base: string): Promise<Load> => {
    // Lighthouse's mobile screen; no service worker, so each build serves its own files.
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      await storeSession(page, base, ada.token, user);
      const listPage = `${base}/list/${listId}`;
      // A plain DOM check every 100 ms: a role locator's wait works out the page's accessibility tree at each of its
      // checks, long enough at the slowed CPU to count as the page's own blocking.
      const whole = () => page.waitForFunction(
        () => document.getElementById('discussion-title')?.textContent === 'Family Discussion', undefined, { polling: 100 },
      );
      await page.goto(listPage);
      await whole();
      await page.goto(`${base}/favicon.svg`);
      await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.addInitScript(`globalThis.blocking = 0;
        globalThis.largestPaint = 0;
        new PerformanceObserver((tasks) => {
          for (const task of tasks.getEntries()) globalThis.blocking += Math.max(0, task.duration - 50);
        }).observe({ type: 'longtask', buffered: true });
        new PerformanceObserver((paints) => {
          for (const paint of paints.getEntries()) globalThis.largestPaint = paint.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });`);
      await page.goto(listPage);
      await whole();
      await page.waitForTimeout(1500);
      const [blocking, largestPaint] = await page.evaluate<number[]>('[globalThis.blocking, globalThis.largestPaint]');
      return { blocking: Math.round(blocking!), largestPaint: Math.round(largestPaint!) };
    } finally {
      await context.close();
    }
  };

  const results = builds.map((): Load[] => []);
  for (let load = 0; load < loads; load++) {
    for (const [i, server] of servers.entries()) results[i]!.push(await measure(server.base));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  for (const measured of ['blocking', 'largestPaint'] as const) {
    const name = measured === 'blocking' ? 'blocking time' : 'largest paint';
    for (const [i, [label]] of builds.entries()) {
      const values = results[i]!.map((r) => r[measured]);
      console.log(`${listSize}-item list, ${label}: ${name} median ${median(values)} ms over ${loads} loads `
        + `(${values.join(', ')})`);
    }
    if (results.length === 2) {
      const lower = results[1]!.filter((after, i) => after[measured] < results[0]![i]![measured]).length;
      console.log(`${name}: after lower than before in ${lower} of ${loads} pairs`);
    }
  }
} finally {
  await browser.close();
  for (const server of servers) await server.app.close();
  await database.close();
}
