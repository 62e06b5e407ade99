import { createHash } from 'node:crypto';
import type pg from 'pg';

/** What pg's `query` is given as its first argument, when it is not a text (`submit`: a query object of its own). */
interface QueryConfig { text?: unknown; name?: unknown; values?: unknown; submit?: unknown }

/** Texts a connection runs under a name at most: each holds its parsed statement and plan on the server. */
const defaultPerConnection = 200;
/** Repeated texts named at most, and texts remembered as seen once: the app's own memory stays bounded too. */
const namesLimit = 2000;
const seenLimit = 5000;

/**
 * Named prepared statements on a PostgreSQL server (issue #17; on with PG_PREPARED_STATEMENTS=true), as the embedded
 * engine's `PreparedStatements`.
 * Drizzle sends raw SQL unnamed, so the server parses and plans it again on every call (what that costs:
 * docs/performance.md). A text sent a second time is sent from then on
 * under a name made from it, and each connection parses it once (and plans it once where the statement asks for
 * generic plans).
 *
 * A connection names `perConnection` texts at most and sends the others unnamed, as before: a rare text (an `in` list
 * of each length) cannot fill the server's memory. A query object of its own (a cursor, a stream) is left as it is.
 * Prepared statements outlive transactions and rollbacks, and the server plans one again by itself when a table it
 * reads changes.
 */
export class StatementNames {
  readonly #perConnection: number;
  readonly #names = new Map<string, string>();
  readonly #seen = new Set<string>();

  constructor(perConnection = defaultPerConnection) {
    this.#perConnection = perConnection;
  }

  /** Makes `client` send the repeated statements it is given under their names. */
  adopt(client: pg.ClientBase): void {
    const named = new Set<string>();
    const query = client.query.bind(client) as (config: unknown, ...rest: unknown[]) => unknown;
    client.query = ((config: unknown, ...rest: unknown[]) =>
      query(this.#named(config, rest[0], named), ...rest)) as typeof client.query;
  }

  /** `config` under its text's name, when its text has parameters, is repeated and the connection may name it. */
  #named(config: unknown, values: unknown, named: Set<string>): unknown {
    if (typeof config !== 'string' && (typeof config !== 'object' || config === null)) return config;
    const { text, name, values: own, submit } = typeof config === 'string' ? { text: config } : config as QueryConfig;
    const given = Array.isArray(values) ? values : own;
    if (typeof text !== 'string' || name || submit || !Array.isArray(given) || given.length === 0) return config;
    const textName = this.#nameOf(text);
    if (!textName || (!named.has(textName) && named.size >= this.#perConnection)) return config;
    named.add(textName);
    return typeof config === 'string' ? { text, name: textName } : { ...config, name: textName };
  }

  /** The text's name from its second use on; undefined before, or past the limit. */
  #nameOf(text: string): string | undefined {
    const known = this.#names.get(text);
    if (known || this.#names.size >= namesLimit) return known;
    if (!this.#seen.has(text)) {
      if (this.#seen.size >= seenLimit) this.#seen.clear();
      this.#seen.add(text);
      return undefined;
    }
    this.#seen.delete(text);
    const name = `hearth_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
    this.#names.set(text, name);
    return name;
  }
}

/**
 * Makes `client` send every statement unnamed, drizzle's prepared queries (`preparedOn`) included: behind a pooler in
 * transaction mode, a name parsed on one server connection is unknown on the next transaction's.
 */
export function unnamed(client: pg.ClientBase): void {
  const query = client.query.bind(client) as (config: unknown, ...rest: unknown[]) => unknown;
  client.query = ((config: unknown, ...rest: unknown[]) => {
    if (typeof config !== 'object' || config === null || !(config as QueryConfig).name || (config as QueryConfig).submit) {
      return query(config, ...rest);
    }
    const { name: _name, ...withoutName } = config as QueryConfig;
    return query(withoutName, ...rest);
  }) as typeof client.query;
}
