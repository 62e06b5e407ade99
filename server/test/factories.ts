/**
 * The people every feature's tests start from: a founder (a new family's ADMIN) and members who join it at a
 * level. Invites and levels are written straight to the database, so a feature's tests depend on registration
 * only, never on the family feature's endpoints.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PermissionLevel } from '@hearth/contract/permissions';
import { modules } from '../app.ts';
import { days } from '../platform/clock.ts';
import { familyMembers, invites } from '../platform/db/schema.ts';
import type { Deps } from '../platform/deps.ts';
import { Events } from '../platform/events.ts';
import { jobsOf } from '../platform/module.ts';
import { Realtime } from '../platform/realtime.ts';
import { Throttle } from '../platform/throttle.ts';
import { signUp, type SignedInUser, type TestApp } from './harness.ts';

/** A signed-in user with the family record the tests usually need. */
export type Member = SignedInUser & { memberId: string; familyId: string };

export async function memberIdOf(t: TestApp, userId: string): Promise<string> {
  const [row] = await t.db.select({ id: familyMembers.id }).from(familyMembers).where(eq(familyMembers.userId, userId));
  if (!row) throw new Error(`user ${userId} has no member record`);
  return row.id;
}

/** A new family founded by a new user, who is its ADMIN. */
export async function founder(t: TestApp, name = 'Founder'): Promise<Member> {
  const user = await signUp(t, { name });
  return { ...user, memberId: await memberIdOf(t, user.user.id), familyId: user.user.familyId! };
}

/** A new user who joins `admin`'s family through an invite (joining as EDIT), then gets `level`. */
export async function joinFamily(
  t: TestApp, admin: SignedInUser, level: PermissionLevel, name = `${level} member`,
): Promise<Member> {
  const familyId = admin.user.familyId!;
  const token = `test-invite-${randomBytes(12).toString('hex')}`;
  await t.db.insert(invites).values({
    familyId, token, createdByUserId: admin.user.id, createdAt: t.clock.now(),
    expiresAt: new Date(t.clock.now().getTime() + days(7)),
  });
  const user = await signUp(t, { name, inviteToken: token });
  if (level !== 'EDIT') {
    await t.db.update(familyMembers).set({ permissionLevel: level }).where(eq(familyMembers.userId, user.user.id));
  }
  return { ...user, memberId: await memberIdOf(t, user.user.id), familyId };
}

/** What a background job is built from, over the test's database and clock. */
export function testDeps(t: TestApp): Deps {
  const realtime = new Realtime(t.database);
  return {
    config: t.config, database: t.database, db: t.db, clock: t.clock, mailer: { send: async () => {}, close: () => {} },
    throttle: new Throttle(t.db, t.clock), realtime, events: new Events(t.clock, realtime), log: t.app.log,
  };
}

/** Runs one of the app's background jobs once, as the scheduler would. */
export async function runJob(t: TestApp, name: string): Promise<unknown> {
  const job = jobsOf(modules, testDeps(t)).find((candidate) => candidate.name === name);
  if (!job) throw new Error(`no job named ${name}`);
  return job.run();
}
