import { sql, type SQL } from 'drizzle-orm';
import { textArray } from '../platform/db/client.ts';

type Value = string | number | boolean | Date | null | undefined;

/**
 * Rows of one table gathered column by column, written by one `insert ... select from unnest(...)`: one parameter
 * per column however many rows, so thousands of rows cost one statement and one round trip on either engine.
 * Each column is sent as text and cast to its type in SQL, as the app's own `textArray` reads do.
 */
export class ColumnRows {
  readonly #values: Value[][];
  readonly #columns: string[];
  readonly table: string;
  readonly types: Record<string, string>;

  constructor(table: string, types: Record<string, string>) {
    this.table = table;
    this.types = types;
    this.#columns = Object.keys(types);
    this.#values = this.#columns.map(() => []);
  }

  get size(): number {
    return this.#values[0]!.length;
  }

  add(row: Record<string, Value>): void {
    for (const [i, column] of this.#columns.entries()) this.#values[i]!.push(row[column]);
  }

  /** The insert, or null when no row was added. */
  insert(): SQL | null {
    if (this.size === 0) return null;
    const names = sql.raw(this.#columns.map((c) => `"${c}"`).join(', '));
    const arrays = sql.join(this.#columns.map((column, i) => sql`${textArray(this.#values[i]!.map(asText))}::${sql.raw(this.types[column]!)}[]`), sql`, `);
    return sql`insert into ${sql.raw(`"${this.table}"`)} (${names}) select * from unnest(${arrays})`;
  }
}

const asText = (value: Value) => (value instanceof Date ? value.toISOString() : typeof value === 'boolean' ? String(value) : value);
