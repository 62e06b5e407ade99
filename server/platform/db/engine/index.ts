/**
 * The embedded engine (PGlite): the one module the rest of the server imports from this folder (lint enforces it).
 * PGlite runs on a thread of its own (`thread.ts`, `worker.ts`), every statement prepared (`statements.ts`), synced to
 * disk (`durable.ts`), its data folder held by one process (`data-dir-lock.ts`). `statements.ts` calls PGlite's
 * private `_runExclusiveQuery`/`_runExclusiveTransaction`, so the package is pinned to an exact version
 * (`private-api.test.ts` says what to check on an upgrade).
 */
export { lockDataDir } from './data-dir-lock.ts';
export { PreparedStatements, preparedPglite } from './statements.ts';
export { asPglite, PgliteThread, type PgliteSource } from './thread.ts';
