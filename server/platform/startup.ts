import { inspect } from 'node:util';
import { connectFailure, failureCode } from './db/failures.ts';

/** Why the server cannot start, worded for whoever runs it: start-up prints the message alone, as one line. */
export class StartupError extends Error {}

/** What start-up was doing, to word a failure that does not say. */
export interface StartupContext {
  databaseUrl: string | undefined;
  host: string;
  port: number;
}

/**
 * One line saying why start-up failed: the `StartupError`'s message, the database's refusal or the port's. Anything
 * else is unexpected: its message and where it was thrown.
 */
export function startupFailure(error: unknown, context: StartupContext): string {
  if (error instanceof StartupError) return error.message;
  const database = context.databaseUrl ? connectFailure(error, context.databaseUrl) : undefined;
  if (database) return database;
  const where = `port ${context.port} on ${context.host}`;
  switch (failureCode(error)) {
    case 'EADDRINUSE':
      return `Cannot listen on ${where}: it is already in use. Stop the other program or set PORT to a free port.`;
    case 'EACCES':
      return `Cannot listen on ${where}: permission denied (ports below 1024 need privileges). Set PORT to 1024 or above.`;
    case 'EADDRNOTAVAIL':
      return `Cannot listen on ${where}: HOST is not an address of this machine.`;
  }
  if (!(error instanceof Error)) return `Hearth could not start: ${inspect(error, { breakLength: Infinity })}`;
  const at = error.stack?.split('\n').find((line) => line.trimStart().startsWith('at '))?.trim();
  return `Hearth could not start: ${error.message.replace(/\s*\n\s*/g, ' ')}${at ? ` (${at})` : ''}`;
}
