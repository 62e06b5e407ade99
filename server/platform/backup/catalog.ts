import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { rawRows, type Queryable } from '../db/client.ts';

/** A table of the app as the database's catalog describes it: every stored column (generated ones are computed). */
export interface Table {
  name: string;
  columns: { name: string; type: string }[];
  /** Primary key columns, in key order; empty without one. */
  key: string[];
  /** Other tables this one references. */
  references: string[];
  /** Whether it has triggers of the app's own (not the ones PostgreSQL makes for references). */
  hasTriggers: boolean;
}

/**
 * The app's tables (schema `public`), read from the catalog rather than from the drizzle schema, so a backup holds
 * whatever the database's migrations made, and a restore checks against what its target really has.
 */
export async function readTables(q: Queryable): Promise<Table[]> {
  const rows = await rawRows<{ name: string; columns: Table['columns']; key: string[] | null; refs: string[] | null; triggers: boolean }>(q, sql`
    select c.relname as name,
      (select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod)) order by a.attnum)
        from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as columns,
      (select json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum))
        from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = c.oid and i.indisprimary) as key,
      (select json_agg(distinct r.relname) from pg_constraint f join pg_class r on r.oid = f.confrelid
        where f.conrelid = c.oid and f.contype = 'f' and f.confrelid <> c.oid) as refs,
      exists (select 1 from pg_trigger t where t.tgrelid = c.oid and not t.tgisinternal) as triggers
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')
    order by c.relname`);
  return dependencyOrder(rows.map((r) => ({
    name: r.name, columns: r.columns, key: r.key ?? [], references: r.refs ?? [], hasTriggers: r.triggers,
  })));
}

/** Tables ordered so each comes after every table it references (by name among those ready at once). */
function dependencyOrder(tables: Table[]): Table[] {
  const ordered: Table[] = [];
  const placed = new Set<string>();
  let left = [...tables].sort((a, b) => a.name.localeCompare(b.name));
  while (left.length > 0) {
    const ready = left.filter((t) => t.references.every((r) => placed.has(r)));
    if (ready.length === 0) {
      throw new Error(`These tables reference each other in a cycle, which a backup cannot order: ${left.map((t) => t.name).join(', ')}`);
    }
    for (const table of ready) {
      ordered.push(table);
      placed.add(table.name);
    }
    left = left.filter((t) => !placed.has(t.name));
  }
  return ordered;
}

/** The migrations a database has applied: how many, and the last one's timestamp and (when this code knows it) name. */
export interface MigrationState {
  applied: number;
  last: number;
  tag: string | undefined;
}

export async function readMigrationState(q: Queryable): Promise<MigrationState> {
  const [row] = await rawRows<{ applied: number; last: string | null }>(q, sql`
    select count(*)::int as applied, max(created_at)::text as last from drizzle.__drizzle_migrations`);
  const last = Number(row?.last ?? 0);
  return { applied: row?.applied ?? 0, last, tag: migrationTag(last) };
}

const journal = JSON.parse(readFileSync(new URL('../db/migrations/meta/_journal.json', import.meta.url), 'utf8')) as {
  entries: { when: number; tag: string }[];
};

function migrationTag(when: number): string | undefined {
  return journal.entries.find((e) => e.when === when)?.tag;
}

export const describeMigration = (state: MigrationState) =>
  `${state.tag ?? `an unknown migration (${state.last})`}, ${state.applied} migrations`;

/**
 * One value text for every type on both engines whatever the server's settings, so a backup reads back exactly:
 * instants in UTC, ISO dates, floats in their shortest exact form.
 */
export const exactFormats = sql`select set_config('timezone', 'UTC', true), set_config('datestyle', 'ISO, YMD', true),
  set_config('intervalstyle', 'postgres', true), set_config('extra_float_digits', '1', true),
  set_config('bytea_output', 'hex', true)`;
