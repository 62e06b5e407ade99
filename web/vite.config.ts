import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { leanContract } from './lean-contract.ts';
import { precompress } from './precompress.ts';

const api = process.env.HEARTH_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), leanContract(), precompress()],
  // Every `import ... from 'zod'` (the contract's too) gets zod configured for a policy without eval.
  resolve: { alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('src/shared/zod-without-eval.ts', import.meta.url)) }] },
  server: {
    port: 5173,
    // In development the API runs separately; /auth/* POSTs are API calls too (spec paths).
    proxy: {
      '/api': api,
      '/auth/request-code': api,
      '/auth/verify-code': api,
    },
  },
  build: { outDir: 'dist', sourcemap: 'hidden' },
});
