import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { StartupError } from './startup.ts';

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  PGLITE_FSYNC: flag.default(true),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional(),
  DATABASE_DIRECT_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional(),
  PG_PREPARED_STATEMENTS: flag.default(false),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().min(3).default('Hearth <no-reply@hearth.local>'),
  SUPERADMIN_USERNAME: z.string().min(1).optional(),
  SUPERADMIN_PASSWORD: z.string().min(1).optional(),
  REQUIRE_APPROVAL: flag.default(false),
  WEB_DIST: z.string().min(1).optional(),
  TRUST_PROXY: z.string().min(1).optional(),
  AI_BASE_URL: z.url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  GEOCODER_URL: z.url().optional(),
  IMPORT_ALLOW_PRIVATE_HOSTS: flag.default(false),
  WRITES_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).default(7),
  METRICS: flag.default(false),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  // An uncompressed P-256 point (65 bytes) and a private scalar (32 bytes), base64url, as web-push makes them.
  VAPID_PUBLIC_KEY: z.string().refine((v) => base64urlBytes(v) === 65 && v.startsWith('B'), 'must be a base64url P-256 public key (65 bytes)').optional(),
  VAPID_PRIVATE_KEY: z.string().refine((v) => base64urlBytes(v) === 32, 'must be a base64url P-256 private key (32 bytes)').optional(),
  VAPID_SUBJECT: z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL').optional(),
});

function base64urlBytes(value: string): number {
  return /^[A-Za-z0-9_-]+$/.test(value) ? Buffer.from(value, 'base64url').length : -1;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Whether the embedded database syncs its writes to disk; off only for tests, where speed beats surviving a power cut. */
  pgliteFsync: boolean;
  databaseUrl: string | undefined;
  /**
   * The same database reached without a pooler in transaction mode (directly, or through a session-mode pool), for
   * what needs a session of its own: LISTEN and the migration lock. DATABASE_URL when unset.
   */
  databaseDirectUrl: string | undefined;
  /**
   * On a PostgreSQL server, statements sent again run named, parsed once per connection (`pg-statements.ts`). Off by
   * default: a pooler in transaction mode (PgBouncer before 1.21, or without `max_prepared_statements`) hands each
   * transaction whichever server connection is free, where the name is unknown or another statement's.
   */
  pgPreparedStatements: boolean;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  superadmin: { username: string; password: string } | undefined;
  requireApproval: boolean;
  /**
   * Whose X-Forwarded-For to believe: nobody (false), the last `n` hops (a number: only where Hearth's port is
   * reachable through the proxy alone), or peers at these addresses/subnets (proxy-addr's names included).
   */
  trustProxy: TrustProxy;
  /** Folder of the built web app, served with SPA fallback when present. */
  webDist: string | undefined;
  /** A geocoder speaking the Photon API, for address suggestions; none without it. */
  geocoderUrl: string | undefined;
  /** Writes one user may make per minute (429 past it), so one member cannot flood the shared database. */
  writesPerMinute: number;
  /** Lets recipe import fetch loopback and private addresses: for tests that serve pages locally, never in production. */
  importAllowPrivateHosts: boolean;
  /** An OpenAI-compatible chat endpoint for the meal planner; without it the planner answers from its catalogue. */
  ai: AiConfig | undefined;
  /** The daily backup's folder and how many backups it keeps; no daily backup without it. */
  backups: { dir: string; keep: number } | undefined;
  /** Where GET /metrics is served (a listener of its own); no metrics without it. */
  metrics: { port: number; host: string } | undefined;
  /** Web Push: the VAPID key pair given by the environment (otherwise made once and kept in the database), its subject. */
  vapid: { keys: { publicKey: string; privateKey: string } | undefined; subject: string };
}

export interface AiConfig {
  baseUrl: string;
  /** Local servers (Ollama, llama.cpp) need none. */
  apiKey: string | undefined;
  model: string;
  /** Each call's limit; past it the planner answers from its catalogue. */
  timeoutMs: number;
}

export type TrustProxy = false | number | string[];

