import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { templatePglite } from '../../../test/databases.ts';

/**
 * A PGlite on this thread for the test file, with a `pantry` table; each test sees only the statements it prepares.
 * `db()` is the engine once the file's tests run; `prepared()` its prepared statements now.
 */
export function pantryEngine() {
  let db: PGlite;
  beforeAll(async () => {
    db = await templatePglite(inject('templates'));
    await db.exec('create table pantry (id int primary key, name text not null)');
  });
  afterAll(async () => { await db.close(); });
  beforeEach(async () => { await db.exec('deallocate all'); });
  return {
    db: () => db,
    prepared: async () => (await db.query<{ name: string; statement: string }>(
      'select name, statement from pg_prepared_statements order by name')).rows,
  };
}
