/**
 * Sends each answered request's status and time to the bench's thread, so it can read any percentile (autocannon
 * reports p50, p90, p97.5 and p99, not the p95 the goals name). A connection's times go in one message when it is
 * done, not one per answer: the bench's thread is the measured server's too. When the bench sets
 * `connectionHeadersVar` (a JSON array of header sets), each connection sends the next set in turn: each its own
 * member, as 50 connections are 50 people. autocannon's worker `require`s this file and calls what it returns with
 * each client, hence the `module.exports` export name.
 */
import { BroadcastChannel } from 'node:worker_threads';

export const latencyChannel = 'bench-latencies';
/** The environment variable (autocannon's worker thread gets a copy of the environment) with each connection's headers. */
export const connectionHeadersVar = 'BENCH_CONNECTION_HEADERS';

interface Client {
  setHeaders(headers: Record<string, string>): void;
  on(event: 'response', listener: (status: number, bytes: number, ms: number) => void): void;
  on(event: 'done', listener: () => void): void;
}

let channel: BroadcastChannel | undefined;
let connections = 0;

function reportLatencies(client: Client): void {
  if (!channel) {
    channel = new BroadcastChannel(latencyChannel);
    // Lets autocannon's worker end when its run does.
    channel.unref();
  }
  const to = channel;
  const headerSets = process.env[connectionHeadersVar];
  if (headerSets) {
    const sets = JSON.parse(headerSets) as Record<string, string>[];
    client.setHeaders(sets[connections++ % sets.length]!);
  }
  const answers: [number, number][] = [];
  client.on('response', (status, _bytes, ms) => answers.push([status, ms]));
  client.on('done', () => to.postMessage(answers.splice(0)));
}

export { reportLatencies as 'module.exports' };
