import { config } from 'zod/v4';

/**
 * The web build's `zod` (vite.config.ts aliases it here). The content security policy allows no eval, and zod
 * probes for it (new Function) when it creates its first object schema, which the browser reports as a violation
 * on every page. Set before any schema of the contract exists, jitless zod never probes.
 */
config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
