import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PermissionLevel } from '@hearth/contract/permissions';
import * as api from '@hearth/contract/meals';
import { days } from '../../platform/clock.ts';
import { familyMembers, groceryItems, groceryLists, invites } from '../../platform/db/schema.ts';
import { signUp, type SignedInUser, type TestApp } from '../../test/harness.ts';

/**
 * Fixtures for the meal tests. Members and lists are written straight to the database, so
 * these tests do not depend on the family and grocery features' endpoints.
 */

/** Signs up a second member of the admin's family (through an invite), at the given level. */
export async function addMember(t: TestApp, admin: SignedInUser, level: PermissionLevel): Promise<SignedInUser> {
  const familyId = admin.user.familyId!;
  const token = randomBytes(16).toString('hex');
  await t.db.insert(invites).values({
    familyId, token, createdByUserId: admin.user.id, createdAt: t.clock.now(),
    expiresAt: new Date(t.clock.now().getTime() + days(7)),
  });
  const member = await signUp(t, { name: `${level} member`, inviteToken: token });
  await t.db.update(familyMembers).set({ permissionLevel: level }).where(eq(familyMembers.userId, member.user.id));
  return member;
}

export async function createList(t: TestApp, familyId: string, title = 'Groceries'): Promise<string> {
  const [row] = await t.db.insert(groceryLists).values({ familyId, title }).returning({ id: groceryLists.id });
  return row!.id;
}

/** A list's items, top first. */
export async function itemsOf(t: TestApp, listId: string) {
  return t.db.select().from(groceryItems).where(eq(groceryItems.listId, listId)).orderBy(groceryItems.position);
}

export const pancakes = (extra: Record<string, unknown> = {}) => ({
  name: 'Pancakes',
  prepTime: 10,
  totalTime: 25,
  directions: 'Whisk, rest, fry.',
  ingredients: [
    { name: 'Flour', quantity: 2, unit: 'cups' },
    { name: 'Eggs', quantity: 3, unit: null },
    { name: 'Milk', quantity: null, unit: 'cup' },
  ],
  ...extra,
});

export async function createMeal(user: SignedInUser, body: Record<string, unknown> = pancakes()) {
  const res = await user.call(api.createMeal, { body });
  if (res.status !== 201) throw new Error(`create meal: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as api.Meal;
}
