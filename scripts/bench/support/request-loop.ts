import { Worker } from 'node:worker_threads';

/** One request of a loop; `timed` ones are timed from sending to the whole body read. */
export interface LoopStep {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  /** Text, or a file's bytes (an upload). */
  body?: string | Uint8Array;
  timed?: boolean;
}

/** What a loop did: the timed steps' durations (ms) and how many answers each status had (or failed, and why). */
export interface LoopResult { samples: number[]; statuses: Record<string, number> }

const loop = `
const { parentPort, workerData } = require('node:worker_threads');
let stopping = false;
parentPort.on('message', () => { stopping = true; });
(async () => {
  const samples = [];
  const statuses = {};
  for (let i = 0; !stopping; i++) {
    const step = workerData.steps[i % workerData.steps.length];
    const started = performance.now();
    let status;
    try {
      const res = await fetch(step.url, { method: step.method ?? 'GET', headers: step.headers, body: step.body });
      await res.arrayBuffer();
      status = res.status;
    } catch (error) {
      status = 'failed (' + (error.cause?.code ?? error.message) + ')';
    }
    if (step.timed) samples.push(performance.now() - started);
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (workerData.pauseMs > 0) await new Promise((done) => setTimeout(done, workerData.pauseMs));
  }
  parentPort.postMessage({ samples, statuses });
})().catch((error) => parentPort.postMessage({ error: String(error) }));
`;

/**
 * Sends `steps` in turn, over and over, from a worker thread (a real client is another machine, so reading the
 * answers must not run on the server's event loop), `pauseMs` apart, until `stop()`, which waits for the request
 * in flight and answers what the loop did.
 */
export function requestLoop(steps: LoopStep[], pauseMs = 0): { stop: () => Promise<LoopResult> } {
  const worker = new Worker(loop, { eval: true, workerData: { steps, pauseMs } });
  const done = new Promise<LoopResult>((resolve, reject) => {
    worker.once('message', (m: LoopResult | { error: string }) => {
      void worker.terminate();
      if ('error' in m) reject(new Error(m.error));
      else resolve(m);
    });
    worker.once('error', reject);
  });
  return {
    stop: () => {
      worker.postMessage('stop');
      return done;
    },
  };
}
