import { existsSync } from 'node:fs';
import type { Agent } from 'node:https';
import zlib from 'node:zlib';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Clock } from './platform/clock.ts';
import { days, systemClock } from './platform/clock.ts';
import type { Config, TrustProxy } from './platform/config.ts';
import type { Database } from './platform/db/client.ts';
import { maintain } from './platform/db/maintenance.ts';
import { backupJob } from './platform/backup/job.ts';
import type { Metrics } from './platform/metrics.ts';
import type { Deps } from './platform/deps.ts';
import { errorHandler } from './platform/http/errors.ts';
import { clientError, frameworkError, refuseBrokenText } from './platform/http/refusals.ts';
import { logSerializers } from './platform/http/log-safety.ts';
import { contextLog, requestId, tagRequests } from './platform/http/request-id.ts';
import { compiledSerializer } from './platform/http/serializer.ts';
import { securityHeaders } from './platform/http/security-headers.ts';
import type { App } from './platform/http/route.ts';
import { createMailer, type Mailer } from './platform/mail/mailer.ts';
import { Events } from './platform/events.ts';
import { Notifier } from './platform/notifications/notifier.ts';
import { PushSender } from './platform/notifications/push.ts';
import { Idempotency } from './platform/idempotency.ts';
import { Realtime } from './platform/realtime.ts';
import { RateLimits } from './platform/rate-limits.ts';
import { Slowdown } from './platform/slowdown.ts';
import { Throttle } from './platform/throttle.ts';
import { WriteRate } from './platform/write-rate.ts';
import { WriteQueue } from './platform/write-queue.ts';
import { SessionLookups } from './platform/auth/sessions.ts';
import { jobInterval, Scheduler } from './platform/jobs.ts';
import type { FeatureModule } from './platform/module.ts';
import { calendarModule } from './features/calendar/module.ts';
import { dashboardModule } from './features/dashboard/module.ts';
import { accountsModule } from './features/accounts/module.ts';
import { aiPlannerModule } from './features/ai-planner/module.ts';
import { familyModule } from './features/family/module.ts';
import { healthModule } from './features/health/module.ts';
import { groceryModule } from './features/grocery/module.ts';
import { liveModule } from './features/live/module.ts';
import { locationsModule } from './features/locations/module.ts';
import { mealsModule } from './features/meals/module.ts';
import { notificationsModule } from './features/notifications/module.ts';
import { superadminModule } from './features/superadmin/module.ts';
import { todosModule } from './features/todos/module.ts';

/** Every feature of the app; adding one is one line here. */
export const modules: FeatureModule[] = [
  accountsModule, familyModule, mealsModule, superadminModule, groceryModule, locationsModule, calendarModule, dashboardModule,
  aiPlannerModule, notificationsModule, todosModule, liveModule, healthModule,
];

/** How long a create's Idempotency-Key is remembered: a phone offline over a long weekend still replays once. */
export const idempotencyKeyDays = 7;

/** Vite's hashed build output under assets/ is immutable; everything else (index.html, icons) is revalidated. */
export function cacheControlFor(path: string): string {
  return /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export interface AppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** Background jobs run on real time only; tests (ManualClock) call the jobs' run functions directly. */
  runJobs?: boolean;
  /** Checks every answer against the contract with zod (tests, development); false: compiled serializers. */
  checkResponses?: boolean;
  /** Measures the app (METRICS=true); the caller serves them. */
  metrics?: Metrics;
  /** The HTTPS agent Web Push goes through (tests: one trusting their loopback push service). */
  pushAgent?: Agent;
}

/**
 * Fastify's trust for TRUST_PROXY. Fastify no longer takes a hop count (it cannot tell a proxy from a client that
 * reached the port directly): a hop count is the operator's word that only the proxy can reach it.
 */
