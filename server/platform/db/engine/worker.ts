/**
 * The embedded engine's thread (started by `PgliteThread`): PGlite runs here and answers the server thread's
 * requests. PGlite's own lock orders them: while a transaction is open, other statements wait for its end. Every
 * statement runs prepared (`statements.ts`).
 */
import { inspect } from 'node:util';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { storageOptions } from './durable.ts';
import { PreparedStatements } from './statements.ts';
import type { EngineSource, RemoteError, Reply, Request } from './thread.ts';

const port = parentPort!;
const source = workerData as EngineSource;

// drizzle-orm/pglite keeps these as PostgreSQL's text and maps them itself; the same parsers it passes.
const asText = (value: string) => value;
const parsers = Object.fromEntries([
  types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE,
  1231, 1115, 1185, 1187, 1182, // numeric[], timestamp[], timestamptz[], interval[], date[]
].map((type) => [type, asText]));

interface OpenTransaction {
  /** Settles once BEGIN has run (rejected if it failed): the transaction's statements wait for it. */
  begun: Promise<void>;
  pending: Set<Promise<unknown>>;
  decide(commit: boolean): void;
  done: Promise<void>;
}

const transactions = new Map<number, OpenTransaction>();
const listening = new Map<string, () => Promise<void>>();

function reply(message: Reply): void {
  port.postMessage(message);
}

function described(error: unknown): RemoteError {
  // PGlite's WebAssembly sometimes throws plain objects, which String() shows as "[object Object]".
  if (!(error instanceof Error)) return { message: inspect(error, { breakLength: Infinity, depth: 2 }) };
  const fields = Object.entries(error).filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value));
  return { ...Object.fromEntries(fields), name: error.name, message: error.message };
}

/** The reason a transaction's work ends without commit. */
const rolledBack = Symbol('rolled back');

/**
 * Opens transaction `id` (`PreparedStatements.transaction`: under PGlite's transaction lock, BEGIN and COMMIT
 * prepared), answering once BEGIN has run. The server's thread sends the transaction's first statements right
 * after BEGIN without waiting for this answer (one crossing of threads less while the engine is held): they wait
 * here for BEGIN, in the order they came.
 */
function begin(statements: PreparedStatements, id: number): Promise<null> {
  let decide!: (commit: boolean) => void;
  const decided = new Promise<boolean>((resolve) => { decide = resolve; });
  let entered!: () => void;
  const inside = new Promise<void>((resolve) => { entered = resolve; });
  const done = statements.transaction(async () => {
    entered();
    if (!(await decided)) throw rolledBack;
  });
  // Awaited by `end`; this keeps an early failure from also being reported as unhandled.
  done.catch(() => {});
  const begun = Promise.race([inside, done]);
  transactions.set(id, { begun, pending: new Set(), decide, done });
  return begun.then(() => null);
}

async function end(id: number, commit: boolean): Promise<null> {
  const open = transactions.get(id);
  if (!open) throw new Error(`No open transaction ${id}`);
  transactions.delete(id);
  await Promise.allSettled(open.pending);
  open.decide(commit);
  try {
    await open.done;
  } catch (error) {
    if (error !== rolledBack) throw error;
  }
  return null;
}

async function query(statements: PreparedStatements, request: Extract<Request, { op: 'query' }>) {
  const options = { rowMode: request.rowMode, parsers };
  if (request.transaction === undefined) {
    return pick(await statements.query(request.sql, request.params, options, false));
  }
  const open = transactions.get(request.transaction);
  if (!open) throw new Error(`No open transaction ${request.transaction}`);
  const running = open.begun.then(() => statements.query(request.sql, request.params, options, true));
  open.pending.add(running);
  try {
    return pick(await running);
  } finally {
    open.pending.delete(running);
  }
}

function pick({ rows, fields, affectedRows }: { rows: unknown[]; fields: unknown[]; affectedRows?: number }) {
  return { rows, fields, affectedRows };
}

async function run(db: PGlite, statements: PreparedStatements, request: Request): Promise<unknown> {
  switch (request.op) {
    case 'query':
      return query(statements, request);
    case 'begin':
      return begin(statements, request.transaction);
    case 'end':
      return end(request.transaction, request.commit);
    case 'listen':
      if (!listening.has(request.channel)) {
        const channel = request.channel;
        listening.set(channel, await statements.listen(channel, (payload) => reply({ channel, payload })));
      }
      return null;
    case 'unlisten':
      await listening.get(request.channel)?.();
      listening.delete(request.channel);
      return null;
    case 'close':
      await db.close();
      return null;
  }
}

try {
  const db = await PGlite.create({
    // A new WAL segment is not filled with 16 MB of zeros first: on the engine's one thread that stalled the commit
    // that crossed into it for ~50 ms, every ~5,000 item adds.
    // A quarter of PostgreSQL's default buffers and maintenance memory: the WebAssembly memory they fill is never given
    // back, and pages past the buffers are still in the OS's cache. 500 seeded families: the idle server 574 -> 430 MiB,
    // the same reads side by side at the same CPU per query (docs/performance.md, "The embedded engine's memory").
    ...storageOptions(source, ['-c', 'wal_init_zero=off', '-c', 'shared_buffers=32MB', '-c', 'maintenance_work_mem=16MB']),
    ...(source.dump ? { loadDataDir: new Blob([source.dump]) } : {}),
  });
  const statements = new PreparedStatements(db);
  port.on('message', (request: Request & { id: number }) => {
    run(db, statements, request).then(
      (result) => reply({ id: request.id, result }),
      (error: unknown) => reply({ id: request.id, error: described(error) }),
    );
  });
  reply({ ready: true });
} catch (error) {
  reply({ failed: described(error) });
}
