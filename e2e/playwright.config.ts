import { defineConfig } from '@playwright/test';
import { e2ePort, e2eUrl } from './support/hearth.ts';

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  // One app and one mail catcher serve every test, each test with accounts of its own. Two browsers at once on 2
  // cores: a test spends much of its time waiting (mail, timers, the server), which the other fills.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: process.env.E2E_REPORT ?? '../.tmp/e2e-results.json' }]],
  use: {
    baseURL: e2eUrl,
    viewport: { width: 1280, height: 800 },
    // A failed test keeps a screenshot of its end and Playwright's error context (the page's accessibility tree).
    // A trace is recorded in every test, kept or not, so it is on only with E2E_TRACE=1, to look into a failure
    // (docs/DECISIONS.md, "What the browser tests record").
    trace: process.env.E2E_TRACE ? { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false } : 'off',
    screenshot: 'only-on-failure',
    // Each test's fresh browser would install the service worker and fetch every file it keeps (about 1 MB):
    // the offline tests, which need it, allow it for themselves.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
        '--disable-component-update', '--disable-sync',
      ],
    },
  },
  outputDir: `../.tmp/e2e-output-${e2ePort}`,
});
