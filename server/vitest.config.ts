import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import type { Engine } from './test/databases.ts';

const engines: Engine[] = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres' as const] : [])];

/** Every server test file runs once per engine: always PGlite, and PostgreSQL when TEST_DATABASE_URL is set. */
export default defineConfig({
  test: {
    globalSetup: ['./test/global-setup.ts'],
    // Vitest's default (cores - 1) runs one file at a time on a 2-core machine, where much of a file's time is
    // spent waiting on the PostgreSQL server: two at a time finish the suite sooner (docs/performance.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Files share a worker's modules instead of importing the whole app anew each (a third of the suite's time,
    // docs/performance.md). The server's modules hold no state a file could leave behind for another: their caches
    // are keyed by database or by answer, and every file opens a database of its own.
    isolate: false,
    projects: engines.map((engine) => ({
      extends: true,
      test: {
        name: `server-${engine}`,
        include: [
          'features/**/*.test.ts', 'platform/**/*.test.ts', 'test/**/*.test.ts',
          // The contract's pure rules need no database: once is enough.
          ...(engine === 'pglite' ? ['../contract/**/*.test.ts'] : []),
        ],
        // The embedded engine's thread and prepared statements, and `*.pglite.test.ts` (server processes on a data
        // folder), have nothing to do with a PostgreSQL server; `*.postgres.test.ts` needs a server's several
        // connections.
        exclude: [
          ...configDefaults.exclude,
          ...(engine === 'postgres' ? ['platform/db/pglite-*.test.ts', '**/*.pglite.test.ts'] : ['**/*.postgres.test.ts']),
        ],
        provide: { engine },
        testTimeout: 20_000,
        hookTimeout: 30_000,
      },
    })),
  },
});
