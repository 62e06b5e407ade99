/**
 * Sends each answered request's status and time to the bench's thread, so it can read any percentile (autocannon
 * reports p50, p90, p97.5 and p99, not the p95 the goals name). A connection's times go in one message when it is
 * done, not one per answer: the bench's thread is the measured server's too. autocannon's worker `require`s this
 * file and calls what it returns with each client, hence the `module.exports` export name.
 */
import { BroadcastChannel } from 'node:worker_threads';

export const latencyChannel = 'bench-latencies';

interface Client {
  on(event: 'response', listener: (status: number, bytes: number, ms: number) => void): void;
  on(event: 'done', listener: () => void): void;
}

let channel: BroadcastChannel | undefined;

function reportLatencies(client: Client): void {
  if (!channel) {
    channel = new BroadcastChannel(latencyChannel);
    // Lets autocannon's worker end when its run does.
    channel.unref();
  }
  const to = channel;
  const answers: [number, number][] = [];
  client.on('response', (status, _bytes, ms) => answers.push([status, ms]));
  client.on('done', () => to.postMessage(answers.splice(0)));
}

export { reportLatencies as 'module.exports' };
