import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PermissionLevel } from '@hearth/contract/permissions';
import type { Clock } from '../clock.ts';
import { days, hours } from '../clock.ts';
import { LookupBatches } from './lookup-batches.ts';
import { rawRows, textArray, type Queryable } from '../db/client.ts';
import { familyMembers, sessions, users } from '../db/schema.ts';
import { hashToken, newToken } from './secrets.ts';

export const sessionLifetime = days(30);
// Extending on every request would write on every read; once an hour keeps expiry sliding.
const extendAfter = hours(1);

/** The signed-in user making a request, with their place in their family. */
export interface Caller {
  sessionId: string;
  userId: string;
  name: string;
  email: string;
  familyId: string | null;
  memberId: string | null;
  permissionLevel: PermissionLevel | null;
  createdAt: Date;
}

export async function createSession(q: Queryable, clock: Clock, userId: string): Promise<string> {
  const token = newToken();
  const now = clock.now();
  await q.insert(sessions).values({
    userId, tokenHash: hashToken(token), createdAt: now, expiresAt: new Date(now.getTime() + sessionLifetime),
  });
  return token;
}

/**
 * A hot read joined to the session lookup's statement, so a request costs no statement of its own (issue #17): an
 * SQL expression of the caller's family id (null unless the user is a member of it) and of the route's params it
 * names. It reads before any permission check: the service still checks the caller, then uses the value.
 */
export interface SessionRead {
  /** Lookups with the same read are answered together. */
  name: string;
  /** The params `expression` reads: the route's, and those `given` adds. */
  params?: string[];
  /** Params of the server's own, from the route's, as the lookup is made (what the server already holds, say). */
  given?: (params: Record<string, unknown>) => Record<string, string>;
  expression: (familyId: SQL, param: (name: string) => SQL) => SQL;
}

/** A session as the lookups read it, the user and their member record joined. */
interface SessionRow {
  sessionId: string;
  expiresAt: Date;
  userId: string;
  name: string;
  email: string;
  status: string;
  familyId: string | null;
  createdAt: Date;
  memberId: string | null;
  memberFamilyId: string | null;
  permissionLevel: PermissionLevel | null;
}

/** The caller of a session found; null unless the user is active. */
function callerOf(row: SessionRow): Caller | null {
  if (row.status !== 'ACTIVE') return null;
  // A member record of another family than the user's (should not happen) grants nothing.
  const member = row.memberId && row.memberFamilyId === row.familyId;
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    name: row.name,
    email: row.email,
    familyId: row.familyId,
    memberId: member ? row.memberId : null,
    permissionLevel: member ? row.permissionLevel : null,
    createdAt: row.createdAt,
  };
}

/** Whether a session's expiry slides now: once an hour at most, so a read rarely writes. */
const slidesNow = (row: SessionRow, now: Date) => row.expiresAt.getTime() - now.getTime() < sessionLifetime - extendAfter;

/** One request's lookup: its token's hash, the route's hot read if any and the params that read names. */
interface Lookup {
  hash: string;
  read?: SessionRead;
  params: Record<string, unknown>;
}

/**
 * Session lookups, run together: the lookups that arrive while one runs are answered by the next statement, one for
 * all of them (`LookupBatches`; one batch per hot read, whose expression runs for each caller in the same statement; two
 * statements of a read at a time, so a PostgreSQL server reads long lists on two connections). Read afresh for every
 * request (nothing is cached), but a burst of 50 requests costs the database a few statements instead of 50: on the
 * embedded engine, whose one thread runs every statement, a statement's own cost was most of an item add's, and most
 * of a list read's.
 */
export class SessionLookups {
  private readonly db: Queryable;
  private readonly clock: Clock;
  // Batched by read (its name is the key), so a read's first lookup names the read of all of them.
  private readonly batches = new LookupBatches<Lookup, { row: SessionRow; read: unknown } | null>(
    (lookups) => readSessions(this.db, this.clock.now(), lookups[0]!.read, lookups), 200,
  );

  constructor(db: Queryable, clock: Clock) {
    this.db = db;
    this.clock = clock;
  }

  /** The token's caller, sliding the expiry; null when unknown, expired, revoked or inactive. */
  async resolve(token: string): Promise<Caller | null> {
    return (await this.resolveWith(token))?.caller ?? null;
  }

