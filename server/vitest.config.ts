import { defineConfig } from 'vitest/config';
import type { Engine } from './test/databases.ts';

const engines: Engine[] = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres' as const] : [])];

/** Every server test file runs once per engine: always PGlite, and PostgreSQL when TEST_DATABASE_URL is set. */
export default defineConfig({
  test: {
    globalSetup: ['./test/global-setup.ts'],
    projects: engines.map((engine) => ({
      extends: true,
      test: {
        name: `server-${engine}`,
        include: [
          'features/**/*.test.ts', 'platform/**/*.test.ts', 'test/**/*.test.ts',
          // The contract's pure rules need no database: once is enough.
          ...(engine === 'pglite' ? ['../contract/**/*.test.ts'] : []),
        ],
        provide: { engine },
        testTimeout: 20_000,
        hookTimeout: 30_000,
      },
    })),
  },
});
