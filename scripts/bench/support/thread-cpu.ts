/**
 * CPU time by thread, from Linux's per-thread scheduler statistics (`/proc/<pid>/task/<tid>/schedstat`, nanoseconds
 * on a processor), and by process for a PostgreSQL server's: what a run cost each part of the machine, which its
 * latencies alone do not show when two cores are shared by the server, its engine or database server, and the load
 * client.
 */
import { readdirSync, readFileSync } from 'node:fs';

/**
 * The parts a thread is counted in, by process and thread name (Node names a worker's thread `WorkerThread`); a
 * PostgreSQL server's processes (named `postgres`, one thread each) as one part.
 */
type Part = 'server thread' | 'engine thread' | 'V8 helper threads' | 'load client' | 'database server';

/** Nanoseconds on a processor so far of a thread or single-threaded process (`/proc/<pid>[/task/<tid>]`). */
function nanoseconds(path: string): number {
  return Number(readFileSync(`${path}/schedstat`, 'utf8').split(' ')[0]);
}

/** A reading: each thread's part and nanoseconds so far, by its /proc path. */
type Reading = Map<string, { part: Part; ns: number }>;

/**
 * The load client: its own process, or threads of the server's process (a worker thread sending the requests), by
 * their ids.
 */
export type LoadClient = number | { threads: Set<string> };

/**
 * The PostgreSQL server's processes counted: all of them (`true`), those of the given ids (the backends of the
 * app's pool, on a server other work shares), or none.
 */
export type DatabaseServer = boolean | number[];

/** Reads the threads (and PostgreSQL processes) that exist now; null where /proc cannot be read (not Linux). */
function read(server: number, client: LoadClient, withDatabaseServer: DatabaseServer): Reading | null {
  const reading: Reading = new Map();
  const add = (path: string, part: () => Part) => {
    try {
      reading.set(path, { part: part(), ns: nanoseconds(path) });
    } catch {
      // A thread or process that ended meanwhile.
    }
  };
  const processes = typeof client === 'number' ? [[server, true], [client, false]] as const : [[server, true]] as const;
  const clientThreads = typeof client === 'number' ? new Set<string>() : client.threads;
  for (const [pid, inServer] of processes) {
    let threads: string[];
    try {
      threads = readdirSync(`/proc/${pid}/task`);
    } catch {
      return null;
    }
    for (const tid of threads) {
      add(`/proc/${pid}/task/${tid}`, () => (inServer && !clientThreads.has(tid) ? serverPart(pid, tid) : 'load client'));
    }
  }
  if (Array.isArray(withDatabaseServer)) {
    for (const pid of withDatabaseServer) add(`/proc/${pid}`, () => 'database server');
  } else if (withDatabaseServer) {
    for (const pid of readdirSync('/proc')) {
      if (/^\d+$/.test(pid) && comm(`/proc/${pid}`) === 'postgres') add(`/proc/${pid}`, () => 'database server');
    }
  }
  return reading;
}

/** A process's or thread's name; null once it has ended. */
function comm(path: string): string | null {
  try {
    return readFileSync(`${path}/comm`, 'utf8').trim();
  } catch {
    return null;
  }
}

/** Which part of the server's process a thread of it is. */
function serverPart(pid: number, tid: string): Part {
  if (Number(tid) === pid) return 'server thread';
  return comm(`/proc/${pid}/task/${tid}`) === 'WorkerThread' ? 'engine thread' : 'V8 helper threads';
}

/** Sums what runs cost each part, read before and after each (`around`), and says it per request. */
export class CpuPerRequest {
  private readonly server: number;
  private readonly client: LoadClient;
  private readonly withDatabaseServer: DatabaseServer;
  private readonly spent = new Map<Part, number>();
  private requests = 0;

  /**
   * The processes' ids: the server's (with its engine's thread, if any) and the load client's; `withDatabaseServer`
   * counts the machine's PostgreSQL server too (when the app runs on it).
   */
  constructor(server: number, client: LoadClient, withDatabaseServer: DatabaseServer = false) {
    this.server = server;
    this.client = client;
    this.withDatabaseServer = withDatabaseServer;
  }

  async around<T>(requests: number, run: () => Promise<T>): Promise<T> {
    const before = read(this.server, this.client, this.withDatabaseServer);
    const result = await run();
    const after = read(this.server, this.client, this.withDatabaseServer);
    if (before && after) {
      // By thread: one that ended during the run is not counted, one that began is counted from its start.
      for (const [path, { part, ns }] of after) {
        this.spent.set(part, (this.spent.get(part) ?? 0) + ns - (before.get(path)?.ns ?? 0));
      }
      this.requests += requests;
    }
    return result;
  }

  /** E.g. "engine thread 214 us, server thread 140 us, ..., 600 us in all"; null when nothing was counted. */
  toString(): string | null {
    if (this.requests === 0) return null;
    const us = [...this.spent].map(([part, ns]) => [part, ns / 1000 / this.requests] as const);
    const total = us.reduce((sum, [, value]) => sum + value, 0);
    return `${us.map(([part, value]) => `${part} ${value.toFixed(0)} us`).join(', ')}; ${total.toFixed(0)} us in all`;
  }
}