function trustedProxies(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/** Builds the whole app without listening, so tests can `inject` into it. */
export async function buildApp(options: AppOptions): Promise<App> {
  const serverOptions: FastifyServerOptions = {
    logger: typeof options.logger === 'object' ? { ...options.logger, serializers: logSerializers } : (options.logger ?? false),
    trustProxy: trustedProxies(options.config.trustProxy),
    bodyLimit: 1_048_576,
    frameworkErrors: frameworkError,
    clientErrorHandler: clientError,
    genReqId: requestId,
    // Requests arriving while the server drains are served (their connection then closes); /api/ready says it stops.
    return503OnClosing: false,
  };
  const app = Fastify(serverOptions).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(options.checkResponses === false ? compiledSerializer : serializerCompiler);
  app.setErrorHandler(errorHandler);
  tagRequests(app as unknown as FastifyInstance);
  app.addHook('preValidation', refuseBrokenText);

  const clock = options.clock ?? systemClock;
  const log = contextLog(app.log);
  const mailer = options.mailer ?? createMailer({ smtpUrl: options.config.smtpUrl, from: options.config.mailFrom, log });
  const realtime = new Realtime(options.database);
  const rateLimits = new RateLimits(options.database.db, clock);
  options.metrics?.instrument(app as unknown as FastifyInstance, {
    database: options.database, liveStreams: () => realtime.subscribers,
  });
  const deps: Deps = {
    config: options.config,
    database: options.database,
    db: options.database.db,
    clock,
    mailer,
    sessions: new SessionLookups(options.database.db, clock),
    throttle: new Throttle(options.database.db, clock),
    rateLimits,
    slowdown: new Slowdown(rateLimits, clock),
    writeRate: new WriteRate(rateLimits, options.config.writesPerMinute),
    writeQueue: new WriteQueue(),
    realtime,
    events: new Events(clock, realtime, new Notifier(modules.flatMap((module) => module.notifications ?? []))),
    idempotency: new Idempotency(options.database.db, clock),
    push: new PushSender({
      database: options.database, clock, config: options.config, log, ...(options.pushAgent ? { agent: options.pushAgent } : {}),
    }),
    log,
  };

  securityHeaders(app as unknown as FastifyInstance);
  // Answers and unprecompressed files over 1 kB; brotli at a quality cheap enough for per-request JSON.
  await app.register(compress, {
    threshold: 1024, encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Hearth API', version: '1.0.0' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          basic: { type: 'http', scheme: 'basic' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // The API explorer's page sends its own policy (its scripts by hash); it styles itself inline and is never framed.
  // Without the plugin's upgrade-insecure-requests: over plain HTTP it made the page ask for its scripts by HTTPS.
  await app.register(swaggerUi, {
    routePrefix: '/api/docs', staticCSP: true,
    transformStaticCSP: (policy) => policy.replace(/style-src [^;]*;/, "style-src 'self' 'unsafe-inline';")
      .replace("frame-ancestors 'self'", "frame-ancestors 'none'").replace(/ ?upgrade-insecure-requests;?/, ''),
  });

  await app.register(async (api) => {
    for (const module of modules) module.routes(api as unknown as App, deps);
  });

  const webDist = options.config.webDist;
  const spa = webDist !== undefined && existsSync(join(webDist, 'index.html'));
  if (spa) {
    await app.register(fastifyStatic, {
      root: webDist, wildcard: false, preCompressed: true, cacheControl: false,
      // Source maps stay on the server (for stack traces there), never sent to browsers.
      allowedPath: (path) => !path.endsWith('.map'),
      // Hashed file names change with their content, so they never need revalidating; index.html always does.
      setHeaders: (reply, path) => reply.header('cache-control', cacheControlFor(path)),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (spa && request.method === 'GET' && !url.startsWith('/api/') && url !== '/api' && !url.startsWith('/assets/')) {
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ code: 'NOT_FOUND', message: `No route ${request.method} ${url.split('?')[0]}` });
  });
  deps.realtime.onMissed(() => app.log.warn('The database connection for live updates dropped: reconnecting.'));
  await deps.realtime.start();
  await deps.push.start();
  const scheduler = new Scheduler(app.log, jobInterval, options.metrics?.jobRun);
  if (options.runJobs ?? options.clock === undefined) {
    scheduler.start([
      ...modules.flatMap((module) => module.jobs?.(deps) ?? []),
      // Attempts older than a day are past every throttle window.
      { name: 'throttle-prune', run: () => deps.throttle.prune(days(1)) },
      { name: 'rate-limits-prune', run: () => deps.rateLimits.prune() },
      { name: 'idempotency-prune', run: () => deps.idempotency.prune(days(idempotencyKeyDays)) },
      ...(options.database.engine === 'pglite'
        ? [{ name: 'maintenance', run: () => maintain(options.database) }] : []),
      ...(options.config.backups ? [backupJob(options.database, clock, options.config.backups, app.log)] : []),
    ]);
  }
  app.addHook('onClose', async () => {
    await scheduler.stop();
    await deps.push.stop();
    await deps.realtime.stop();
    mailer.close();
  });
  return app;
}
