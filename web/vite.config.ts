import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { leanContract } from './lean-contract.ts';
import { precompress } from './precompress.ts';

const api = process.env.HEARTH_API ?? 'http://localhost:3000';
/** Paths the server answers itself: the service worker never answers them (POSTs to /auth/* are API calls). */
const serverPaths = [/^\/api(\/|$)/, /^\/auth\/request-code/, /^\/auth\/verify-code/];

export default defineConfig({
  plugins: [
    react(),
    leanContract(),
    // The installable app: a manifest, and a service worker that keeps every built file (each lazy page too) so the
    // app opens with no network; a new version waits for "Reload" (UpdatePrompt). It caches no answer of the API.
    VitePWA({
      registerType: 'prompt',
      injectRegister: null,
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        name: 'Hearth',
        short_name: 'Hearth',
        description: 'Your family\'s lists, meals, calendar and places, shared.',
        theme_color: '#b45309',
        background_color: '#faf7f2',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: serverPaths,
        cleanupOutdatedCaches: true,
        // Shows pushed notifications and opens their page when tapped.
        importScripts: ['push-sw.js'],
        // The calendar's chunk is the largest; every page must be there offline.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
    }),
    precompress(),
  ],
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
