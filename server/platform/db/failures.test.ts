import { describe, expect, it } from 'vitest';
import { connectFailure, isDatabaseUnavailable } from './failures.ts';

/** Errors as the driver and drizzle make them: a code on the error, or on one it wraps. */
const coded = (code: string, message = code) => Object.assign(new Error(message), { code });
const wrapped = (cause: Error) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause });

describe('telling a lost database from a failed statement', () => {
  it('counts refused, reset and timed-out connections, a server going down and pg\'s own connection errors', () => {
    for (const error of [
      coded('ECONNREFUSED'), wrapped(coded('ECONNRESET')), coded('57P01', 'terminating connection due to administrator command'),
      coded('57P03', 'the database system is starting up'), coded('08006'), coded('53300'),
      new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')]),
      wrapped(new Error('Connection terminated unexpectedly')), new Error('timeout exceeded when trying to connect'),
      wrapped(new Error('Client has encountered a connection error and is not queryable')),
    ]) expect([error.message, isDatabaseUnavailable(error)]).toEqual([error.message, true]);
  });

  it('does not count a statement\'s own failures', () => {
    for (const error of [
      wrapped(coded('23505', 'duplicate key value')), coded('40001'), coded('42P01'), new Error('boom'), 'text', null,
    ]) expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('start-up connection failures', () => {
  const url = 'postgres://hearth:secret@db.example:6543/family';
  it('says what to fix in one line, without the password', () => {
    const lines = [
      connectFailure(wrapped(coded('3D000')), url),
      connectFailure(coded('28P01'), url),
      connectFailure(coded('28000', 'role "hearth" does not exist'), url),
      connectFailure(coded('ENOTFOUND'), url),
      connectFailure(new AggregateError([coded('ECONNREFUSED')], 'connect ECONNREFUSED'), url),
      connectFailure(coded('42501', 'permission denied for schema public'), url),
    ];
    expect(lines).toEqual([
      'PostgreSQL at db.example:6543 has no database "family": create it (createdb family) or fix DATABASE_URL.',
      'PostgreSQL at db.example:6543 refused the password of role "hearth": fix the password in DATABASE_URL.',
      'PostgreSQL at db.example:6543 refused role "hearth" (role "hearth" does not exist): fix the user in DATABASE_URL or create the role.',
      'Cannot find the PostgreSQL host "db.example" (ENOTFOUND): fix DATABASE_URL.',
      'Cannot reach PostgreSQL at db.example:6543 (ECONNREFUSED): is it running and is DATABASE_URL right?',
      'PostgreSQL at db.example:6543 refused to start Hearth: permission denied for schema public (SQLSTATE 42501).',
    ]);
    for (const line of lines) expect(line).not.toContain('secret');
  });

  it('leaves other failures to the caller', () => {
    expect(connectFailure(new Error('something else'), url)).toBeUndefined();
  });
});
