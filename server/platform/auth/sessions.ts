import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { PermissionLevel } from '@hearth/contract/permissions';
import type { Clock } from '../clock.ts';
import { days, hours } from '../clock.ts';
import type { Queryable } from '../db/client.ts';
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

/** Every authenticated request runs this query: built once per database and prepared, not rebuilt each time. */
const sessionLookups = new WeakMap<Queryable, ReturnType<typeof prepareSessionLookup>>();

function prepareSessionLookup(q: Queryable) {
  return q.select({
    sessionId: sessions.id,
    expiresAt: sessions.expiresAt,
    userId: users.id,
    name: users.name,
    email: users.email,
    status: users.status,
    familyId: users.familyId,
    createdAt: users.createdAt,
    memberId: familyMembers.id,
    memberFamilyId: familyMembers.familyId,
    permissionLevel: familyMembers.permissionLevel,
  }).from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(familyMembers, eq(familyMembers.userId, users.id))
    .where(and(
      eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt),
      gt(sessions.expiresAt, sql.placeholder('now')),
    ))
    .limit(1)
    .prepare('resolve_session');
}

/** Resolves a bearer token to its caller, sliding the expiry; null when unknown, expired, revoked or inactive. */
export async function resolveSession(q: Queryable, clock: Clock, token: string): Promise<Caller | null> {
  const now = clock.now();
  let lookup = sessionLookups.get(q);
  if (!lookup) sessionLookups.set(q, (lookup = prepareSessionLookup(q)));
  const rows = await lookup.execute({ tokenHash: hashToken(token), now });
  const row = rows[0];
  if (!row || row.status !== 'ACTIVE') return null;
  if (row.expiresAt.getTime() - now.getTime() < sessionLifetime - extendAfter) {
    await q.update(sessions).set({ expiresAt: new Date(now.getTime() + sessionLifetime) })
      .where(eq(sessions.id, row.sessionId));
  }
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

export async function revokeSession(q: Queryable, clock: Clock, sessionId: string): Promise<void> {
  await q.update(sessions).set({ revokedAt: clock.now() }).where(eq(sessions.id, sessionId));
}

export async function revokeAllSessions(q: Queryable, clock: Clock, userId: string): Promise<void> {
  await q.update(sessions).set({ revokedAt: clock.now() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
