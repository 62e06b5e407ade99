/**
 * The whole test suite: type check, server tests on every engine, web unit tests, web build, browser tests.
 * Ends with one summary line, `tests: N passed, N failed`, summed over every runner.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tmp = `${root}.tmp`;
mkdirSync(tmp, { recursive: true });

// Children (vitest, playwright, the e2e server) must run on the pinned Node too, however this script was started.
const env = { ...process.env, PATH: `${root}node_modules/.bin:${process.env.PATH ?? ''}` };

const counts = { passed: 0, failed: 0 };
let ok = true;

function run(title: string, command: string, args: string[], cwd = root): boolean {
  console.log(`\n=== ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env });
  const passed = result.status === 0;
  console.log(`=== ${title}: ${passed ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (!passed) ok = false;
  return passed;
}

function readJson(file: string): any {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const bin = (name: string) => `${root}node_modules/.bin/${name}`;
const only = process.argv[2];

if (!only || only === 'typecheck') {
  if (!run('Type check', 'npm', ['run', 'typecheck'])) counts.failed += 1;
}

/** One workspace's vitest run, counted from its JSON report (a run that found no test counts as a failure). */
function vitest(title: string, workspace: string): void {
  const report = `${tmp}/${workspace}-results.json`;
  rmSync(report, { force: true });
  const passed = run(title, bin('vitest'), [
    'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`,
  ], `${root}${workspace}`);
  const json = readJson(report);
  if (json) {
    counts.passed += json.numPassedTests;
    counts.failed += json.numFailedTests + (json.numTotalTests === 0 ? 1 : 0);
    reportPerfGuards(title, json);
  } else if (!passed) counts.failed += 1;
}

/**
 * The perf guards (`*.perf-guard.test.ts`) told apart: they pin how the work is done (plans, statement counts, the
 * engine's internals), so after an engine or driver upgrade their failure is a measured choice to look at again.
 */
function reportPerfGuards(title: string, json: any): void {
  const guards = (json.testResults ?? []).filter((file: any) => String(file.name).endsWith('.perf-guard.test.ts'));
  if (guards.length === 0) return;
  const results = guards.flatMap((file: any) => file.assertionResults ?? []);
  const failed = results.filter((r: any) => r.status === 'failed');
  const passed = results.filter((r: any) => r.status === 'passed').length;
  console.log(`\n${title}, perf guards: ${passed} of ${results.length} pass`
    + (failed.length ? ` (implementation pins, not answers: see docs/performance.md before changing them): `
      + failed.map((r: any) => r.fullName).join('; ') : ''));
}

if (!only || only === 'server') vitest('Server tests', 'server');
if (!only || only === 'web') vitest('Web unit tests', 'web');

if (!only || only === 'e2e') {
  if (run('Web build', 'npm', ['run', 'build', '-w', 'web'])) {
    const report = `${tmp}/e2e-results.json`;
    rmSync(report, { force: true });
    const passed = run('Browser tests', bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts']);
    const json = readJson(report);
    if (json?.stats) {
      counts.passed += json.stats.expected + json.stats.flaky;
      counts.failed += json.stats.unexpected;
    } else if (!passed) counts.failed += 1;
  } else counts.failed += 1;
}

console.log(`\ntests: ${counts.passed} passed, ${counts.failed} failed`);
process.exit(ok && counts.failed === 0 ? 0 : 1);
