import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Events } from './events.ts';
import type { Idempotency } from './idempotency.ts';
import type { Mailer } from './mail/mailer.ts';
import type { PushSender } from './notifications/push.ts';
import type { Realtime } from './realtime.ts';
import type { SessionLookups } from './auth/sessions.ts';
import type { RateLimits } from './rate-limits.ts';
import type { Slowdown } from './slowdown.ts';
import type { Throttle } from './throttle.ts';
import type { WriteQueue } from './write-queue.ts';
import type { WriteRate } from './write-rate.ts';

/** What features are built from; created once in app.ts. */
export interface Deps {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  /** Session lookups without a hot read, answered together. */
  sessions: SessionLookups;
  throttle: Throttle;
  /** Requests per key in fixed windows, counted in the database (per-address limits, the write rate). */
  rateLimits: RateLimits;
  /** Attempts on one identity (an email, the super admin's username) slowed down, never refused. */
  slowdown: Slowdown;
  writeRate: WriteRate;
  writeQueue: WriteQueue;
  realtime: Realtime;
  events: Events;
  /** Web Push of notifications, after their commit. */
  push: PushSender;
  idempotency: Idempotency;
  log: FastifyBaseLogger;
}
