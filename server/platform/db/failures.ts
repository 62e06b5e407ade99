import { userInfo } from 'node:os';

/**
 * What went wrong between the server and its PostgreSQL server: a lost or refused connection (the server restarting,
 * a backend terminated, the network) rather than a statement's own failure. drizzle wraps the driver's error in its
 * own (`cause`); Node reports a failed connection to a name with several addresses as an AggregateError (`errors`).
 */

/** Network failures of a connection, by Node's error code. */
const networkCodes = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is away or going: connection exceptions (class 08), shutdown, a terminated backend,
 * crash recovery, still starting, too many connections.
 */
const unavailableStates = /^(08...|57P0[1-3]|53300)$/;

/** pg's own errors for a connection that died or never came, which carry no code. */
const driverMessages = [
  'Connection terminated', 'timeout exceeded when trying to connect', 'is not queryable',
];

/** The error itself and every error it wraps. */
function* chain(error: unknown, depth = 0): Generator<Error & { code?: unknown }> {
  if (!(error instanceof Error) || depth > 8) return;
  yield error;
  if (error instanceof AggregateError) for (const inner of error.errors) yield* chain(inner, depth + 1);
  yield* chain(error.cause, depth + 1);
}

/** The driver's or the network's code (SQLSTATE or errno name) found in the error's chain. */
export function failureCode(error: unknown): string | undefined {
  for (const e of chain(error)) if (typeof e.code === 'string') return e.code;
  return undefined;
}

/** True when the database could not be reached or the connection was lost: the request may succeed again later. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of chain(error)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (networkCodes.has(code) || unavailableStates.test(code)) return true;
    if (driverMessages.some((m) => e.message.includes(m))) return true;
  }
  return false;
}

/** Where a PostgreSQL URL points, for messages: host, port and database, never the password. */
export function serverOf(url: string): { host: string; port: string; database: string; user: string } {
  const u = new URL(url);
  // As the driver does: without one in the URL, the user is PGUSER's or the OS user's, and the database the user's.
  const user = decodeURIComponent(u.username) || process.env.PGUSER || process.env.USER || userInfo().username;
  return {
    host: u.hostname || 'localhost', port: u.port || '5432', database: decodeURIComponent(u.pathname.slice(1)) || user, user,
  };
}

/**
 * One line telling whoever starts the server why it could not use the PostgreSQL server at `url`, or undefined when
 * the error is not about connecting.
 */
export function connectFailure(error: unknown, url: string): string | undefined {
  const code = failureCode(error);
  const { host, port, database, user } = serverOf(url);
  const at = `PostgreSQL at ${host}:${port}`;
  const reason = [...chain(error)].at(-1)?.message ?? '';
  if (code === '3D000') return `${at} has no database "${database}": create it (createdb ${database}) or fix DATABASE_URL.`;
  if (code === '28P01') return `${at} refused the password of role "${user}": fix the password in DATABASE_URL.`;
  if (code === '28000') return `${at} refused role "${user}" (${reason}): fix the user in DATABASE_URL or create the role.`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `Cannot find the PostgreSQL host "${host}" (${code}): fix DATABASE_URL.`;
  if (isDatabaseUnavailable(error)) {
    return `Cannot reach ${at} (${code ?? reason}): is it running and is DATABASE_URL right?`;
  }
  if (code && /^[0-9A-Z]{5}$/.test(code)) return `${at} refused to start Hearth: ${reason} (SQLSTATE ${code}).`;
  return undefined;
}