export class ConfigError extends StartupError {}

/** Reads and validates the environment; a bad value stops start-up with a message naming it. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = Env.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  if (Boolean(e.SUPERADMIN_USERNAME) !== Boolean(e.SUPERADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration: SUPERADMIN_USERNAME and SUPERADMIN_PASSWORD must be set together');
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  if (Boolean(e.AI_BASE_URL) !== Boolean(e.AI_MODEL)) {
    throw new ConfigError('Invalid configuration: AI_BASE_URL and AI_MODEL must be set together');
  }
  if (e.DATABASE_DIRECT_URL && !e.DATABASE_URL) {
    throw new ConfigError('Invalid configuration: DATABASE_DIRECT_URL is set without DATABASE_URL');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    pgliteFsync: e.PGLITE_FSYNC,
    databaseUrl: e.DATABASE_URL,
    databaseDirectUrl: e.DATABASE_DIRECT_URL,
    pgPreparedStatements: e.PG_PREPARED_STATEMENTS,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    superadmin: e.SUPERADMIN_USERNAME && e.SUPERADMIN_PASSWORD
      ? { username: e.SUPERADMIN_USERNAME, password: e.SUPERADMIN_PASSWORD }
      : undefined,
    requireApproval: e.REQUIRE_APPROVAL,
    webDist: e.WEB_DIST,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    geocoderUrl: e.GEOCODER_URL,
    writesPerMinute: e.WRITES_PER_MINUTE,
    importAllowPrivateHosts: e.IMPORT_ALLOW_PRIVATE_HOSTS,
    ai: e.AI_BASE_URL && e.AI_MODEL
      ? { baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY, model: e.AI_MODEL, timeoutMs: e.AI_TIMEOUT_MS }
      : undefined,
    backups: e.BACKUP_DIR ? { dir: e.BACKUP_DIR, keep: e.BACKUP_KEEP } : undefined,
    metrics: e.METRICS ? { port: e.METRICS_PORT, host: e.METRICS_HOST } : undefined,
    vapid: {
      keys: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined,
      subject: e.VAPID_SUBJECT ?? vapidSubjectFrom(e.PUBLIC_URL, e.MAIL_FROM),
    },
  };
}

/** Who push services may contact about this server: its https address, else the mail sender's address. */
function vapidSubjectFrom(publicUrl: string | undefined, mailFrom: string): string {
  if (publicUrl?.startsWith('https://')) return publicUrl;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

/** proxy-addr's names for address ranges. */
const proxyRangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

const trustProxyInstead = 'set the number of proxies in front of Hearth (e.g. 1) or their addresses/subnets '
  + '(e.g. loopback or 10.0.0.0/8) instead; see "Behind a reverse proxy" in the README';
export const trustProxyTrueRefused = 'true would let any client choose its own address with X-Forwarded-For, and so '
  + `escape every per-address limit: ${trustProxyInstead}`;

// Trusting X-Forwarded-For from anyone would let every client pick its own address and escape per-address limits.
function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || value === 'false') return false;
  const refuse = (problem: string) => new ConfigError(`Invalid configuration:\n  TRUST_PROXY: ${problem}`);
  if (value === 'true') throw refuse(trustProxyTrueRefused);
  if (/^\d+$/.test(value)) {
    if (Number(value) < 1) throw refuse('a hop count must be 1 or more (leave TRUST_PROXY unset to trust no proxy)');
    return Number(value);
  }
  const entries = value.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const problem = proxyEntryProblem(entry);
    if (problem) throw refuse(problem);
  }
  return entries;
}

function proxyEntryProblem(entry: string): string | null {
  if (proxyRangeNames.has(entry) || ipaddr.isValid(entry)) return null;
  if (!ipaddr.isValidCIDR(entry)) {
    return `"${entry}" is neither an address, a subnet (address/prefix), nor one of loopback, linklocal, uniquelocal`;
  }
  if (ipaddr.parseCIDR(entry)[1] === 0) return `"${entry}" trusts every address, as true would: ${trustProxyInstead}`;
  return null;
}