  /** `resolve`, answering also `read` for the caller, with the route's `params`. */
  async resolveWith(
    token: string, read?: SessionRead, params: Record<string, unknown> = {},
  ): Promise<{ caller: Caller; read: unknown } | null> {
    const all = read?.given ? { ...params, ...read.given(params) } : params;
    const found = await this.batches.submit(read?.name ?? '', { hash: hashToken(token), read, params: all });
    if (!found) return null;
    const caller = callerOf(found.row);
    if (!caller) return null;
    const now = this.clock.now();
    if (slidesNow(found.row, now)) {
      await this.db.update(sessions).set({ expiresAt: new Date(now.getTime() + sessionLifetime) })
        .where(eq(sessions.id, found.row.sessionId));
    }
    return { caller, read: found.read };
  }
}

/**
 * The session of each lookup, its user and member record joined, and the read's value for its caller (null for a
 * token unknown, revoked or expired at `now`), in one statement.
 */
async function readSessions(
  q: Queryable, now: Date, read: SessionRead | undefined, lookups: Lookup[],
): Promise<({ row: SessionRow; read: unknown } | null)[]> {
  type Row = Omit<SessionRow, 'expiresAt' | 'createdAt'> & { i: number; expiresAt: number; createdAt: number; read: unknown };
  const names = read?.params ?? [];
  const ms = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;
  const param = (name: string) => {
    const index = names.indexOf(name);
    if (index < 0) throw new Error(`the read ${read?.name} names no param ${name}`);
    return sql.raw(`t.p${index}`);
  };
  // Each array through a subquery, so the planner cannot see its length: the prepared statement's one generic plan
  // then serves every batch. Seeing it, the embedded engine planned small batches anew each time, and a lone
  // request's lookup paid for planning every time (docs/performance.md).
  const column = (values: string[]) => sql`(select ${textArray(values)})`;
  // Each distinct lookup once: a burst comes mostly from a few members, often asking for the same thing.
  const keys = lookups.map((l) => JSON.stringify([l.hash, ...names.map((name) => String(l.params[name]))]));
  // Lookups of one key ask the same: any of them stands for the rest.
  const distinct = [...new Map(lookups.map((l, i) => [keys[i]!, l]))];
  const columns = [
    column(distinct.map(([, l]) => l.hash)),
    ...names.map((name) => column(distinct.map(([, l]) => String(l.params[name])))),
  ];
  const memberFamily = sql`case when m.family_id = u.family_id then u.family_id end`;
  // Each token looked up by itself (lateral, limit 1), so every lookup goes by the token's
  // index: joined to the whole array, the planner could hash the sessions table instead, read whole per batch.
  const rows = await rawRows<Row>(q, sql`
    select t.i::int as i, x.* from unnest(${sql.join(columns, sql`, `)})
      with ordinality as t(${sql.raw(['hash', ...names.map((_, i) => `p${i}`)].join(', '))}, i)
    cross join lateral (
      select s.id as "sessionId", ${ms(sql`s.expires_at`)} as "expiresAt", u.id as "userId", u.name, u.email,
        u.status, u.family_id as "familyId", ${ms(sql`u.created_at`)} as "createdAt", m.id as "memberId",
        m.family_id as "memberFamilyId", m.permission_level as "permissionLevel",
        ${read ? read.expression(memberFamily, param) : sql`null`} as read
      from ${sessions} s join ${users} u on u.id = s.user_id left join ${familyMembers} m on m.user_id = u.id
      where s.token_hash = t.hash and s.revoked_at is null
        and s.expires_at > ${now.toISOString()}::timestamptz
      limit 1
    ) x`);
  const found = new Map(rows.map(({ i, expiresAt, createdAt, read: value, ...row }) =>
    [distinct[i - 1]![0], { row: { ...row, expiresAt: new Date(expiresAt), createdAt: new Date(createdAt) }, read: value }]));
  return keys.map((key) => found.get(key) ?? null);
}

export async function revokeSession(q: Queryable, clock: Clock, sessionId: string): Promise<void> {
  await q.update(sessions).set({ revokedAt: clock.now() }).where(eq(sessions.id, sessionId));
}

export async function revokeAllSessions(q: Queryable, clock: Clock, userId: string): Promise<void> {
  await q.update(sessions).set({ revokedAt: clock.now() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
