import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, watch } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from '../../server/node-flags.ts';

export const e2ePort = Number(process.env.E2E_PORT ?? 3199);
export const e2eUrl = `http://127.0.0.1:${e2ePort}`;
// Per port, so two runs on one machine (different E2E_PORT) keep their mail apart.
export const mailDir = fileURLToPath(new URL(`../../.tmp/e2e-mail-${e2ePort}`, import.meta.url));
export const superadmin = { username: 'admin', password: 'Super-Secret-1' };
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

// The app with REQUIRE_APPROVAL on, for the approval test: the port below the main app's.
export const approvalPort = e2ePort - 1;

export interface RunningHearth {
  url: string;
  /** Resolves once the server answers; fails if it exits first or takes over 120 s. */
  answering(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the real server (built web app, fresh PGlite folder) without waiting for it. */
export function launchHearth(options: { port: number; smtpUrl: string; env?: Record<string, string> }): RunningHearth {
  const dataDir = mkdtempSync(join(tmpdir(), 'hearth-e2e-'));
  const url = `http://127.0.0.1:${options.port}`;
  const child: ChildProcess = spawn(process.execPath, [...serverNodeFlags, 'server/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env, PORT: String(options.port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '',
      PUBLIC_URL: url, SMTP_URL: options.smtpUrl, SUPERADMIN_USERNAME: superadmin.username,
      SUPERADMIN_PASSWORD: superadmin.password, LOG_LEVEL: 'warn', TRUST_PROXY: 'loopback', ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  return {
    url,
    answering: () => untilAnswering(url, exited),
    stop: async () => {
      if (!exited()) {
        const exit = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exit;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts the real server and waits until it answers; one that does not answer is stopped, not left running. */
export async function startHearth(options: { port: number; smtpUrl: string; env?: Record<string, string> }): Promise<RunningHearth> {
  const app = launchHearth(options);
  await app.answering().catch(async (error: unknown) => {
    await app.stop();
    throw error;
  });
  return app;
}

/** Waits until the server at `url` answers (from any process; `exited` tells when its own child has died). */
export async function untilAnswering(url: string, exited = () => false): Promise<void> {
  // A fresh embedded database starts in ~15 s, and in about a minute on a machine shared by several test runs.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited()) throw new Error(`the server for ${url} exited`);
    try {
      if ((await fetch(`${url}/api/docs/json`)).ok) return;
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within 120 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  at: number;
}

// A caught mail's file never changes once it has its name, so each is read once per worker.
const caught = new Map<string, CaughtMail>();

async function caughtMails(): Promise<CaughtMail[]> {
  const files = (await readdir(mailDir).catch(() => [] as string[])).filter((f) => f.endsWith('.json') && !caught.has(f));
  await Promise.all(files.map(async (f) => caught.set(f, JSON.parse(await readFile(join(mailDir, f), 'utf8')))));
  return [...caught.values()];
}

/** Waits for the newest mail to `to` whose subject matches, caught by the global mail catcher. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 15_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  // Woken by each new file rather than a fixed poll, which added up to 200 ms to every sign-up; the poll stays as
  // a fallback.
  let wake = () => {};
  const watcher = watch(mailDir, () => wake());
  try {
    for (;;) {
      const woken = new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 200);
      });
      const match = (await caughtMails()).filter((m) => m.to === to.toLowerCase() && subject.test(m.subject))
        .sort((a, b) => b.at - a.at)[0];
      if (match) return match;
      if (Date.now() > deadline) throw new Error(`No mail to ${to} matching ${subject}`);
      await woken;
    }
  } finally {
    watcher.close();
  }
}

export function linkIn(text: string, path: string): string {
  const match = new RegExp(`https?://[^\\s]+${path.replace(/[/?]/g, '\\$&')}[^\\s]*`).exec(text);
  if (!match) throw new Error(`No ${path} link in mail:\n${text}`);
  return match[0];
}

let n = 0;
// With the process id, so two workers asking in the same millisecond get different addresses.
export const uniqueEmail = (prefix = 'e2e') => `${prefix}${Date.now().toString(36)}${++n}.${process.pid}@example.test`;
export const password = 'Cozy-Kitchen-42';

/**
 * Headers that make an API call come from a client address of its own (the e2e server trusts loopback
 * proxies), so the per-IP sign-in limits meet each simulated person separately.
 */
export function asOwnClient(): Record<string, string> {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  return { 'x-forwarded-for': `127.${octet()}.${octet()}.${octet()}` };
}
