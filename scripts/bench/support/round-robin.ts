/**
 * A round-robin TCP proxy for the family-load bench's two server processes, in a process of its own: each new
 * connection goes to the next backend, with no stickiness (a live stream may land on either process). Run as
 * `node round-robin.ts PORT BACKEND_PORT...`; prints "listening" once it accepts connections.
 */
import { connect, createServer } from 'node:net';

const [port, ...backends] = process.argv.slice(2).map(Number);
let next = 0;
createServer((client) => {
  const backend = connect(backends[next++ % backends.length]!, '127.0.0.1');
  client.pipe(backend).pipe(client);
  client.on('error', () => backend.destroy());
  backend.on('error', () => client.destroy());
}).listen(port, '127.0.0.1', () => console.log('listening'));
