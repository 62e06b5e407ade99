/**
 * CPU time by thread, from Linux's per-thread scheduler statistics (`/proc/<pid>/task/<tid>/schedstat`, nanoseconds
 * on a processor): what a run cost each part of the machine, which its latencies alone do not show when two cores
 * are shared by the server, its engine and the load client.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** The parts a thread is counted in, by process and thread name (Node names a worker's thread `WorkerThread`). */
type Part = 'server thread' | 'engine thread' | 'V8 helper threads' | 'load client';

/** Nanoseconds on a processor so far, by part; null where /proc cannot be read (not Linux). */
function cpuByPart(server: number, client: number): Map<Part, number> | null {
  const parts = new Map<Part, number>();
  for (const [pid, inServer] of [[server, true], [client, false]] as const) {
    let threads: string[];
    try {
      threads = readdirSync(`/proc/${pid}/task`);
    } catch {
      return null;
    }
    for (const tid of threads) {
      try {
        const ns = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
        const part = inServer ? serverPart(pid, tid) : 'load client';
        parts.set(part, (parts.get(part) ?? 0) + ns);
      } catch {
        // A thread that ended meanwhile.
      }
    }
  }
  return parts;
}

/** Which part of the server's process a thread of it is. */
function serverPart(pid: number, tid: string): Part {
  if (Number(tid) === pid) return 'server thread';
  const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
  return name === 'WorkerThread' ? 'engine thread' : 'V8 helper threads';
}

/** Sums what runs cost each part, read before and after each (`around`), and says it per request. */
export class CpuPerRequest {
  private readonly server: number;
  private readonly client: number;
  private readonly spent = new Map<Part, number>();
  private requests = 0;

  /** The processes' ids: the server's (with its engine's thread, if any) and the load client's. */
  constructor(server: number, client: number) {
    this.server = server;
    this.client = client;
  }

  async around<T>(requests: number, run: () => Promise<T>): Promise<T> {
    const before = cpuByPart(this.server, this.client);
    const result = await run();
    const after = cpuByPart(this.server, this.client);
    if (before && after) {
      for (const [part, ns] of after) this.spent.set(part, (this.spent.get(part) ?? 0) + ns - (before.get(part) ?? 0));
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
