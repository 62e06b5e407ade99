import { defineConfig } from 'vitest/config';

/** The web app's logic that needs no browser (the query client's, say), tested in Node without the build's plugins. */
export default defineConfig({
  test: { include: ['src/**/*.test.ts'] },
});
