import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import type { Engine } from './test/databases.ts';

const engines: Engine[] = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres' as const] : [])];

/** Every server test file runs once per engine: always PGlite, and PostgreSQL when TEST_DATABASE_URL is set. */
export default defineConfig({
  test: {
    globalSetup: ['./test/global-setup.ts'],
    // Vitest's default (cores - 1) runs one file at a time on a 2-core machine, where much of a file's time is
    // spent waiting on the PostgreSQL server: two at a time finish the suite sooner. Three were tried beside the
    // browser tests and gained nothing: the run is CPU-bound (docs/performance.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Files share a worker's modules instead of importing the whole app anew each (a third of the suite's time,
    // docs/performance.md). The server's modules hold no state a file could leave behind for another: their caches
    // are keyed by database or by answer, and every file opens a database of its own.
    isolate: false,
    // Per engine, two groups: the tests, and the perf guards (`*.perf-guard.test.ts`): tests that pin how the work is
    // done (statement and plan counts, the engine's internals) rather than what it answers, so a failure after an
    // engine or driver upgrade reads as "a measured choice to look at again", not as a bug.
    projects: engines.flatMap((engine) => (['server', 'perf-guard'] as const).map((group) => ({
      extends: true,
      test: {
        name: `${group}-${engine}`,
        include: group === 'perf-guard' ? ['**/*.perf-guard.test.ts'] : [
          'features/**/*.test.ts', 'platform/**/*.test.ts', 'test/**/*.test.ts', 'seed/**/*.test.ts',
          // The contract's pure rules need no database: once is enough.
          ...(engine === 'pglite' ? ['../contract/**/*.test.ts'] : []),
        ],
        // The embedded engine's own code (`platform/db/engine/`) and `*.pglite.test.ts` (server processes on a data
        // folder) have nothing to do with a PostgreSQL server; `*.postgres.test.ts` needs a server's several
        // connections.
        exclude: [
          ...configDefaults.exclude,
          ...(group === 'server' ? ['**/*.perf-guard.test.ts'] : []),
          ...(engine === 'postgres'
            ? ['platform/db/engine/**', '**/*.pglite.test.ts', '**/*.pglite.perf-guard.test.ts']
            : ['**/*.postgres.test.ts', '**/*.postgres.perf-guard.test.ts']),
        ],
        provide: { engine },
        testTimeout: 20_000,
        hookTimeout: 30_000,
      },
    }))),
  },
});
