/**
 * The whole test suite: type check, server tests on every engine, web unit tests, web build, browser tests.
 * Ends with one summary line, `tests: N passed, N failed`, summed over every runner.
 *
 * The web is built first (the browser tests wait on it, and the server's start-up tests serve it); then three lanes run
 * at once: the browser tests (shown as they run), the server and web unit tests, and the type check (each shown whole
 * when it ends). Neither test lane keeps 2 cores busy alone: the browser tests wait on the browser and the app, the
 * server tests on PostgreSQL, timers and server processes; the type check is a minute of CPU that would otherwise
 * hold up the server tests' start (docs/performance.md, "Test suite time").
 * `node scripts/test.ts <step>` runs one step: typecheck, server, web or e2e.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tmp = `${root}.tmp`;
mkdirSync(tmp, { recursive: true });

// Children (vitest, playwright, the e2e server) must run on the pinned Node too, however this script was started.
const env = { ...process.env, PATH: `${root}node_modules/.bin:${process.env.PATH ?? ''}` };

const counts = { passed: 0, failed: 0 };
let ok = true;
const startedAt = Date.now();

/**
 * Runs one step. A live step writes to the terminal as it goes; any other step writes to `.tmp/<log>.log`, shown
 * whole when it ends, so that steps running at once do not mix their lines.
 */
async function run(
  title: string, command: string, args: string[], options: { cwd?: string; log?: string } = {},
): Promise<boolean> {
  const started = Date.now();
  const logFile = options.log && `${tmp}/${options.log}.log`;
  if (!logFile) console.log(`\n=== ${title}`);
  const out = logFile ? openSync(logFile, 'w') : 'inherit';
  const child = spawn(command, args, { cwd: options.cwd ?? root, stdio: ['ignore', out, out], env });
  const status = await new Promise<number | null>((resolve) => {
    child.once('error', () => resolve(null));
    child.once('close', (code) => resolve(code));
  });
  if (typeof out === 'number') closeSync(out);
  const passed = status === 0;
  if (logFile) process.stdout.write(`\n=== ${title}\n${readFileSync(logFile, 'utf8')}`);
  const at = ((Date.now() - startedAt) / 1000).toFixed(0);
  console.log(`=== ${title}: ${passed ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s (ended at ${at} s)`);
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
const runs = (step: string) => !only || only === step;

async function typecheck(): Promise<void> {
  if (!await run('Type check', 'npm', ['run', 'typecheck'], { log: 'typecheck' })) counts.failed += 1;
}

/** One workspace's vitest run, counted from its JSON report (a run that found no test counts as a failure). */
async function vitest(title: string, workspace: string): Promise<void> {
  const report = `${tmp}/${workspace}-results.json`;
  rmSync(report, { force: true });
  const passed = await run(title, bin('vitest'), [
    'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`,
  ], { cwd: `${root}${workspace}`, log: workspace });
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

async function browserTests(): Promise<void> {
  const report = `${tmp}/e2e-results.json`;
  rmSync(report, { force: true });
  const passed = await run('Browser tests', bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts']);
  const json = readJson(report);
  if (json?.stats) {
    counts.passed += json.stats.expected + json.stats.flaky;
    counts.failed += json.stats.unexpected;
  } else if (!passed) counts.failed += 1;
}

/** The CPU time this run's steps used (children that ended, theirs included), where the system tells it. */
function cpuSeconds(): number | undefined {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    // cutime and cstime, in clock ticks (100 a second on Linux).
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

// Alone, so that the browser tests, which wait on it, start as soon as they can.
const built = runs('e2e') && await run('Web build', 'npm', ['run', 'build', '-w', 'web']);
if (runs('e2e') && !built) counts.failed += 1;
await Promise.all([
  built ? browserTests() : undefined,
  (async () => {
    if (runs('server')) await vitest('Server tests', 'server');
    if (runs('web')) await vitest('Web unit tests', 'web');
  })(),
  runs('typecheck') ? typecheck() : undefined,
]);

const cpu = cpuSeconds();
console.log(`\nwall ${((Date.now() - startedAt) / 1000).toFixed(0)} s${cpu === undefined ? '' : `, CPU of every step ${cpu.toFixed(0)} s`}`);
console.log(`\ntests: ${counts.passed} passed, ${counts.failed} failed`);
process.exit(ok && counts.failed === 0 ? 0 : 1);
