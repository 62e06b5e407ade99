import type { Queryable } from './client.ts';

/** Per database, each hot read's drizzle prepared query by name. */
const built = new WeakMap<Queryable, Map<string, unknown>>();

/**
 * A hot read's drizzle prepared query, built once per database (issue #17): drizzle otherwise builds its SQL again on
 * every request, and the engine plans it again. `build` must use placeholders (`sql.placeholder`) for every value and
 * prepare under `name`, which PostgreSQL's connections know it by when PG_PREPARED_STATEMENTS is on (else it is sent
 * unnamed): one name, one query, across the app.
 */
export function preparedOn<T>(q: Queryable, name: string, build: (q: Queryable, name: string) => T): T {
  let byName = built.get(q);
  if (!byName) built.set(q, (byName = new Map()));
  if (!byName.has(name)) byName.set(name, build(q, name));
  return byName.get(name) as T;
}
