import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { admin as adminOn } from './databases.ts';
import { failedStart, freePort, startServer } from './processes.ts';
import { startPrivatePostgres, type PrivatePostgres } from './private-postgres.ts';

/**
 * Start-up on a PostgreSQL server, as real `server/main.ts` processes: the server's refusals are one line each, and
 * processes started together on an empty database all come up. The shared server (TEST_DATABASE_URL) for what needs
 * no password; a private one for a password.
 */

// Each start is a server process opening (and here migrating) a database: seconds each on a busy 2-core machine.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

const shared = process.env.TEST_DATABASE_URL!;
function sharedUrl(changes: { database?: string; user?: string }): string {
  const url = new URL(shared);
  if (changes.database) url.pathname = `/${changes.database}`;
  if (changes.user) url.username = changes.user;
  return url.toString();
}
const { hostname: host, port: sharedPort } = new URL(shared);
const at = `PostgreSQL at ${host}:${sharedPort || '5432'}`;

const admin = (statement: string) => adminOn(shared, statement);

function oneLine(start: { code: number | null; output: string }): string {
  expect(start.code).toBe(1);
  const lines = start.output.trim().split('\n');
  expect(lines).toHaveLength(1);
  return lines[0]!;
}

let locked: PrivatePostgres;
beforeAll(async () => { locked = await startPrivatePostgres({ password: 'right-password' }); });
afterAll(async () => { await locked.destroy(); });

describe('PostgreSQL refusals at start-up are one line and exit 1', () => {
  it('says the server cannot be reached, the database or the role is missing, or the password is wrong', async () => {
    const nobodyListens = await freePort();
    const missing = `hearth_missing_${randomBytes(4).toString('hex')}`;
    const role = `hearth_nobody_${randomBytes(4).toString('hex')}`;
    const [unreachable, noDatabase, noRole, wrongPassword] = await Promise.all([
      failedStart({ DATABASE_URL: `postgres://postgres@127.0.0.1:${nobodyListens}/hearth` }),
      failedStart({ DATABASE_URL: sharedUrl({ database: missing }) }),
      failedStart({ DATABASE_URL: sharedUrl({ user: role }) }),
      failedStart({ DATABASE_URL: locked.url({ password: 'wrong-password' }) }),
    ]);
    expect(oneLine(unreachable)).toBe(
      `Cannot reach PostgreSQL at 127.0.0.1:${nobodyListens} (ECONNREFUSED): is it running and is DATABASE_URL right?`,
    );
    expect(oneLine(noDatabase)).toBe(`${at} has no database "${missing}": create it (createdb ${missing}) or fix DATABASE_URL.`);
    expect(oneLine(noRole)).toBe(
      `${at} refused role "${role}" (role "${role}" does not exist): fix the user in DATABASE_URL or create the role.`,
    );
    expect(oneLine(wrongPassword)).toBe(
      `PostgreSQL at 127.0.0.1:${locked.port} refused the password of role "postgres": fix the password in DATABASE_URL.`,
    );
    expect(wrongPassword.output).not.toContain('wrong-password');
  });
});

describe('processes started together on an empty database', () => {
  it('all come up and serve, 5 rounds of 3: one migrates, the others wait for it', async () => {
    for (let round = 0; round < 5; round++) {
      const database = `hearth_race_${randomBytes(4).toString('hex')}`;
      await admin(`CREATE DATABASE ${database}`);
      const servers = await Promise.all([0, 1, 2].map(() => startServer({ DATABASE_URL: sharedUrl({ database }) })));
      try {
        await Promise.all(servers.map((server) => server.ready()));
        for (const server of servers) {
          const me = await fetch(`${server.url}/api/me`);
          expect([round, me.status]).toEqual([round, 401]);
        }
      } finally {
        await Promise.all(servers.map((server) => server.stop()));
        await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      }
      expect(servers.map((server) => server.exitCode())).toEqual([0, 0, 0]);
    }
  });
});
