import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PermissionLevel } from '@hearth/contract/permissions';
import { days } from '../platform/clock.ts';
import { familyMembers, invites } from '../platform/db/schema.ts';
import { signUp, type SignedInUser, type TestApp } from './harness.ts';

/** Fixtures every feature's tests build on. */

/**
 * A new user joining `admin`'s family with `level`. The invite row is written directly so these tests
 * depend only on registration, not on the family feature's endpoints.
 */
export async function joinAs(t: TestApp, admin: SignedInUser, level: PermissionLevel, name = `${level} member`) {
  const token = `test-invite-${randomBytes(12).toString('hex')}`;
  await t.db.insert(invites).values({
    familyId: admin.user.familyId!, token, expiresAt: new Date(t.clock.now().getTime() + days(1)),
  });
  const user = await signUp(t, { name, inviteToken: token });
  if (level !== 'EDIT') {
    await t.db.update(familyMembers).set({ permissionLevel: level }).where(eq(familyMembers.userId, user.user.id));
  }
  return user;
}

