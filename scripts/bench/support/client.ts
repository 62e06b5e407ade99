import { Worker } from 'node:worker_threads';

/** What Chromium sends: Hearth's client is a browser, so the server compresses as it would for one (brotli). */
const browserEncodings = 'gzip, deflate, br, zstd';

/** The worker's loop: sequential GETs, each timed from request to the whole body read. */
const loop = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const samples = [];
  let body = '';
  for (let i = 0; i < workerData.runs; i++) {
    const started = performance.now();
    const res = await fetch(workerData.url, { headers: workerData.headers });
    body = await res.text();
    if (!res.ok) throw new Error('GET ' + workerData.url + ': ' + res.status + ' ' + body);
    samples.push(performance.now() - started);
  }
  parentPort.postMessage({ samples, body });
})().catch((error) => parentPort.postMessage({ error: String(error) }));
`;

/**
 * Times `runs` sequential GETs from a worker thread, so reading and decompressing the answers does not run on the
 * server's event loop (a real client is another machine), asking for the encodings a browser does. Answers each duration in ms and the last body.
 */
export function timeGets(
  url: string, headers: Record<string, string>, runs: number,
): Promise<{ samples: number[]; body: string }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(loop, { eval: true, workerData: { url, headers: { 'accept-encoding': browserEncodings, ...headers }, runs } });
    worker.once('message', (m: { samples: number[]; body: string } | { error: string }) => {
      void worker.terminate();
      if ('error' in m) reject(new Error(m.error));
      else resolve(m);
    });
    worker.once('error', reject);
  });
}
