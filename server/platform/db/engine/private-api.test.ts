import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { templatePglite } from '../../../test/databases.ts';

/**
 * `statements.ts` runs its statements under PGlite's own locks through `_runExclusiveQuery` and
 * `_runExclusiveTransaction`, which PGlite does not promise to keep: the package is pinned to one version, and these
 * tests say plainly what broke when an upgrade takes them away or changes what they do.
 */

const pinned = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
}).dependencies['@electric-sql/pglite'];
// The package exports no package.json: it sits beside the folder of its entry point (`dist/`).
const installed = (JSON.parse(readFileSync(new URL('../package.json', import.meta.resolve('@electric-sql/pglite')), 'utf8')) as {
  version: string;
}).version;
const upgrade = `@electric-sql/pglite ${installed}: server/platform/db/engine/statements.ts calls PGlite's private`;

let db: PGlite;
beforeAll(async () => { db = await templatePglite(inject('templates')); });
afterAll(async () => { await db.close(); });

describe('the PGlite the engine relies on', () => {
  it('is pinned to one exact version, the one installed', () => {
    expect(pinned, 'server/package.json must pin @electric-sql/pglite to an exact version (no ^ or ~)')
      .toMatch(/^\d+\.\d+\.\d+$/);
    expect(installed, 'the installed @electric-sql/pglite is not the pinned one: run npm ci').toBe(pinned);
  });

  it('still has the private locks the prepared statements run under', () => {
    for (const name of ['_runExclusiveQuery', '_runExclusiveTransaction'] as const) {
      expect(typeof db[name], `${upgrade} ${name}, which this version no longer has: adapt statements.ts or stay on ${pinned}`)
        .toBe('function');
    }
  });

  it('holds its own statements from outside while _runExclusiveTransaction runs, and lets its own through', async () => {
    let finish!: () => void;
    const held = new Promise<void>((resolve) => { finish = resolve; });
    let inside: unknown;
    const transaction = db._runExclusiveTransaction(async () => {
      inside = await db._runExclusiveQuery(async () => 'ran');
      await held;
    });
    let outside = false;
    const query = db.query('select 1').then(() => { outside = true; });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(outside, `${upgrade} _runExclusiveTransaction, which no longer holds other statements back`).toBe(false);
    finish();
    await Promise.all([transaction, query]);
    expect([inside, outside], `${upgrade} _runExclusiveQuery, which no longer runs inside a held transaction`)
      .toEqual(['ran', true]);
  });
});
