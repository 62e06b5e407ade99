import type { Agent } from 'node:https';
import { randomBytes } from 'node:crypto';
import { inject, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { fillPath, type Endpoint } from '@hearth/contract/endpoint';
import * as accounts from '@hearth/contract/accounts';
import type { SessionUser } from '@hearth/contract/accounts';
import { buildApp } from '../app.ts';
import { ManualClock } from '../platform/clock.ts';
import { loadConfig, type Config } from '../platform/config.ts';
import type { Database, Db } from '../platform/db/client.ts';
import type { App } from '../platform/http/route.ts';
import type { Metrics } from '../platform/metrics.ts';
import { openTestDatabase, type Engine } from './databases.ts';
import { linkToken, Mailbox } from './mailbox.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    engine: Engine;
    templates: import('./databases.ts').Templates;
  }
}

export const engine: Engine = inject('engine');

export interface CallInput {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  // Tests read answers loosely; the contract's serializer already checked their shape.
  body: any;
  raw: LightMyRequestResponse;
}

export interface TestApp {
  app: App;
  database: Database;
  db: Db;
  clock: ManualClock;
  mailbox: Mailbox;
  config: Config;
  /** Calls an endpoint anonymously (or with explicit headers). */
  call(e: Endpoint, input?: CallInput): Promise<Answer>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  clock?: ManualClock;
  /** Where the app's log lines go (none by default). */
  logTo?: { write(line: string): void };
  /** A database of the test's own (closed with the app), instead of a fresh one on the test run's engine. */
  database?: Database;
  metrics?: Metrics;
  /** The HTTPS agent Web Push goes through. */
  pushAgent?: Agent;
}

/** An app on a fresh database of its own, with a real SMTP server catching its mail. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const mailbox = new Mailbox();
  const smtpUrl = await mailbox.start();
  const config = loadConfig({
    PUBLIC_URL: 'http://hearth.test', SMTP_URL: smtpUrl, MAIL_FROM: 'Hearth <hearth@hearth.test>',
    SUPERADMIN_USERNAME: 'root', SUPERADMIN_PASSWORD: 'root-secret', ...options.env,
  });
  const database = options.database ?? await openTestDatabase(engine, inject('templates'));
  const clock = options.clock ?? new ManualClock();
  const logger = options.logTo ? { level: 'info', stream: options.logTo } : undefined;
  const app = await buildApp({
    config, database, clock, metrics: options.metrics, ...(logger ? { logger } : {}),
    ...(options.pushAgent ? { pushAgent: options.pushAgent } : {}),
  });
  await app.ready();
  const ip = randomIp();
  return {
    app, database, db: database.db, clock, mailbox, config,
    call: (e, input = {}) => request(app, e, input, ip),
    close: async () => {
      await app.close();
      await database.close();
      await mailbox.stop();
    },
  };
}

/** Loopback addresses, so each client has its own per-IP budget. */
export const randomIp = () => `127.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}`;

export async function request(app: App, e: Endpoint, input: CallInput, remoteAddress: string): Promise<Answer> {
  const url = fillPath(e.path, input.params);
  const raw = await app.inject({
    method: e.method,
    url,
    query: input.query ? Object.fromEntries(Object.entries(input.query).map(([k, v]) => [k, String(v)])) : undefined,
    headers: input.headers,
    remoteAddress,
    ...(input.body !== undefined ? { payload: input.body as object } : {}),
  });
  const type = String(raw.headers['content-type'] ?? '');
  return { status: raw.statusCode, body: type.includes('json') ? raw.json() : raw.body, raw };
}

export interface SignedInUser {
  token: string;
  user: SessionUser;
  email: string;
  password: string;
  /** Calls an endpoint with this user's bearer token. */
  call(e: Endpoint, input?: CallInput): Promise<Answer>;
}

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}${++counter}-${randomBytes(3).toString('hex')}@example.test`;
export const strongPassword = 'Sunny-Kitchen-42';

/** Registers (optionally through an invite), verifies by the mailed link, and signs in. */
export async function signUp(
  t: TestApp, input: { name?: string; email?: string; password?: string; inviteToken?: string } = {},
): Promise<SignedInUser> {
  const email = input.email ?? uniqueEmail();
  const password = input.password ?? strongPassword;
  const ip = randomIp();
  const reg = await request(t.app, accounts.register, {
    body: { email, name: input.name ?? 'Test User', password, inviteToken: input.inviteToken ?? null },
  }, ip);
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  const mail = await t.mailbox.waitFor(email, /Verify/);
  const verified = await request(t.app, accounts.verifyEmail, { body: { token: linkToken(mail.text, '/verify-email') } }, ip);
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.status} ${JSON.stringify(verified.body)}`);
  return signIn(t, email, password, ip);
}

/** An app of the test file's own with one member signed up: the admin of a family of their own. */
export async function familyOfOne(
  name = 'Ada', options: TestAppOptions = {},
): Promise<{ t: TestApp; member: SignedInUser; familyId: string }> {
  const t = await createTestApp(options);
  const member = await signUp(t, { name });
  return { t, member, familyId: member.user.familyId! };
}

export async function signIn(t: TestApp, email: string, password: string, ip = randomIp()): Promise<SignedInUser> {
  const login = await request(t.app, accounts.login, { body: { email, password } }, ip);
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  const token: string = login.body.token;
  return {
    token, user: login.body.user, email, password,
    call: (e, input = {}) => request(t.app, e, {
      ...input, headers: { authorization: `Bearer ${token}`, ...input.headers },
    }, ip),
  };
}

export const superadminHeaders = (username = 'root', password = 'root-secret') => ({
  authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
});

/** Counts the statements `work` sends to the database, on either engine (both drivers send each through `query`). */
export async function statementsOf(t: TestApp, work: () => Promise<unknown>): Promise<number> {
  const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const spy = vi.spyOn(client, 'query');
  try {
    await work();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}
