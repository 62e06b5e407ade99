import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import { ChannelListeners, type Listener } from '../channel-listeners.ts';

/**
 * Named prepared statements for PGlite (issue #17). PGlite's `query` sends every statement unnamed, so its one
 * backend parses and plans it again on every call, in six calls into the engine. Here each SQL text is parsed once
 * under a name and then only bound and run, in one call: a three-table session lookup costs a quarter of the time.
 *
 * Prepared statements outlive transactions and rollbacks (they belong to the connection, not the transaction), and
 * PostgreSQL re-plans one by itself when a table it reads changes.
 *
 * Answers are read by PGlite's own parser; the notifications they carry reach the listeners added here (`listen`).
 */

const { serialize } = protocol;

interface Statement {
  name: string;
  /** The parameters' type OIDs, as PostgreSQL inferred them, for PGlite's serializers. */
  paramTypes: number[];
}

/** Enough for every statement the app sends; a text past it (a rare `in` list's length) evicts the least used. */
const defaultCapacity = 500;

/** Names are unique in the thread, so two sets on one PGlite cannot take each other's. */
let nextName = 0;

export class PreparedStatements {
  readonly #db: PGlite;
  readonly #capacity: number;
  /** By SQL text, least recently used first. */
  readonly #statements = new Map<string, Statement>();
  readonly #merged = new WeakMap<NonNullable<QueryOptions['parsers']>, PGlite['parsers']>();
  readonly #listeners = new ChannelListeners(
    (channel) => this.query(`LISTEN ${quoted(channel)}`, [], {}, false),
    (channel) => this.query(`UNLISTEN ${quoted(channel)}`, [], {}, false),
  );

  constructor(db: PGlite, capacity = defaultCapacity) {
    this.#db = db;
    this.#capacity = capacity;
    db.onNotification((channel, payload) => {
      for (const listener of this.#listeners.of(channel)) listener(payload);
    });
  }

  /**
   * PGlite's `query`, prepared. Outside a transaction it waits, as `query` does, for any open one to end; the
   * files are synced after it (`syncToFs`, as PGlite does after each statement outside a transaction).
   */
  query<T>(
    sql: string, params: unknown[], options: QueryOptions, inTransaction: boolean, syncToFs = !inTransaction,
  ): Promise<Results<T>> {
    const run = () => this.#db._runExclusiveQuery(() => this.#run<T>(sql, params, options, syncToFs));
    return inTransaction ? run() : this.#db._runExclusiveTransaction(run);
  }

  /**
   * Runs `work` in a transaction under PGlite's transaction lock, which holds every statement from outside until it
   * ends; `work`'s statements run with `inTransaction`. BEGIN and COMMIT run prepared too: PGlite's own
   * `transaction` sends them as simple queries, parsed anew each time (~0.3-0.5 ms a transaction). A commit answered
   * with a rollback (a statement in it failed) throws, as PGlite's does.
   */
  transaction<T>(work: () => Promise<T>): Promise<T> {
    return this.#db._runExclusiveTransaction(async () => {
      await this.query('BEGIN', [], {}, true);
      let result: T;
      try {
        result = await work();
      } catch (error) {
        await this.query('ROLLBACK', [], {}, true, true);
        throw error;
      }
      const ended = await this.query('COMMIT', [], {}, true, true);
      if ((ended as { command?: string }).command === 'ROLLBACK') throw new Error('The transaction was rolled back');
      return result;
    });
  }

  /**
   * PGlite's parsers with a caller's own over them, merged once per set: PGlite's own reading merged them anew for
   * every statement, a copy of every type's parser (~0.1 ms a statement, whatever its rows).
   */
  #parsersWith(own: QueryOptions['parsers']): PGlite['parsers'] {
    if (!own) return this.#db.parsers;
    let merged = this.#merged.get(own);
    if (!merged) this.#merged.set(own, (merged = { ...this.#db.parsers, ...own }));
    return merged;
  }

  /** How many statements are prepared now. */
  get size(): number {
    return this.#statements.size;
  }

  async #run<T>(sql: string, params: unknown[], options: QueryOptions, syncToFs: boolean): Promise<Results<T>> {
    const statement = this.#statements.get(sql) ?? await this.#prepare(sql);
    this.#statements.delete(sql);
    this.#statements.set(sql, statement);
    const values = params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const serializer = this.#db.serializers[statement.paramTypes[index]!];
      return serializer ? serializer(param) : String(param);
    });
    const { messages } = await this.#db.execProtocol(Buffer.concat([
      serialize.bind({ statement: statement.name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]), { syncToFs });
    return parse.parseResults(messages, this.#parsersWith(options.parsers), { rowMode: options.rowMode })[0] as Results<T>;
  }

  /**
   * Calls `listener` with each payload NOTIFY sends on `channel` once its transaction commits; answers the function
   * that stops it (and the LISTEN, after the channel's last listener).
   */
  listen(channel: string, listener: Listener): Promise<() => Promise<void>> {
    return this.#listeners.add(channel, listener);
  }

  async #prepare(sql: string): Promise<Statement> {
    const messages: Uint8Array[] = [];
    if (this.#statements.size >= this.#capacity) {
      const [leastUsed, evicted] = this.#statements.entries().next().value!;
      this.#statements.delete(leastUsed);
      messages.push(serialize.close({ type: 'S', name: evicted.name }));
    }
    const name = `hearth_${nextName++}`;
    messages.push(serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync());
    const described = await this.#db.execProtocol(Buffer.concat(messages), { syncToFs: false });
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(described.messages) };
    this.#statements.set(sql, statement);
    return statement;
  }
}

/** A channel's name as SQL writes an identifier. */
function quoted(channel: string): string {
  return `"${channel.replace(/"/g, '""')}"`;
}

/** `statements`' PGlite as drizzle's PGlite driver calls it (`query`, `transaction`), every statement prepared. */
export function preparedPglite(statements: PreparedStatements): PGlite {
  const prepared = {
    query: (sql: string, params: unknown[] = [], options: QueryOptions = {}) =>
      statements.query(sql, params, options, false),
    transaction: <T>(work: (tx: Pick<PGlite, 'query'>) => Promise<T>) => statements.transaction(() => work({
      query: (sql: string, params: unknown[] = [], options: QueryOptions = {}) =>
        statements.query(sql, params, options, true),
    } as Pick<PGlite, 'query'>)),
  };
  return prepared as unknown as PGlite;
}
