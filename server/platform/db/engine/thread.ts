import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
import { ChannelListeners, type Listener } from '../channel-listeners.ts';
import type { EngineStorage } from './durable.ts';

/**
 * The embedded engine on a thread of its own (issue #17): PGlite parses every answer on the thread that calls it,
 * so on the server's thread one long read or a vacuum held up every other request. Here the server's thread only
 * sends statements and reads back rows; `worker.ts` runs them.
 *
 * `PgliteThread` answers the part of PGlite's interface drizzle-orm/pglite uses (`query`, `transaction`), so
 * drizzle's own PGlite driver, migrator included, runs on it unchanged.
 */

/**
 * Where the engine keeps its data: a folder on disk or, without one, memory; a dumped data dir (`dump`) fills a new
 * one (tests start from a migrated dump).
 */
export type PgliteSource = {
  dataDir?: string;
  /** Whether a data folder's commits wait for the disk (`durable.ts`); true unless a test says otherwise. */
  fsync?: boolean;
  dump?: Blob;
  /** Called once if the engine's thread stops unasked (a crash): every statement is refused from then on. */
  onCrash?: (error: Error) => void;
};

/** What the engine thread is started with (`workerData`). */
export type EngineSource = EngineStorage & { dump?: Uint8Array };

export type Request =
  | { op: 'query'; sql: string; params: unknown[]; rowMode: 'array' | 'object'; transaction?: number }
  | { op: 'begin'; transaction: number }
  | { op: 'end'; transaction: number; commit: boolean }
  | { op: 'listen' | 'unlisten'; channel: string }
  | { op: 'close' };

export type Reply =
  | { id: number; result: unknown }
  | { id: number; error: RemoteError }
  | { channel: string; payload: string }
  | { ready: true }
  | { failed: RemoteError };

/** An error's message and own fields (PostgreSQL's `code`, `constraint`, ...), which structured clone drops. */
export type RemoteError = { message: string } & Record<string, string | number | boolean | undefined>;

type QueryResult = Pick<Results, 'rows' | 'fields' | 'affectedRows'>;

interface Waiting {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export class PgliteThread {
  readonly #worker: Worker;
  readonly #waiting = new Map<number, Waiting>();
  readonly #listeners = new ChannelListeners(
    (channel) => this.#call({ op: 'listen', channel }), (channel) => this.#call({ op: 'unlisten', channel }),
  );
  #nextId = 0;
  #nextTransaction = 0;
  #stopped: Error | undefined;

  private constructor(worker: Worker, onCrash: ((error: Error) => void) | undefined) {
    this.#worker = worker;
    const crashed = (error: Error) => {
      if (this.#stopped) return;
      this.#stop(error);
      onCrash?.(error);
    };
    worker.on('message', (reply: Reply) => this.#receive(reply));
    worker.on('error', crashed);
    worker.on('exit', (code) => crashed(new Error(`The embedded database's thread stopped (exit code ${code})`)));
  }

  /** Starts the engine thread and resolves once its database is open. */
  static async open(source: PgliteSource): Promise<PgliteThread> {
    const engineSource: EngineSource = {
      dataDir: source.dataDir, fsync: source.fsync ?? true,
      dump: source.dump ? new Uint8Array(await source.dump.arrayBuffer()) : undefined,
    };
    const worker = new Worker(new URL('./worker.ts', import.meta.url), {
      workerData: engineSource,
      transferList: engineSource.dump ? [engineSource.dump.buffer as ArrayBuffer] : [],
    });
    await new Promise<void>((resolve, reject) => {
      const started = (reply: Reply) => {
        if ('ready' in reply) resolve();
        else if ('failed' in reply) reject(remoteError(reply.failed));
        else return;
        worker.off('message', started);
      };
      worker.on('message', started);
      worker.once('error', reject);
    });
    return new PgliteThread(worker, source.onCrash);
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#query(sql, params, options);
  }

  /** Runs `work` in one transaction; the engine holds every other statement until it ends, as PGlite does. */
  async transaction<T>(work: (tx: { query: PgliteThread['query'] }) => Promise<T>): Promise<T> {
    const transaction = this.#nextTransaction++;
    // Not waited for: the work's first statements follow BEGIN at once and wait for it on the engine's thread. A
    // failed BEGIN fails them, and `end` reports it.
    this.#call<null>({ op: 'begin', transaction }).catch(() => {});
    const tx = { query: <R>(sql: string, params: unknown[] = [], options?: QueryOptions) =>
      this.#query<R>(sql, params, options, transaction) };
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      await this.#call({ op: 'end', transaction, commit: false });
      throw error;
    }
    await this.#call({ op: 'end', transaction, commit: true });
    return result;
  }

  /** Statements sent and not yet answered. */
  get pending(): number {
    return this.#waiting.size;
  }

  listen(channel: string, listener: Listener): Promise<() => Promise<void>> {
    return this.#listeners.add(channel, listener);
  }

  async close(): Promise<void> {
    if (this.#stopped) return;
    await this.#call({ op: 'close' });
    this.#stop(new Error('The embedded database is closed'));
    await this.#worker.terminate();
  }

  async #query<T>(
    sql: string, params: unknown[], options: QueryOptions | undefined, transaction?: number,
  ): Promise<Results<T>> {
    // drizzle passes parsers that keep dates and intervals as text; the engine thread applies the same ones. Rows
    // cross as arrays, named here if asked: the engine's one thread neither builds nor copies a key per value.
    const result = await this.#call<QueryResult>({ op: 'query', sql, params, rowMode: 'array', transaction });
    if (options?.rowMode === 'array') return result as Results<T>;
    const names = result.fields.map((field) => field.name);
    const rows = (result.rows as unknown[][]).map((row) => {
      const named: Record<string, unknown> = {};
      for (let i = 0; i < names.length; i++) named[names[i]!] = row[i];
      return named;
    });
    return { ...result, rows } as Results<T>;
  }

  #call<T>(request: Request): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ id, ...request });
    });
  }

  #receive(reply: Reply): void {
    if ('channel' in reply) {
      for (const listener of this.#listeners.of(reply.channel)) listener(reply.payload);
      return;
    }
    if (!('id' in reply)) return;
    const waiting = this.#waiting.get(reply.id);
    this.#waiting.delete(reply.id);
    if ('error' in reply) waiting?.reject(remoteError(reply.error));
    else waiting?.resolve(reply.result);
  }

  #stop(error: Error): void {
    this.#stopped ??= error;
    for (const waiting of this.#waiting.values()) waiting.reject(error);
    this.#waiting.clear();
  }
}

/** The thread's client typed as the PGlite drizzle expects; it implements the part drizzle calls. */
export function asPglite(thread: PgliteThread): PGlite {
  return thread as unknown as PGlite;
}

function remoteError(error: RemoteError): Error {
  return Object.assign(new Error(error.message), error);
}
