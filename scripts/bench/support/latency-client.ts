/**
 * Sends each answered request's status and time to the bench's thread, so it can read any percentile (autocannon
 * reports p50, p90, p97.5 and p99, not the p95 the goals name). autocannon's worker `require`s this file and calls
 * what it returns with each client, hence the `module.exports` export name.
 */
import { BroadcastChannel } from 'node:worker_threads';

export const latencyChannel = 'bench-latencies';

interface Client { on(event: 'response', listener: (status: number, bytes: number, ms: number) => void): void }

let channel: BroadcastChannel | undefined;

function reportLatencies(client: Client): void {
  if (!channel) {
    channel = new BroadcastChannel(latencyChannel);
    // Lets autocannon's worker end when its run does.
    channel.unref();
  }
  const to = channel;
  client.on('response', (status, _bytes, ms) => to.postMessage([status, ms]));
}

export { reportLatencies as 'module.exports' };
