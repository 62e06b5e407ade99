import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Histogram, Registry } from 'prom-client';
import type { Database } from './db/client.ts';
import type { JobObserver } from './jobs.ts';

/** What the app's metrics read when Prometheus asks. */
export interface MetricSources {
  database: Database;
  /** Open live streams. */
  liveStreams(): number;
}

/**
 * Prometheus metrics (METRICS=true), the one seam the app measures through: requests by route pattern, the process
 * (event-loop delay among them), open live streams, job runs and the database's connections. Off, the app creates
 * none: prom-client is not even loaded. Served on a listener of their own (`listen`), never on the app's port, so a
 * reverse proxy in front of the app cannot publish them.
 */
export class Metrics {
  readonly registry: Registry;
  private readonly requests: Histogram<'method' | 'route' | 'status_code'>;
  private readonly jobs: Histogram<'job' | 'outcome'>;
  private readonly prom: typeof import('prom-client');

  private constructor(prom: typeof import('prom-client')) {
    this.prom = prom;
    this.registry = new prom.Registry();
    prom.collectDefaultMetrics({ register: this.registry });
    this.requests = new prom.Histogram({
      name: 'http_request_duration_seconds', help: 'Requests by method, route pattern and status, and their time',
      labelNames: ['method', 'route', 'status_code'], registers: [this.registry],
    });
    this.jobs = new prom.Histogram({
      name: 'hearth_job_duration_seconds', help: 'Background job runs by job and outcome, and their time',
      labelNames: ['job', 'outcome'], buckets: [0.01, 0.1, 1, 10, 60, 600], registers: [this.registry],
    });
  }

  static async create(): Promise<Metrics> {
    return new Metrics(await import('prom-client'));
  }

  /** Times every request of `app` under its route's pattern (`/api/meals/:id`, not the id), and reads `sources`. */
  instrument(app: FastifyInstance, sources: MetricSources): void {
    app.addHook('onResponse', (request, reply, done) => {
      this.requests.observe({
        method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: reply.statusCode,
      }, reply.elapsedTime / 1000);
      done();
    });
    const registers = [this.registry];
    new this.prom.Gauge({
      name: 'hearth_live_streams', help: 'Open live streams (GET /api/live)', registers,
      collect() { this.set(sources.liveStreams()); },
    });
    const usage = sources.database.usage;
    if (!usage) return;
    new this.prom.Gauge({
      name: 'hearth_db_connections', help: 'Database connections by state (PGlite: its one connection)',
      labelNames: ['state'], registers,
      collect() {
        const now = usage();
        this.set({ state: 'busy' }, now.connections - now.idle);
        this.set({ state: 'idle' }, now.idle);
      },
    });
    new this.prom.Gauge({
      name: 'hearth_db_waiting', registers,
      help: 'PostgreSQL: queries waiting for a pool connection; PGlite: statements waiting for the engine',
      collect() { this.set(usage().waiting); },
    });
  }

  /** The scheduler's observer. */
  readonly jobRun: JobObserver = (job, outcome, seconds) => this.jobs.observe({ job, outcome }, seconds);

  /** Serves GET /metrics on `port` at `host`; answers the port and the function that stops serving. */
  async listen(address: { port: number; host: string }): Promise<{ port: number; close(): Promise<void> }> {
    const server = createServer((req, res) => {
      if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: metrics are at GET /metrics\n');
        return;
      }
      this.registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': this.registry.contentType }).end(text),
        (error: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error)),
      );
    });
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(address.port, address.host, resolve));
    return {
      port: (server.address() as AddressInfo).port,
      close: () => new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    };
  }
}
