import { afterAll, beforeAll, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { idempotencyHeader } from '@hearth/contract/endpoint';
import * as grocery from '@hearth/contract/grocery';
import { families, familyEvents, idempotencyKeys, users } from '../platform/db/schema.ts';
import { createTestApp, signUp, type TestApp } from './harness.ts';

/**
 * A family's events and a user's idempotency keys refer to them (migration 0025): the database refuses rows of a
 * family or user that is not there, and a family's or user's deletion takes them along.
 */

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const refused = { cause: expect.objectContaining({ code: '23503' }) };

it('refuses an event of a missing family or actor, and a key of a missing user', async () => {
  const ada = await signUp(t, { name: 'Ada' });
  const at = new Date();
  await expect(t.db.insert(familyEvents).values({ familyId: crypto.randomUUID(), type: 'create_list', at }))
    .rejects.toMatchObject(refused);
  await expect(t.db.insert(familyEvents).values({ familyId: ada.user.familyId!, actorId: crypto.randomUUID(), type: 'create_list', at }))
    .rejects.toMatchObject(refused);
  await expect(t.db.insert(idempotencyKeys).values({ userId: crypto.randomUUID(), route: 'POST /api/x', key: 'k', status: 201 }))
    .rejects.toMatchObject(refused);
});

it('takes a family\'s events along with the family, and a user\'s keys along with the user', async () => {
  const bob = await signUp(t, { name: 'Bob' });
  const familyId = bob.user.familyId!;
  const created = await bob.call(grocery.createList, {
    body: { familyId, title: 'Weekly' }, headers: { [idempotencyHeader]: crypto.randomUUID() },
  });
  expect(created.status).toBe(201);
  const eventsOf = async () => (await t.db.select({ n: count() }).from(familyEvents).where(eq(familyEvents.familyId, familyId)))[0]!.n;
  const keysOf = async () => (await t.db.select({ n: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.userId, bob.user.id)))[0]!.n;
  expect(await eventsOf()).toBeGreaterThan(0);
  expect(await keysOf()).toBe(1);
  await t.db.delete(families).where(eq(families.id, familyId));
  expect(await eventsOf()).toBe(0);
  await t.db.delete(users).where(eq(users.id, bob.user.id));
  expect(await keysOf()).toBe(0);
});
