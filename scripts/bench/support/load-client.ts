/**
 * The throughput bench's client: one process for the whole bench (`startLoadClient`), running autocannon on its own
 * main thread for each run it is sent, as a real client is another machine. A fresh autocannon worker for each run,
 * as before, started cold every time: an add run is short, and for most of it that worker was still compiling
 * autocannon and reading answers late, which counted as the server's time (docs/performance.md).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { idempotencyHeader } from '@hearth/contract/endpoint';

/**
 * One run: a fixed `amount` of requests or `seconds` of them, each `keyed` with a fresh Idempotency-Key (as the web
 * client sends every add) and, with `connectionHeaders`, each connection sending the next set of headers in turn.
 */
export interface LoadRun {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  connections: number;
  amount?: number;
  seconds?: number;
  keyed?: boolean;
  connectionHeaders?: Record<string, string>[];
}

/**
 * The successful answers' times (ms), each connection's first apart (`first`: its clock starts before the connection
 * is open); the rate of a timed run; the failures.
 */
export interface LoadResult { times: number[]; first: number[]; reqPerSec?: number; errors: number }

/** Marks the client process (this module is the bench's too). */
const clientFlag = '--load-client';

interface Client {
  setHeaders(headers: Record<string, string>): void;
  on(event: 'response', listener: (status: number, bytes: number, ms: number) => void): void;
}

interface Request { headers?: Record<string, string> }

async function load(run: LoadRun): Promise<LoadResult> {
  const times: number[] = [];
  const first: number[] = [];
  let connection = 0;
  const result = await autocannon({
    url: run.url, method: run.method, headers: run.headers, connections: run.connections,
    ...(run.amount ? { amount: run.amount } : { duration: run.seconds }),
    // autocannon puts a fresh id for [<id>] in each request's body.
    ...(run.body ? { body: run.body, idReplacement: true } : {}),
    setupClient: (client: Client) => {
      const headers = run.connectionHeaders?.[connection++ % run.connectionHeaders.length];
      if (headers) client.setHeaders(headers);
      let answered = 0;
      client.on('response', (status, _bytes, ms) => {
        if (status >= 200 && status < 300) (answered++ === 0 ? first : times).push(ms);
      });
    },
    ...(run.keyed ? {
      requests: [{
        setupRequest: (request: Request) => ({ ...request, headers: { ...request.headers, [idempotencyHeader]: randomUUID() } }),
      }],
    } : {}),
  });
  return {
    times, first, errors: result.errors + result.non2xx,
    // autocannon times a fixed number of requests in whole seconds.
    ...(run.amount ? {} : { reqPerSec: result.requests.average }),
  };
}

/** The client process: starts it, and runs one load at a time in it until `stop`. */
export function startLoadClient(): { pid: number; run(run: LoadRun): Promise<LoadResult>; stop(): void } {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [clientFlag]);
  let queue: Promise<unknown> = Promise.resolve();
  const ask = (run: LoadRun) => new Promise<LoadResult>((resolve, reject) => {
    const failed = (code: number | null) => reject(new Error(`the load client stopped (exit code ${code})`));
    child.once('exit', failed);
    child.once('message', (result: LoadResult) => {
      child.off('exit', failed);
      resolve(result);
    });
    child.send(run);
  });
  return {
    pid: child.pid!,
    run(run) {
      const next = queue.then(() => ask(run));
      queue = next.catch(() => {});
      return next;
    },
    stop: () => child.disconnect(),
  };
}

if (process.argv.includes(clientFlag)) {
  process.on('message', (run: LoadRun) => {
    load(run).then((result) => process.send!(result), (error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  });
}
