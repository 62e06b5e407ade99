import { and, desc, eq, gt, isNotNull, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { emailTokens, loginCodes, users } from '../../platform/db/schema/accounts.ts';

export type UserRow = typeof users.$inferSelect;
export type TokenPurpose = 'VERIFY_EMAIL' | 'RESET_PASSWORD';

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  const [row] = await q.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function insertUser(
  q: Queryable, values: { email: string; name: string; passwordHash: string; createdAt: Date },
): Promise<UserRow> {
  const [row] = await q.insert(users).values(values).returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

export async function updateUser(q: Queryable, id: string, values: Partial<UserRow>): Promise<void> {
  await q.update(users).set(values).where(eq(users.id, id));
}

export async function insertEmailToken(
  q: Queryable, values: { userId: string; purpose: TokenPurpose; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await q.insert(emailTokens).values(values);
}

/** Marks every unused token of that purpose as used. */
export async function retireEmailTokens(q: Queryable, userId: string, purpose: TokenPurpose, at: Date): Promise<void> {
  await q.update(emailTokens).set({ usedAt: at })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

/** Marks the account's unused tokens of that purpose as used, all but the newest `keep`. */
export async function retireAllButNewest(
  q: Queryable, userId: string, purpose: TokenPurpose, keep: number, at: Date,
): Promise<void> {
  const unused = and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt));
  const newest = q.select({ id: emailTokens.id }).from(emailTokens).where(unused)
    .orderBy(desc(emailTokens.createdAt), desc(emailTokens.id)).limit(keep);
  await q.update(emailTokens).set({ usedAt: at }).where(and(unused, notInArray(emailTokens.id, newest)));
}

/** Consumes a live token: returns its user id, or undefined when unknown, used or expired. */
export async function consumeEmailToken(
  q: Queryable, tokenHash: string, purpose: TokenPurpose, now: Date,
): Promise<string | undefined> {
  const [row] = await q.update(emailTokens).set({ usedAt: now })
    .where(and(
      eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose),
      isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now),
    ))
    .returning({ userId: emailTokens.userId });
  return row?.userId;
}

/** Whether this verification token was used and its account's email is verified. */
export async function usedTokenOfVerifiedUser(q: Queryable, tokenHash: string): Promise<boolean> {
  const rows = await q.select({ id: emailTokens.userId }).from(emailTokens)
    .innerJoin(users, eq(users.id, emailTokens.userId))
    .where(and(
      eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, 'VERIFY_EMAIL'), isNotNull(emailTokens.usedAt),
      isNotNull(users.emailVerifiedAt),
    )).limit(1);
  return rows.length > 0;
}

export async function insertLoginCode(
  q: Queryable, values: { userId: string; codeHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await q.update(loginCodes).set({ usedAt: values.createdAt })
    .where(and(eq(loginCodes.userId, values.userId), isNull(loginCodes.usedAt)));
  await q.insert(loginCodes).values(values);
}

export async function findLiveLoginCode(q: Queryable, userId: string, now: Date, maxFailures: number) {
  const [row] = await q.select().from(loginCodes)
    .where(and(
      eq(loginCodes.userId, userId), isNull(loginCodes.usedAt), gt(loginCodes.expiresAt, now),
      lt(loginCodes.failedAttempts, maxFailures),
    ))
    .orderBy(desc(loginCodes.createdAt)).limit(1);
  return row;
}

/**
 * Counts one try of a code before it is compared, in one conditional statement: parallel guesses can never
 * compare more than `maxTries` times. Undefined when the code is used up.
 */
export async function claimCodeTry(q: Queryable, id: string, maxTries: number) {
  const [row] = await q.update(loginCodes).set({ failedAttempts: sql`${loginCodes.failedAttempts} + 1` })
    .where(and(eq(loginCodes.id, id), isNull(loginCodes.usedAt), lt(loginCodes.failedAttempts, maxTries)))
    .returning();
  return row;
}

/** Marks a code used; false when a parallel request used it first. */
export async function useLoginCode(q: Queryable, id: string, at: Date): Promise<boolean> {
  const rows = await q.update(loginCodes).set({ usedAt: at })
    .where(and(eq(loginCodes.id, id), isNull(loginCodes.usedAt))).returning({ id: loginCodes.id });
  return rows.length > 0;
}

/** Reads a user and locks the row until the transaction ends. */
export async function lockUser(q: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await q.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/** Deletes an account's row (its sessions, tokens and other rows of its own cascade): its email, if there was one. */
export async function deleteUser(q: Queryable, id: string): Promise<string | undefined> {
  const [row] = await q.delete(users).where(eq(users.id, id)).returning({ email: users.email });
  return row?.email;
}

export async function findUserById(q: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await q.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}
